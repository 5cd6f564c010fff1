package dev.loopx.host.codexapp.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;

/**
 * A prepared prompt change of one automation: the exact images of both stores before and after.
 * Everything a migration journal needs to finish ({@code after}) or undo ({@code before}) it; the
 * after image differs from the before image only in the row's {@code prompt} column and the
 * TOML's prompt literal. Immutable.
 */
public record PromptChange(
        String automationId, String oldPrompt, String newPrompt, AutomationImage before, AutomationImage after) {
    public PromptChange {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(oldPrompt, "oldPrompt");
        Objects.requireNonNull(newPrompt, "newPrompt");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        if (!before.automationId().equals(automationId) || !after.automationId().equals(automationId)) {
            throw new IllegalArgumentException("images belong to another automation");
        }
        if (oldPrompt.equals(newPrompt)) {
            throw new IllegalArgumentException("a prompt change must change the prompt");
        }
        if (!before.row().column("prompt").flatMap(RowImage.Column::text).equals(Optional.of(oldPrompt))
                || !after.row().column("prompt").flatMap(RowImage.Column::text).equals(Optional.of(newPrompt))) {
            throw new IllegalArgumentException("the row images do not hold the old and new prompts");
        }
        if (!before.row().differingColumns(after.row(), "prompt").isEmpty()) {
            throw new IllegalArgumentException("a prompt change may change no other column");
        }
    }

    public String oldPromptSha256() {
        return AutomationImage.promptSha256(oldPrompt);
    }

    public String newPromptSha256() {
        return AutomationImage.promptSha256(newPrompt);
    }

    /** Private journal form (holds prompt bodies). */
    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("automation_id", automationId);
        o.put("old_prompt", oldPrompt);
        o.put("new_prompt", newPrompt);
        o.put("old_prompt_sha256", oldPromptSha256());
        o.put("new_prompt_sha256", newPromptSha256());
        o.set("before", before.toJson());
        o.set("after", after.toJson());
        return o;
    }

    public static PromptChange fromJson(JsonNode o) {
        return new PromptChange(
                o.get("automation_id").asText(),
                o.get("old_prompt").asText(),
                o.get("new_prompt").asText(),
                AutomationImage.fromJson(o.get("before")),
                AutomationImage.fromJson(o.get("after")));
    }
}
