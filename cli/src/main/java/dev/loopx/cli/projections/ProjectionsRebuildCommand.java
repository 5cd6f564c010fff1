package dev.loopx.cli.projections;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.ProgressLine;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.ProjectionStore;
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
        try (LoopxRuntime runtime = context.openRuntime()) {
            runtime.rebuild(ProgressLine.of(context));
            context.progress(System.lineSeparator());
            ProjectionStore store = runtime.views();
            ObjectNode doc = CliContext.document("loopx_projections_rebuild_v0", true);
            doc.put("events_applied", store.checkpoint().seq());
            doc.put("checkpoint_seq", store.checkpoint().seq());
            doc.put("checkpoint_hash", store.checkpoint().hash());
            doc.put("projection_schema_version", store.schemaVersion());
            doc.put("elapsed_ms", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            return context.emit(doc);
        }
    }
}
