package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/**
 * The one place a CLI document becomes text for a person (SPEC §S0: text on a terminal): the
 * designed view of its {@code schema_version} — the answer first, then a compact table or list —
 * or the compact form every other document gets. With {@code --verbose} the full outline of the
 * document follows under {@code details:}. {@code demo} shows each step with these same views, so
 * what the tour prints is what the real commands print. Pure: writes only to {@code out}.
 */
public final class TextViews {
    private TextViews() {}

    public static void render(JsonNode doc, PrintWriter out, boolean verbose) {
        view(doc, out);
        if (verbose) {
            details(doc, out);
        }
    }

    /** The designed view alone (what {@code demo} shows under each step). */
    public static void view(JsonNode d, PrintWriter out) {
        switch (d.path("schema_version").asText()) {
            default -> CompactText.render(d, out);
        }
    }

    /** Every fact of the document, as an outline under {@code details:}. */
    public static void details(JsonNode doc, PrintWriter out) {
        out.println("details:");
        Outline.render(doc, out, 1);
    }
}
