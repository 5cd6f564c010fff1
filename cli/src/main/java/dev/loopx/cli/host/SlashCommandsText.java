package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/** The text view of {@code slash-commands --install|--uninstall|--inspect}: the host files, as a list (the catalog's view is in {@code TextViews}). */
final class SlashCommandsText {
    private SlashCommandsText() {}

    static void install(JsonNode doc, PrintWriter out) {
        out.println("slash-commands --" + doc.path("action").asText()
                + (doc.path("dry_run").asBoolean() ? " (dry run: nothing written)" : "")
                + (doc.path("ok").asBoolean()
                        ? ""
                        : "  [" + doc.path("error_code").asText() + "]"));
        for (JsonNode b : doc.path("blockers")) {
            out.println("  blocker " + b.path("code").asText() + ": "
                    + b.path("message").asText());
            out.println("          fix: " + b.path("fix").asText());
        }
        for (JsonNode f : doc.path("files")) {
            out.printf(
                    "  %-26s %-12s %s/%s%n",
                    f.path("status").asText(),
                    f.path("surface").asText(),
                    f.path("home").asText(),
                    f.path("path").asText());
            if (f.has("manual_step")) {
                out.println("      " + f.path("manual_step").asText());
            }
        }
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
