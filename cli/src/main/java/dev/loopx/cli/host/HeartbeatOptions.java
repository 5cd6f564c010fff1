package dev.loopx.cli.host;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loopx.application.heartbeat.AnswerHeartbeatPrompt;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.ledger.json.Json;
import java.util.List;

/**
 * Validation and rendering shared by {@code heartbeat-prompt} and {@code host codex-app
 * install-plan}: capability and CLI-binary checks (exit 2), and the one place a document holding
 * private paths is printed unredacted.
 */
final class HeartbeatOptions {
    static final String DEFAULT_CLI_BIN = "loopx";

    private HeartbeatOptions() {}

    static List<String> capabilities(List<String> capabilities) {
        capabilities.forEach(c -> IdOptions.requireId("--available-capability", c));
        return AnswerHeartbeatPrompt.requireCapabilities(capabilities);
    }

    /**
     * Prints an answer's document that deliberately keeps local paths (the wrapper's runtime root), only
     * when {@code --private} asked for it: always JSON, with a warning on stderr. Exit 0.
     */
    static int emitPrivate(CliContext context, RenderedAnswer answer) {
        try {
            context.out().println(Json.text(answer.json()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a CLI document did not serialise", e);
        }
        context.out().flush();
        context.err()
                .println("loopx: --private output contains local paths; store it only in the host's private"
                        + " automation store, never in shared logs");
        context.err().flush();
        return 0;
    }
}
