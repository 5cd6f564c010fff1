package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.OfflineExecuteRequired;
import dev.loopx.application.automation.StoreUnavailable;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * An {@code automation-prompts} refusal, {@code loopx_automation_prompt_upgrade_v0} with ok=false
 * (SPEC §S12): nothing was written; the error code, what went wrong and what to run. Either the
 * Codex store could not be read ({@link #store}) or a write lacked {@code --offline --execute}
 * ({@link #offline}).
 *
 * <p>Its text is the refusal and its hint.
 */
public record PromptUpgradeRefusalAnswer(String errorCode, String message, String hint) implements RenderedAnswer {
    public PromptUpgradeRefusalAnswer {
        Objects.requireNonNull(errorCode, "errorCode");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(hint, "hint");
    }

    /** A store problem (unsupported schema, missing database…). */
    public static PromptUpgradeRefusalAnswer store(StoreUnavailable p) {
        return new PromptUpgradeRefusalAnswer(
                p.errorCode(),
                p.message(),
                p.errorCode().equals(StoreUnavailable.UNSUPPORTED_SCHEMA)
                        ? "the Codex database has an unsupported schema: update the automation through the App's automation_update"
                        : "check --codex-home (or $CODEX_HOME); loopx automation-prompts plan --help");
    }

    /** {@link OfflineExecuteRequired}: the write needs the App quit and {@code --execute}. */
    public static PromptUpgradeRefusalAnswer offline(String message, String hint) {
        return new PromptUpgradeRefusalAnswer(OfflineExecuteRequired.ERROR_CODE, message, hint);
    }

    @Override
    public boolean ok() {
        return false;
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(PromptUpgradeParts.SCHEMA, false);
        doc.put("writes", false);
        doc.put("error_code", errorCode);
        doc.put("message", message);
        doc.put("hint", hint);
        return doc;
    }

    void text(PrintWriter out) {
        CompactText.refusal(PromptUpgradeParts.SCHEMA, message, errorCode, hint, out);
    }
}
