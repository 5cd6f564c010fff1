package dev.loopx.commands.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import java.util.Objects;

/**
 * What a write means, independent of when it runs: the command name and its normalised
 * arguments. Two writes with the same {@code --operation-id} are the same write only when their
 * intents' SHA-256 digests are equal.
 */
public record Intent(String command, String sha256) {
    public static final Intent NONE = new Intent("", "");

    public Intent {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(sha256, "sha256");
    }

    public static Intent of(String command, ObjectNode arguments) {
        ObjectNode node = Json.object();
        node.put("command", command);
        node.set("arguments", arguments);
        return new Intent(command, CanonicalJson.sha256Hex(node));
    }
}
