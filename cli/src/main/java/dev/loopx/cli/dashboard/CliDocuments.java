package dev.loopx.cli.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The dashboard's only source of documents: each answer is one run of a {@code loopx} command in
 * this process (picocli or the quick path → the command → its application service → its
 * renderer → path redaction), exactly as the CLI answers it on stdout with {@code --format json}.
 * Nothing here shapes a document of its own. Runs are serialised: the commands open and close
 * the runtime per call, as separate CLI processes would.
 */
final class CliDocuments {
    /** One command's answer: its exit code and stdout (one JSON document, or JSON lines for replay). */
    record Answer(int exit, String stdout) {
        /** The answer as one document; a non-JSON answer becomes a {@code loopx_error_v0}. */
        ObjectNode document() {
            try {
                JsonNode node = Json.mapper().readTree(stdout);
                if (node instanceof ObjectNode object) {
                    return object;
                }
            } catch (IOException e) {
                // below
            }
            ObjectNode doc = CliContext.document("loopx_error_v0", false);
            doc.put("error_code", "internal_error");
            doc.put("message", "the command did not answer with one JSON document (exit " + exit + ")");
            doc.put("hint", "loopx doctor");
            return doc;
        }

        /** The answer as JSON lines ({@code ledger replay}). */
        ArrayNode lines() {
            ArrayNode array = Json.mapper().createArrayNode();
            for (String line : stdout.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    array.add(Json.mapper().readTree(line));
                } catch (IOException e) {
                    // a line that is not JSON is not an event; the command's error document is one line too
                }
            }
            return array;
        }
    }

    private final CliContext context;

    CliDocuments(CliContext context) {
        this.context = context;
    }

    /** Runs {@code loopx --format json [--runtime-root=ROOT] ARGS…}; {@code runtimeRoot} may be null (home-wide commands). */
    synchronized Answer run(Path runtimeRoot, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add("--format=json");
        if (runtimeRoot != null) {
            argv.add("--runtime-root=" + runtimeRoot);
        }
        argv.addAll(List.of(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit;
        try (PrintWriter o = new PrintWriter(out, true);
                PrintWriter e = new PrintWriter(err, true)) {
            exit = context.runner().run(argv.toArray(String[]::new), o, e, context.environment());
        }
        return new Answer(exit, out.toString());
    }
}
