package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;

/** The start of every answer document: {@code {"schema_version": …, "ok": …}}. */
public final class Documents {
    private Documents() {}

    public static ObjectNode answer(String schemaVersion, boolean ok) {
        ObjectNode doc = Json.object();
        doc.put("schema_version", schemaVersion);
        doc.put("ok", ok);
        return doc;
    }
}
