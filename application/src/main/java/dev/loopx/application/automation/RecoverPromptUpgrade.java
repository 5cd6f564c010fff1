package dev.loopx.application.automation;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.MigrationJournal;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.MigrationHook;
import io.vavr.control.Either;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Use cases "finish" (recover) and "undo" (rollback) one automation's prompt migration (SPEC
 * §S12), both from its private migration journal and with the Codex home the journal recorded.
 * recover moves both stores to the recorded after image; rollback to the before image (byte for
 * byte) and is {@code refused} with {@code changed_since_migration} when either store holds
 * anything else. Both are idempotent, write only when the caller confirms the App is quit and asks
 * to write ({@link OfflineExecuteRequired}), and record {@code prompt_migration.recovered|rolled_back}.
 */
public final class RecoverPromptUpgrade {
    /** Several Codex homes have a journal for the id and none was named with {@code --codex-home}. */
    public static final String AMBIGUOUS_CODEX_HOME = "ambiguous_codex_home";

    private RecoverPromptUpgrade() {}

    /**
     * @param automationId a valid id (checked by the adapter)
     * @param codexHome the {@code --codex-home} value, {@code null} when not given: then the only
     *     Codex home with a journal for the id (refused as {@code ambiguous_codex_home} when several have one)
     */
    public record Request(String automationId, String codexHome, boolean rollback, boolean offline, boolean execute) {
        public Request {
            Objects.requireNonNull(automationId, "automationId");
        }
    }

    /** The automation's result ({@code refused} when it could not proceed; see its reason) and the ledger's receipts. */
    public record Recovered(MigrationResult result, List<RecordedMigration> recorded) {
        public Recovered {
            Objects.requireNonNull(result, "result");
            recorded = List.copyOf(recorded);
        }

        public boolean ok() {
            return !result.result().equals("refused");
        }
    }

    public static Either<OfflineExecuteRequired, Recovered> run(Invocation invocation, Request r) {
        if (!r.offline() || !r.execute()) {
            return Either.left(new OfflineExecuteRequired());
        }
        CodexHome codexHome;
        if (r.codexHome() != null) {
            codexHome = AppLanes.codexHome(invocation, r.codexHome());
        } else {
            List<String> homes =
                    MigrationJournal.homesWithJournal(Path.of(AppLanes.runtimeRoot(invocation)), r.automationId());
            if (homes.size() > 1) {
                return Either.right(
                        new Recovered(MigrationResult.refused(r.automationId(), AMBIGUOUS_CODEX_HOME), List.of()));
            }
            // without a journal the migrator answers no_journal before it touches a store
            codexHome = new CodexHome(
                    Path.of(homes.isEmpty() ? AppLanes.runtimeRoot(invocation) : homes.get(0)), CodexHome.Source.FLAG);
        }
        PromptMigrator migrator = AppLanes.migrator(invocation, codexHome, AppLanes.journal(invocation, codexHome));
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            MigrationRecords records = new MigrationRecords(invocation, runtime, codexHome);
            PromptMigrator.Result result = r.rollback()
                    ? migrator.rollback(r.automationId(), records, MigrationHook.NONE)
                    : migrator.recover(r.automationId(), records, MigrationHook.NONE);
            return Either.right(new Recovered(MigrationResult.of(result), records.recorded()));
        }
    }
}
