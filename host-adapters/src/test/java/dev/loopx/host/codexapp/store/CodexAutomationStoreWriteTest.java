package dev.loopx.host.codexapp.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.host.codexapp.fixture.CodexHomeFixture;
import dev.loopx.host.codexapp.fixture.FixturePrompts;
import dev.loopx.ledger.files.AtomicReplace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The locked write primitives on a real generated Codex home: apply, converge (restore/finish), faults, locking. */
class CodexAutomationStoreWriteTest {
    private static final String NEW_PROMPT = FixturePrompts.currentWrapper();

    @TempDir
    Path tmp;

    Path home;
    Path db;
    CodexAutomationStore store;

    @BeforeEach
    void generate() throws Exception {
        home = tmp.resolve("codex-home");
        CodexHomeFixture.generate(home);
        db = home.resolve("sqlite/codex-dev.db");
        store = new CodexAutomationStore(new CodexHome(home, CodexHome.Source.FLAG), 200);
    }

    private Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = 0");
        }
        return c;
    }

    private void sql(String statement) throws SQLException {
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    private Path toml(String id) {
        return home.resolve("automations").resolve(id).resolve("automation.toml");
    }

    @Test
    void applyChangesOnlyThePromptCellOfOneRowAndThePromptLiteralOfOneFile() throws Exception {
        StoreState before = StoreState.of(home);
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, NEW_PROMPT).get();
        assertSame(change, store.apply(change, MigrationHook.NONE).get());
        StoreState after = StoreState.of(home);

        Map<String, List<String>> expectedTables = new LinkedHashMap<>(before.tables());
        List<String> rows = new ArrayList<>(before.tables().get("automations"));
        String oldCell = "prompt=TEXT:" + hex(FixturePrompts.olderWrapper());
        int changed = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).contains("id=TEXT:" + hex(CodexHomeFixture.OLDER) + " |")) {
                assertTrue(rows.get(i).contains(oldCell));
                rows.set(i, rows.get(i).replace(oldCell, "prompt=TEXT:" + hex(NEW_PROMPT)));
                changed++;
            }
        }
        assertEquals(1, changed);
        expectedTables.put("automations", rows);
        assertEquals(expectedTables, after.tables(), "every other column, row and table (and the schema) is preserved");

        Map<String, String> expectedFiles = new LinkedHashMap<>(before.files());
        String path = "automations/" + CodexHomeFixture.OLDER + "/automation.toml";
        expectedFiles.put(path, HexFormat.of().formatHex(change.after().toml().orElseThrow()));
        assertEquals(expectedFiles, after.files(), "every other file is preserved");
        String oldToml = before.toml(CodexHomeFixture.OLDER);
        String newToml = after.toml(CodexHomeFixture.OLDER);
        int start = oldToml.indexOf("prompt = '''");
        int end = oldToml.indexOf("'''", start + "prompt = '''".length()) + 3;
        assertEquals(oldToml.substring(0, start), newToml.substring(0, start), "TOML before the prompt value");
        assertTrue(newToml.endsWith(oldToml.substring(end)), "TOML after the prompt value");

        AutomationPair pair =
                ((CrossStoreRead.Consistent) store.read(CodexHomeFixture.OLDER).get()).pair();
        assertEquals(NEW_PROMPT, pair.prompt());
        assertEquals(change.after().sourceSha256(), pair.sourceSha256());
    }

    @Test
    void aMultiLinePromptWithTomlLookingLinesIsReplacedWholeInBothStores() throws Exception {
        PromptChange change =
                store.prepare(CodexHomeFixture.MULTILINE, NEW_PROMPT).get();
        store.apply(change, MigrationHook.NONE).get();
        AutomationPair pair = ((CrossStoreRead.Consistent)
                        store.read(CodexHomeFixture.MULTILINE).get())
                .pair();
        assertEquals(NEW_PROMPT, pair.prompt());
        String text = Files.readString(toml(CodexHomeFixture.MULTILINE));
        assertFalse(text.contains("this line is not the prompt key"), text);
        assertTrue(text.contains("prompt = \"a table key named prompt is not the automation prompt\""), text);
    }

    @Test
    void restoringTheBeforeImageIsByteIdenticalAndIdempotent() throws Exception {
        StoreState before = StoreState.of(home);
        byte[] tomlBefore = Files.readAllBytes(toml(CodexHomeFixture.CUSTOM));
        PromptChange change = store.prepare(CodexHomeFixture.CUSTOM, NEW_PROMPT).get();
        store.apply(change, MigrationHook.NONE).get();
        StoreState applied = StoreState.of(home);
        assertNotEquals(before, applied);

        ConvergeOutcome undone = store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                .get();
        assertTrue(undone.rowWritten() && undone.tomlWritten());
        assertEquals(before, StoreState.of(home));
        assertArrayEquals(tomlBefore, Files.readAllBytes(toml(CodexHomeFixture.CUSTOM)));
        assertTrue(store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                .get()
                .alreadyThere());
        assertEquals(before, StoreState.of(home));

        assertFalse(store.converge(change, CodexAutomationStore.Target.AFTER, MigrationHook.NONE)
                .get()
                .alreadyThere());
        assertEquals(applied, StoreState.of(home), "finishing forward reaches exactly the applied state");
    }

    @Test
    void restoreRefusesWhenEitherStoreChangedAfterTheMigration() throws Exception {
        PromptChange change = store.prepare(CodexHomeFixture.CUSTOM, NEW_PROMPT).get();
        store.apply(change, MigrationHook.NONE).get();
        sql("UPDATE automations SET next_run_at = next_run_at + 60000 WHERE id = '" + CodexHomeFixture.CUSTOM + "'");
        StoreState changedByApp = StoreState.of(home);
        StoreProblem p = store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                .getLeft();
        assertEquals(StoreProblem.Code.CHANGED_SINCE_MIGRATION, p.code());
        assertEquals(changedByApp, StoreState.of(home));

        sql("UPDATE automations SET next_run_at = next_run_at - 60000 WHERE id = '" + CodexHomeFixture.CUSTOM + "'");
        Files.writeString(
                toml(CodexHomeFixture.CUSTOM),
                Files.readString(toml(CodexHomeFixture.CUSTOM)) + "# edited in the App\n");
        StoreState tomlEdited = StoreState.of(home);
        assertEquals(
                StoreProblem.Code.CHANGED_SINCE_MIGRATION,
                store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                        .getLeft()
                        .code());
        assertEquals(tomlEdited, StoreState.of(home));
    }

    @Test
    void aPromptChangedUnderneathIsACasConflictAndNothingIsWritten() throws Exception {
        PromptChange change = store.prepare(CodexHomeFixture.CUSTOM, NEW_PROMPT).get();
        sql("UPDATE automations SET prompt = 'edited by the user' WHERE id = '" + CodexHomeFixture.CUSTOM + "'");
        StoreState edited = StoreState.of(home);
        assertEquals(
                StoreProblem.Code.CAS_CONFLICT,
                store.apply(change, MigrationHook.NONE).getLeft().code());
        assertEquals(edited, StoreState.of(home));
    }

    @Test
    void theCompareAndSwapUpdateMatchesOnlyTheExactOldPrompt() throws Exception {
        try (AutomationTable t = AutomationTable.open(db, false, 0).get()) {
            assertEquals(0, t.casUpdatePrompt(CodexHomeFixture.CUSTOM, FixturePrompts.customPrompt() + " ", "x"));
            assertEquals(
                    0,
                    t.casUpdatePrompt(
                            CodexHomeFixture.CUSTOM,
                            FixturePrompts.customPrompt().toUpperCase(),
                            "x"));
            assertEquals(0, t.casUpdatePrompt("CUSTOM-HEARTBEAT", FixturePrompts.customPrompt(), "x"));
            assertEquals(1, t.casUpdatePrompt(CodexHomeFixture.CUSTOM, FixturePrompts.customPrompt(), "x"));
        }
    }

    @Test
    void anyOtherChangeSincePreparingIsSourceChangedAndNothingIsWritten() throws Exception {
        PromptChange change = store.prepare(CodexHomeFixture.CUSTOM, NEW_PROMPT).get();
        Files.writeString(
                toml(CodexHomeFixture.CUSTOM), Files.readString(toml(CodexHomeFixture.CUSTOM)) + "# new comment\n");
        StoreState edited = StoreState.of(home);
        assertEquals(
                StoreProblem.Code.SOURCE_CHANGED,
                store.apply(change, MigrationHook.NONE).getLeft().code());
        assertEquals(edited, StoreState.of(home));
    }

    @Test
    void blockedOrUnchangedAutomationsCannotBePrepared() {
        for (String id : List.of(
                CodexHomeFixture.CRON,
                CodexHomeFixture.DELETED,
                CodexHomeFixture.DIVERGENT,
                CodexHomeFixture.TOML_MISSING)) {
            StoreProblem p = store.prepare(id, NEW_PROMPT).getLeft();
            assertEquals(StoreProblem.Code.BLOCKED, p.code(), id);
        }
        assertEquals(
                StoreProblem.Code.PROMPT_UNCHANGED,
                store.prepare(CodexHomeFixture.CURRENT, NEW_PROMPT).getLeft().code());
    }

    /** A hook that fails at one step. */
    private static MigrationHook failAt(MigrationStep failing) {
        return (step, id) -> {
            if (step == failing) {
                throw new IllegalStateException("injected failure at " + step);
            }
        };
    }

    @ParameterizedTest
    @EnumSource(value = MigrationStep.class, names = "AFTER_COMMIT", mode = EnumSource.Mode.EXCLUDE)
    void aFailureAtAnyStepBeforeTheCommitLeavesBothStoresAsTheyWere(MigrationStep step) throws Exception {
        StoreState before = StoreState.of(home);
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, NEW_PROMPT).get();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> store.apply(change, failAt(step)));
        assertTrue(e.getMessage().contains(step.name()));
        assertEquals(before, StoreState.of(home));
        assertTrue(store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                .get()
                .alreadyThere());
        store.apply(change, MigrationHook.NONE).get();
        assertEquals(
                NEW_PROMPT,
                ((CrossStoreRead.Consistent) store.read(CodexHomeFixture.OLDER).get())
                        .pair()
                        .prompt());
    }

    @ParameterizedTest
    @EnumSource(value = MigrationStep.class, names = "AFTER_COMMIT", mode = EnumSource.Mode.EXCLUDE)
    void aFailureAtAnyStepOfARestoreLeavesTheAppliedStateForARetry(MigrationStep step) throws Exception {
        StoreState before = StoreState.of(home);
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, NEW_PROMPT).get();
        store.apply(change, MigrationHook.NONE).get();
        StoreState applied = StoreState.of(home);
        assertThrows(
                IllegalStateException.class,
                () -> store.converge(change, CodexAutomationStore.Target.BEFORE, failAt(step)));
        assertEquals(applied, StoreState.of(home));
        store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                .get();
        assertEquals(before, StoreState.of(home));
    }

    @Test
    void aFailureAfterTheCommitLeavesTheChangeAppliedAndRestorable() throws Exception {
        StoreState before = StoreState.of(home);
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, NEW_PROMPT).get();
        assertThrows(IllegalStateException.class, () -> store.apply(change, failAt(MigrationStep.AFTER_COMMIT)));
        assertTrue(store.converge(change, CodexAutomationStore.Target.AFTER, MigrationHook.NONE)
                .get()
                .alreadyThere());
        store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                .get();
        assertEquals(before, StoreState.of(home));
    }

    @Test
    void aStoreThatDoesNotReadBackAsWrittenIsRolledBackWithItsToml() throws Exception {
        sql("CREATE TRIGGER touch_on_prompt AFTER UPDATE OF prompt ON automations"
                + " BEGIN UPDATE automations SET updated_at = updated_at + 1 WHERE id = NEW.id; END");
        StoreState before = StoreState.of(home);
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, NEW_PROMPT).get();
        assertEquals(
                StoreProblem.Code.READBACK_MISMATCH,
                store.apply(change, MigrationHook.NONE).getLeft().code());
        assertEquals(before, StoreState.of(home));
    }

    @Test
    void aTomlReplacedByAnotherWriterDuringReadbackIsDetectedAndPutBack() throws Exception {
        StoreState before = StoreState.of(home);
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, NEW_PROMPT).get();
        MigrationHook foreignWriter = (step, id) -> {
            if (step == MigrationStep.DURING_READBACK) {
                Files.writeString(toml(id), "id = \"clobbered\"\n");
            }
        };
        assertEquals(
                StoreProblem.Code.READBACK_MISMATCH,
                store.apply(change, foreignWriter).getLeft().code());
        assertEquals(before, StoreState.of(home));
    }

    @ParameterizedTest
    @EnumSource(value = MigrationStep.class, names = "AFTER_COMMIT", mode = EnumSource.Mode.EXCLUDE)
    void aConcurrentSqliteWriterIsToldLockedAtEveryLockedStep(MigrationStep step) throws Exception {
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, NEW_PROMPT).get();
        List<String> refusals = new ArrayList<>();
        MigrationHook competitor = (s, id) -> {
            if (s == step) {
                try (Connection other = connect();
                        Statement st = other.createStatement()) {
                    for (String write : List.of(
                            "UPDATE automations SET prompt = 'racing write' WHERE id = '" + id + "'",
                            "UPDATE sessions SET title = 'racing write' WHERE id = 'sess_1'")) {
                        SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate(write));
                        refusals.add(e.getMessage());
                    }
                }
            }
        };
        store.apply(change, competitor).get();
        assertEquals(2, refusals.size());
        refusals.forEach(m -> assertTrue(m.contains("SQLITE_BUSY") && m.contains("locked"), m));
        AutomationPair pair =
                ((CrossStoreRead.Consistent) store.read(CodexHomeFixture.OLDER).get()).pair();
        assertEquals(NEW_PROMPT, pair.prompt(), "the row holds exactly what apply wrote, never a torn or racing value");
        sql("UPDATE sessions SET title = 'after the lock' WHERE id = 'sess_1'");
    }

    @Test
    void inRollbackJournalModeTheLockAndTheByteIdenticalRestoreHoldToo() throws Exception {
        sql("PRAGMA journal_mode = DELETE");
        StoreState before = StoreState.of(home);
        PromptChange change = store.prepare(CodexHomeFixture.CUSTOM, NEW_PROMPT).get();
        List<String> refusals = new ArrayList<>();
        MigrationHook competitor = (s, id) -> {
            if (s == MigrationStep.AFTER_TOML_REPLACE) {
                try (Connection other = connect();
                        Statement st = other.createStatement()) {
                    refusals.add(assertThrows(SQLException.class, () -> st.executeUpdate("DELETE FROM inbox_items"))
                            .getMessage());
                }
            }
        };
        store.apply(change, competitor).get();
        assertEquals(1, refusals.size());
        assertTrue(refusals.get(0).contains("SQLITE_BUSY"), refusals.get(0));
        store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                .get();
        assertEquals(before, StoreState.of(home));
        try (Connection c = connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("PRAGMA journal_mode")) {
            rs.next();
            assertEquals("delete", rs.getString(1), "the adapter never changes the journal mode");
        }
    }

    @Test
    void aHeldWriterLockIsStoreLockedAndNothingIsWritten() throws Exception {
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, NEW_PROMPT).get();
        StoreState before = StoreState.of(home);
        try (Connection app = connect();
                Statement s = app.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            assertEquals(
                    StoreProblem.Code.STORE_LOCKED,
                    store.apply(change, MigrationHook.NONE).getLeft().code());
            assertEquals(
                    StoreProblem.Code.STORE_LOCKED,
                    store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                            .getLeft()
                            .code());
            s.execute("ROLLBACK");
        }
        assertEquals(before, StoreState.of(home));
    }

    @Test
    void strayTempFilesOfAnInterruptedReplaceAreRemovedByConverge() throws Exception {
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, NEW_PROMPT).get();
        Path stray = toml(CodexHomeFixture.OLDER)
                .resolveSibling(
                        AtomicReplace.tempPrefix(toml(CodexHomeFixture.OLDER)) + "123" + AtomicReplace.TEMP_SUFFIX);
        Files.write(stray, "half".getBytes(StandardCharsets.UTF_8));
        assertTrue(store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                .get()
                .alreadyThere());
        assertFalse(Files.exists(stray));
    }

    @Test
    void aPromptChangeSurvivesItsPrivateJournalForm() throws Exception {
        PromptChange change =
                store.prepare(CodexHomeFixture.MULTILINE, NEW_PROMPT).get();
        PromptChange back = PromptChange.fromJson(
                dev.loopx.ledger.json.Json.mapper().readTree(change.toJson().toString()));
        assertEquals(change, back);
        var tampered = change.toJson();
        ((com.fasterxml.jackson.databind.node.ObjectNode) tampered.get("before")).put("toml_base64", "AAAA");
        assertThrows(IllegalArgumentException.class, () -> PromptChange.fromJson(tampered));
        assertInstanceOf(
                CrossStoreRead.Consistent.class,
                store.read(CodexHomeFixture.MULTILINE).get());
    }

    private static String hex(String s) {
        return HexFormat.of().formatHex(s.getBytes(StandardCharsets.UTF_8));
    }
}
