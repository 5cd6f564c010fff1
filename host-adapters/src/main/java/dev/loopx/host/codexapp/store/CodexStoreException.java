package dev.loopx.host.codexapp.store;

/**
 * An I/O or SQLite failure while reading or writing the Codex stores (exit 3 territory), or a
 * {@link MigrationHook} that threw a checked exception. A write that fails this way has been
 * undone as far as possible before this is thrown; whatever could not be undone is left for
 * {@link CodexAutomationStore#converge} with the recorded images.
 */
public final class CodexStoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CodexStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
