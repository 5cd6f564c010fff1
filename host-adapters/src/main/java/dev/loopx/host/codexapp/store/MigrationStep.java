package dev.loopx.host.codexapp.store;

/**
 * The points inside a locked write ({@link CodexAutomationStore#apply} and
 * {@link CodexAutomationStore#converge}) at which a {@link MigrationHook} runs, in order. At every
 * step the SQLite writer lock is held; before {@link #AFTER_COMMIT} nothing is committed.
 */
public enum MigrationStep {
    /** Lock held, both stores re-read and equal to the expected image; nothing written yet. */
    BEFORE_SQLITE_UPDATE,
    /** The row is updated inside the open transaction; the TOML is not yet replaced. */
    AFTER_SQLITE_UPDATE,
    /** The TOML is replaced (durably renamed); the SQLite transaction is still open. */
    AFTER_TOML_REPLACE,
    /** The row has been read back; the TOML has not yet been read back. */
    DURING_READBACK,
    /** The transaction is committed and the lock released. */
    AFTER_COMMIT
}
