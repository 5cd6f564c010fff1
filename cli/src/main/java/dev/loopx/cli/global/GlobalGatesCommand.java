package dev.loopx.cli.global;

import dev.loopx.application.project.ProjectDigests;
import dev.loopx.application.project.ProjectDigests.GoalGate;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.render.GlobalGatesAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code loopx global-gates} ({@code loopx_global_gates_v0}): every open user gate of every project, with its question. */
@Command(
        name = "global-gates",
        description = {
            "Every open owner gate across the projects in projects.json, with its question and scope.",
            "Read-only: it cannot approve anything (use loopx todo complete in the project)."
        },
        footer = {"", "Example:  loopx global-gates"})
public final class GlobalGatesCommand extends GlobalCommand<List<GoalGate>> {
    @Override
    protected List<GoalGate> read(ScanProjects.Project project, Instant now) {
        return ProjectDigests.gates(project);
    }

    @Override
    protected RenderedAnswer answer(Instant now, ScanProjects.Scan<List<GoalGate>> scan) {
        return new GlobalGatesAnswer(now, scan);
    }
}
