package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.GoalRisks;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * {@code loopx global-risks} ({@code loopx_global_risks_v0}): per project the goals' risks
 * ({@link GoalRisks}) and a cheap ledger check: the committed head marker against the views'
 * checkpoint. A full {@code ledger verify} is not run here ({@code full_verify: skipped}); a
 * missing or pending marker is reported as risk {@code ledger_head_unconfirmed}.
 */
@Command(name = "global-risks",
        description = {"Risks across the projects in projects.json: stopped, paused or throttled goals, autonomy",
            "blockers, acceptance gaps, replans, waiting gates, and a cheap ledger head check (the full",
            "verify is skipped: run loopx ledger verify in the project). Read-only."},
        footer = {"", "Example:  loopx global-risks"})
public final class GlobalRisksCommand extends GlobalCommand {
    @Override
    protected String schemaVersion() {
        return "loopx_global_risks_v0";
    }

    @Override
    protected void read(ProjectScan.Project project, ObjectNode into, CliContext context) {
        Optional<Head> marker = new HeadMarker(project.runtime().root()).committed();
        Head checkpoint = project.runtime().views().checkpoint();
        boolean confirmed = marker.isPresent() && marker.get().equals(checkpoint);
        ObjectNode check = into.putObject("ledger_check");
        check.put("method", "head_marker");
        check.put("head_seq", checkpoint.seq());
        check.put("head_marker", confirmed ? "matches_views" : marker.isPresent() ? "differs_from_views" : "missing_or_pending");
        check.put("full_verify", "skipped");
        ArrayNode risks = into.putArray("risks");
        if (!confirmed) {
            risks.add(GoalRisks.risk("", "ledger_head_unconfirmed",
                    "the head marker does not confirm the views' checkpoint; run loopx ledger verify in this project"));
        }
        for (GoalState s : project.goals()) {
            GoalRisks.of(s, context.now()).forEach(risks::add);
        }
    }

    @Override
    protected void totals(ObjectNode doc, ProjectScan.Result result) {
        doc.put("risk_count", result.projects().stream().mapToInt(p -> p.path("risks").size()).sum());
    }
}
