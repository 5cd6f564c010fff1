package dev.loopx.cli.global;

import dev.loopx.application.project.ProjectDigests;
import dev.loopx.application.project.ProjectDigests.GoalSummary;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.render.GlobalSummaryAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;

/**
 * {@code loopx global-summary} ({@code loopx_global_summary_v0}): per project and goal the
 * objective, lifecycle, quota state, open counts, open gates, whom it waits on and whether it is
 * terminal.
 */
@Command(
        name = "global-summary",
        description = {
            "A read-only digest of every project in projects.json: per goal the objective, lifecycle,",
            "quota state, open counts, gates, whom it waits on and terminal state. It cannot mutate anything."
        },
        footer = {"", "Example:  loopx global-summary"})
public final class GlobalSummaryCommand extends GlobalCommand<List<GoalSummary>> {
    @Override
    protected List<GoalSummary> read(ScanProjects.Project project, Instant now) {
        return ProjectDigests.summary(project, now);
    }

    @Override
    protected RenderedAnswer answer(Instant now, ScanProjects.Scan<List<GoalSummary>> scan) {
        return new GlobalSummaryAnswer(now, scan);
    }
}
