package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ProjectDigests;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.support.CliContext;
import java.util.List;
import picocli.CommandLine.Command;

/**
 * {@code loopx global-risks} ({@code loopx_global_risks_v0}): per project the goals' risks
 * ({@link ProjectDigests#risks}) and a cheap ledger check: the committed head marker against the views'
 * checkpoint. A full {@code ledger verify} is not run here ({@code full_verify: skipped}); a
 * missing or pending marker is reported as risk {@code ledger_head_unconfirmed}.
 */
@Command(
        name = "global-risks",
        description = {
            "Risks across the projects in projects.json: stopped, paused or throttled goals, autonomy",
            "blockers, acceptance gaps, replans, waiting gates, and a cheap ledger head check (the full",
            "verify is skipped: run loopx ledger verify in the project). Read-only."
        },
        footer = {"", "Example:  loopx global-risks"})
public final class GlobalRisksCommand extends GlobalCommand {
    @Override
    protected String schemaVersion() {
        return "loopx_global_risks_v0";
    }

    @Override
    protected void read(ScanProjects.Project project, ObjectNode into, CliContext context) {
        ObjectNode check = into.putObject("ledger_check");
        check.put("method", "head_marker");
        check.put("head_seq", project.ledgerCheck().headSeq());
        check.put("head_marker", project.ledgerCheck().state().wire());
        check.put("full_verify", "skipped");
        ArrayNode risks = into.putArray("risks");
        ProjectDigests.risks(project, context.now())
                .forEach(r -> risks.addObject()
                        .put("goal_id", r.goalId())
                        .put("kind", r.kind())
                        .put("detail", r.detail()));
    }

    @Override
    protected void totals(ObjectNode doc, List<ObjectNode> projects) {
        doc.put(
                "risk_count",
                projects.stream().mapToInt(p -> p.path("risks").size()).sum());
    }
}
