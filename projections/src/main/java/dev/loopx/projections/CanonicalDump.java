package dev.loopx.projections;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.view.OperationIndex;
import java.util.function.Consumer;

/**
 * The text of {@link ProjectionStore#canonicalDump}, the same for every store that holds the same
 * views: one canonical JSON document ({@link CanonicalJson}: keys sorted, one number form) and a
 * newline, holding dump format {@value #FORMAT}, the store's schema version, its checkpoint and
 * every document as {@code views.<view>.<key>} — the idempotency index as documents of view
 * {@link OperationIndex#VIEW}, wherever the store keeps it.
 */
public final class CanonicalDump {
    public static final String FORMAT = "loopx_projection_dump_v0";

    private CanonicalDump() {}

    /** {@code views} fills the object of views (view name → key → document). */
    public static String of(int schemaVersion, Head checkpoint, Consumer<ObjectNode> views) {
        ObjectNode dump = Json.object();
        dump.put("schema_version", FORMAT);
        dump.put("projection_schema_version", schemaVersion);
        ObjectNode cp = dump.putObject("checkpoint");
        cp.put("seq", checkpoint.seq());
        cp.put("hash", checkpoint.hash());
        views.accept(dump.putObject("views"));
        return CanonicalJson.string(dump) + "\n";
    }
}
