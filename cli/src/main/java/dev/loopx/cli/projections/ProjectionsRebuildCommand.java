package dev.loopx.cli.projections;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.RebuildProjections;
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
        ObjectNode doc = CliContext.document("loopx_projections_rebuild_v0", true);
        doc.put("events_applied", rebuilt.checkpoint().seq());
        doc.put("checkpoint_seq", rebuilt.checkpoint().seq());
        doc.put("checkpoint_hash", rebuilt.checkpoint().hash());
        doc.put("projection_schema_version", rebuilt.schemaVersion());
        doc.put("elapsed_ms", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        return context.emit(doc);
    }
}
