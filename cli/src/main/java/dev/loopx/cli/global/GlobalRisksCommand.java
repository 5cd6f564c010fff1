package dev.loopx.cli.global;

import dev.loopx.application.project.ProjectDigests;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.render.GlobalRisksAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import java.time.Instant;
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
public final class GlobalRisksCommand extends GlobalCommand<GlobalRisksAnswer.ProjectRisks> {
    @Override
    protected GlobalRisksAnswer.ProjectRisks read(ScanProjects.Project project, Instant now) {
        return new GlobalRisksAnswer.ProjectRisks(project.ledgerCheck(), ProjectDigests.risks(project, now));
    }

    @Override
    protected RenderedAnswer answer(Instant now, ScanProjects.Scan<GlobalRisksAnswer.ProjectRisks> scan) {
        return new GlobalRisksAnswer(now, scan);
    }
}
