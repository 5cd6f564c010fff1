package dev.loopx.host.codexapp.store;

/**
 * What {@link CodexAutomationStore#converge} did.
 *
 * @param target       the image both stores now hold
 * @param rowWritten   the SQLite prompt was changed by this call
 * @param tomlWritten  the TOML file was replaced by this call
 */
public record ConvergeOutcome(CodexAutomationStore.Target target, boolean rowWritten, boolean tomlWritten) {
    /** Both stores already held the target: nothing was written (idempotent repeat). */
    public boolean alreadyThere() {
        return !rowWritten && !tomlWritten;
    }
}
