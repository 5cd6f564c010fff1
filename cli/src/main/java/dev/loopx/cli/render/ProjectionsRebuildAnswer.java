package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.RebuildProjections;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx projections rebuild}'s answer, {@code loopx_projections_rebuild_v0}: the events
 * folded, the checkpoint the fresh store holds, its schema version and how long it took.
 *
 * @param elapsedMs the rebuild's wall time, in milliseconds
 */
public record ProjectionsRebuildAnswer(RebuildProjections.Rebuilt rebuilt, long elapsedMs) implements RenderedAnswer {
    public ProjectionsRebuildAnswer {
        Objects.requireNonNull(rebuilt, "rebuilt");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_projections_rebuild_v0", true);
        doc.put("events_applied", rebuilt.checkpoint().seq());
        doc.put("checkpoint_seq", rebuilt.checkpoint().seq());
        doc.put("checkpoint_hash", rebuilt.checkpoint().hash());
        doc.put("projection_schema_version", rebuilt.schemaVersion());
        doc.put("elapsed_ms", elapsedMs);
        return doc;
    }

    void text(PrintWriter out) {
        out.println("projections rebuilt from "
                + Words.count(rebuilt.checkpoint().seq(), "event") + " in " + elapsedMs + " ms");
        new Lines(out)
                .add(
                        "checkpoint",
                        "seq " + rebuilt.checkpoint().seq() + " · hash "
                                + Words.shortHash(rebuilt.checkpoint().hash()))
                .add("schema", "v" + rebuilt.schemaVersion())
                .print();
    }
}
