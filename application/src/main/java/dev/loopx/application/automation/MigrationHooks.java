package dev.loopx.application.automation;

import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.store.MigrationHook;
import java.util.Objects;

/**
 * Where a crash test may stop a prompt migration: at the migrator's journal points and at the
 * store's locked-write steps. {@link #NONE} (every caller outside tests) changes nothing; a hook
 * never writes or skips a step itself.
 */
public record MigrationHooks(PromptMigrator.JournalHook journal, MigrationHook store) {
    public static final MigrationHooks NONE = new MigrationHooks(PromptMigrator.JournalHook.NONE, MigrationHook.NONE);

    public MigrationHooks {
        Objects.requireNonNull(journal, "journal");
        Objects.requireNonNull(store, "store");
    }
}
