package dev.loopx.host.codexapp.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.host.codexapp.fixture.CodexHomeFiles;
import dev.loopx.host.codexapp.fixture.CodexHomeFixture;
import dev.loopx.host.codexapp.fixture.FixturePrompts;
import dev.loopx.host.codexapp.fixture.SqliteDump;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads of a real generated Codex home: schema check, cross-store statuses, digests. */
class CodexAutomationStoreReadTest {
    @TempDir
    Path tmp;

    Path home;
    CodexAutomationStore store;

    @BeforeEach
    void generate() throws Exception {
        home = tmp.resolve("codex-home");
        CodexHomeFixture.generate(home);
        store = new CodexAutomationStore(new CodexHome(home, CodexHome.Source.FLAG));
    }

    private void sql(String statement) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + home.resolve("sqlite/codex-dev.db"));
                Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    @Test
    void everyFixtureAutomationGetsItsCrossStoreStatus() {
        List<CrossStoreRead> all = store.readAll().get();
        assertEquals(
                CodexHomeFixture.AUTOMATIONS.stream().sorted().toList(),
                all.stream().map(CrossStoreRead::automationId).toList());
        Map<String, CrossStoreRead> byId = new java.util.HashMap<>();
        all.forEach(r -> byId.put(r.automationId(), r));

        for (String consistent : List.of(
                CodexHomeFixture.CURRENT,
                CodexHomeFixture.OLDER,
                CodexHomeFixture.CUSTOM,
                CodexHomeFixture.MULTILINE)) {
            assertInstanceOf(
                    CrossStoreRead.Consistent.class, byId.get(consistent), consistent + ": " + byId.get(consistent));
        }
        AutomationPair current = ((CrossStoreRead.Consistent) byId.get(CodexHomeFixture.CURRENT)).pair();
        assertEquals(FixturePrompts.currentWrapper(), current.prompt());
        assertEquals("ACTIVE", current.status());
        assertEquals(Optional.of("thr_0195b2c4d7e8f9a0b1c2d3e4f5a6b7c8"), current.targetThreadId());
        assertEquals(Optional.of("RRULE:FREQ=MINUTELY;INTERVAL=30"), current.rrule());
        assertEquals(AutomationImage.promptSha256(FixturePrompts.currentWrapper()), current.promptSha256());
        assertEquals(
                FixturePrompts.trapPrompt(),
                ((CrossStoreRead.Consistent) byId.get(CodexHomeFixture.MULTILINE))
                        .pair()
                        .prompt());
        assertEquals(
                "PAUSED",
                ((CrossStoreRead.Consistent) byId.get(CodexHomeFixture.OLDER))
                        .pair()
                        .status());

        assertBlocked(byId.get(CodexHomeFixture.CRON), BlockReason.CRON_KIND);
        assertBlocked(byId.get(CodexHomeFixture.DELETED), BlockReason.DELETED);
        assertBlocked(byId.get(CodexHomeFixture.DIVERGENT), BlockReason.STORES_DISAGREE_PROMPT);
        assertBlocked(byId.get(CodexHomeFixture.TOML_MISSING), BlockReason.TOML_MISSING);
    }

    private static void assertBlocked(CrossStoreRead read, BlockReason primary) {
        CrossStoreRead.Blocked b = assertInstanceOf(CrossStoreRead.Blocked.class, read);
        assertEquals(List.of(primary), b.reasons(), read.automationId());
    }

    @Test
    void aCronAutomationIsBlockedEvenWhenEverythingElseAgrees() throws Exception {
        CrossStoreRead.Blocked cron =
                (CrossStoreRead.Blocked) store.read(CodexHomeFixture.CRON).get();
        assertEquals(BlockReason.CRON_KIND, cron.primary());
        assertFalse(
                cron.image()
                        .orElseThrow()
                        .row()
                        .column("target_thread_id")
                        .orElseThrow()
                        .text()
                        .isPresent(),
                "a cron row has no thread and none is inferred");
        sql("UPDATE automations SET kind = 'heartbeat' WHERE id = '" + CodexHomeFixture.CRON + "'");
        assertEquals(
                BlockReason.CRON_KIND,
                ((CrossStoreRead.Blocked) store.read(CodexHomeFixture.CRON).get()).primary(),
                "cron in either store blocks");
    }

    @Test
    void disagreementOnStatusThreadOrRruleBlocksWithItsOwnReason() throws Exception {
        sql("UPDATE automations SET status = 'PAUSED', target_thread_id = 'thr_other', rrule = 'RRULE:FREQ=DAILY'"
                + " WHERE id = '" + CodexHomeFixture.CURRENT + "'");
        CrossStoreRead.Blocked b =
                (CrossStoreRead.Blocked) store.read(CodexHomeFixture.CURRENT).get();
        assertEquals(
                List.of(
                        BlockReason.STORES_DISAGREE_STATUS,
                        BlockReason.STORES_DISAGREE_THREAD,
                        BlockReason.STORES_DISAGREE_RRULE),
                b.reasons());
    }

    @Test
    void aTomlMirrorOfAnotherIdOrAnUnrewritablePromptBlocks() throws Exception {
        Path toml = home.resolve("automations").resolve(CodexHomeFixture.CUSTOM).resolve("automation.toml");
        String text = Files.readString(toml);
        Files.writeString(toml, text.replace("id = \"" + CodexHomeFixture.CUSTOM + "\"", "id = \"someone-else\""));
        assertEquals(
                List.of(BlockReason.STORES_DISAGREE_ID),
                ((CrossStoreRead.Blocked) store.read(CodexHomeFixture.CUSTOM).get()).reasons());
        Files.writeString(toml, "this is = not toml [");
        assertEquals(
                BlockReason.TOML_INVALID,
                ((CrossStoreRead.Blocked) store.read(CodexHomeFixture.CUSTOM).get()).primary());
        Files.writeString(
                toml,
                "id = \"" + CodexHomeFixture.CUSTOM
                        + "\"\nkind = \"heartbeat\"\nstatus = \"ACTIVE\"\n[prompt]\ntext = 1\n");
        CrossStoreRead.Blocked b =
                (CrossStoreRead.Blocked) store.read(CodexHomeFixture.CUSTOM).get();
        assertTrue(
                b.reasons().contains(BlockReason.STORES_DISAGREE_PROMPT),
                b.reasons().toString());
    }

    @Test
    void idsThatBreakTheIdRuleAreNotListedAndTomlOnlyFoldersAre() throws Exception {
        sql("INSERT INTO automations (id, kind, name, prompt, status, created_at, updated_at)"
                + " VALUES ('../escape', 'heartbeat', 'n', 'p', 'ACTIVE', 0, 0)");
        Files.createDirectories(home.resolve("automations/toml-only"));
        Files.writeString(home.resolve("automations/toml-only/automation.toml"), "id = \"toml-only\"\n");
        List<String> ids = store.automationIds().get();
        assertFalse(ids.contains("../escape"));
        assertTrue(ids.contains("toml-only"));
        assertEquals(
                BlockReason.SQLITE_ROW_MISSING,
                ((CrossStoreRead.Blocked) store.read("toml-only").get()).primary());
    }

    @Test
    void aSymlinkedTomlIsBlockedBecauseReplacingItWouldReplaceTheLink() throws Exception {
        Path toml = home.resolve("automations").resolve(CodexHomeFixture.CUSTOM).resolve("automation.toml");
        Path real = tmp.resolve("elsewhere.toml");
        Files.move(toml, real);
        Files.createSymbolicLink(toml, real);
        CrossStoreRead.Blocked b = assertInstanceOf(
                CrossStoreRead.Blocked.class,
                store.read(CodexHomeFixture.CUSTOM).get());
        assertEquals(List.of(BlockReason.TOML_NOT_REGULAR_FILE), b.reasons());
    }

    @Test
    void aMissingRequiredColumnIsAnUnsupportedSchemaAndNothingIsWritten() throws Exception {
        sql("ALTER TABLE automations DROP COLUMN target_thread_id");
        Map<String, List<String>> dump = SqliteDump.dump(home.resolve("sqlite/codex-dev.db"));
        Map<String, byte[]> files = CodexHomeFiles.automationFiles(home);
        StoreProblem p = store.readAll().getLeft();
        assertEquals(StoreProblem.Code.UNSUPPORTED_SCHEMA, p.code());
        assertTrue(p.message().contains("target_thread_id") && p.message().contains("use the App API"), p.message());
        PromptChange change = fixtureChange();
        assertEquals(
                StoreProblem.Code.UNSUPPORTED_SCHEMA,
                store.apply(change, MigrationHook.NONE).getLeft().code());
        assertEquals(
                StoreProblem.Code.UNSUPPORTED_SCHEMA,
                store.prepare(CodexHomeFixture.OLDER, "x").getLeft().code());
        assertEquals(dump, SqliteDump.dump(home.resolve("sqlite/codex-dev.db")));
        assertFilesEqual(files, CodexHomeFiles.automationFiles(home));
    }

    /** A change computed on a pristine copy of the fixture. */
    private PromptChange fixtureChange() throws Exception {
        Path other = tmp.resolve("pristine");
        CodexHomeFixture.generate(other);
        return new CodexAutomationStore(new CodexHome(other, CodexHome.Source.FLAG))
                .prepare(CodexHomeFixture.OLDER, "x")
                .get();
    }

    @Test
    void aDatabaseWithoutTheAutomationsTableOrNoDatabaseAtAllIsReportedNotCreated() throws Exception {
        sql("DROP TABLE automations");
        assertEquals(
                StoreProblem.Code.UNSUPPORTED_SCHEMA,
                store.automationIds().getLeft().code());
        Path empty = tmp.resolve("empty-home");
        CodexAutomationStore none = new CodexAutomationStore(new CodexHome(empty, CodexHome.Source.DEFAULT));
        assertEquals(
                StoreProblem.Code.DATABASE_MISSING, none.readAll().getLeft().code());
        assertFalse(Files.exists(empty), "reading never creates the Codex home");
    }

    @Test
    void theSourceDigestCoversEveryColumnAndEveryTomlByte() throws Exception {
        String before = store.read(CodexHomeFixture.CURRENT).get().sourceSha256();
        assertEquals(before, store.read(CodexHomeFixture.CURRENT).get().sourceSha256(), "stable");
        sql("UPDATE automations SET next_run_at = next_run_at + 1 WHERE id = '" + CodexHomeFixture.CURRENT + "'");
        String afterColumn = store.read(CodexHomeFixture.CURRENT).get().sourceSha256();
        assertNotEquals(before, afterColumn);
        Path toml =
                home.resolve("automations").resolve(CodexHomeFixture.CURRENT).resolve("automation.toml");
        Files.write(toml, (Files.readString(toml) + "# a new comment\n").getBytes(StandardCharsets.UTF_8));
        assertNotEquals(afterColumn, store.read(CodexHomeFixture.CURRENT).get().sourceSha256());
    }

    @Test
    void readingChangesNothing() throws Exception {
        Map<String, List<String>> dump = SqliteDump.dump(home.resolve("sqlite/codex-dev.db"));
        Map<String, byte[]> files = CodexHomeFiles.automationFiles(home);
        List<String> sqliteFolder = listing(home.resolve("sqlite"));
        byte[] dbBytes = Files.readAllBytes(home.resolve("sqlite/codex-dev.db"));
        store.readAll().get();
        store.prepare(CodexHomeFixture.OLDER, FixturePrompts.currentWrapper()).get();
        assertEquals(sqliteFolder, listing(home.resolve("sqlite")), "no -wal/-shm left behind by a read");
        assertTrue(
                java.util.Arrays.equals(dbBytes, Files.readAllBytes(home.resolve("sqlite/codex-dev.db"))),
                "the database file is byte-identical");
        assertEquals(dump, SqliteDump.dump(home.resolve("sqlite/codex-dev.db")));
        assertFilesEqual(files, CodexHomeFiles.automationFiles(home));
    }

    private static List<String> listing(Path dir) throws java.io.IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    static void assertFilesEqual(Map<String, byte[]> expected, Map<String, byte[]> actual) {
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((k, v) -> assertEquals(
                new String(v, StandardCharsets.UTF_8), new String(actual.get(k), StandardCharsets.UTF_8), k));
        expected.forEach((k, v) -> assertTrue(java.util.Arrays.equals(v, actual.get(k)), k));
    }
}
