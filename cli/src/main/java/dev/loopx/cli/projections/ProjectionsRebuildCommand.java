package dev.loopx.cli.projections;

import dev.loopx.application.ledger.RebuildProjections;
import dev.loopx.cli.render.ProjectionsRebuildAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.ProgressLine;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;

@Command(
        name = "rebuild",
        description = {
            "Rebuild every read model from the ledger into a fresh store that replaces the old one",
            "when complete (offline: holds the write lock). Shows progress on a terminal."
        })
public final class ProjectionsRebuildCommand extends LoopxSubcommand {
    @Override
    protected int execute(CliContext context) {
        long start = System.nanoTime();
        RebuildProjections.Rebuilt rebuilt = RebuildProjections.run(context.invocation(), ProgressLine.of(context));
        context.progress(""); // erased: the answer says how long it took
        return context.emit(
                new ProjectionsRebuildAnswer(rebuilt, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)));
    }
}
