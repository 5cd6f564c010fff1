package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/** Text views of {@code slash-commands}: the catalog as a Markdown table, install results as a file list. */
final class SlashCommandsText {
    private SlashCommandsText() {}

    static void catalog(JsonNode doc, PrintWriter out) {
        out.println(
                "LoopX slash commands (prefix " + doc.path("canonical_prefix").asText() + "; unknown commands: "
                        + doc.path("unknown_command_policy").asText() + ")");
        out.println();
        out.println("| command | scope | intent | mutation policy | CLI | legacy aliases |");
        out.println("|---|---|---|---|---|---|");
        for (JsonNode c : doc.path("commands")) {
            StringBuilder aliases = new StringBuilder();
            for (JsonNode a : c.path("legacy_aliases")) {
                aliases.append(aliases.isEmpty() ? "" : ", ")
                        .append('`')
                        .append(a.asText())
                        .append('`');
            }
            out.println("| `" + cell(c.path("command").asText()) + "` | "
                    + c.path("scope").asText() + " | "
                    + c.path("intent").asText() + " | "
                    + c.path("mutation_policy").asText() + " | `"
                    + cell(c.path("cli_reference").asText()) + "` | " + aliases + " |");
        }
    }

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
