package dev.loopx.host.codexapp.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.host.codexapp.fixture.CodexHomeFiles;
import dev.loopx.host.codexapp.fixture.CodexHomeFixture;
import dev.loopx.host.codexapp.fixture.FixturePrompts;
import dev.loopx.host.codexapp.fixture.SqliteDump;
import dev.loopx.host.codexapp.store.CodexAppProcessProbe;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.host.codexapp.store.MigrationStep;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Prompt migrations on a real generated Codex home (real SQLite, real TOML files, real journal
 * files): a failure injected at each step of apply leaves a state from which recover reaches the
 * managed wrapper and rollback restores the original bytes, with both stores agreeing and nothing
 * else changed; every outcome reaches the recorder.
 */
class PromptMigratorFaultTest {
    private static final Map<String, List<String>> REGISTERED =
            Map.of(FixturePrompts.GOAL_ID, List.of("builder", "reviewer"));
    private static final String V1 = CodexHomeFixture.OLDER;
    private static final String CUSTOM = CodexHomeFixture.CUSTOM;

    @TempDir
    Path tmp;

    Path home;
    Path runtimeRoot;
    CodexAutomationStore store;
    Map<String, List<String>> originalDump;
    Map<String, String> originalFiles;
    final List<MigrationOutcome> recorded = new ArrayList<>();

    @BeforeEach
    void generate() throws Exception {
        home = tmp.resolve("codex-home");
        CodexHomeFixture.generate(home);
        runtimeRoot = Files.createDirectories(tmp.resolve("runtime"));
        store = new CodexAutomationStore(new CodexHome(home, CodexHome.Source.FLAG), 200);
        originalDump = SqliteDump.dump(home.resolve("sqlite/codex-dev.db"));
        originalFiles = files();
    }

    private Map<String, String> files() throws Exception {
        Map<String, String> out = new TreeMap<>();
        CodexHomeFiles.automationFiles(home)
                .forEach((k, v) -> out.put(k, HexFormat.of().formatHex(v)));
        return out;
    }

    private PromptPlan plan(String... ids) {
        return new PromptPlanner(store, REGISTERED, FixturePrompts.RUNTIME_ROOT, "loopx")
                .plan(List.of(ids), "t0")
                .get();
    }

    private PromptMigrator migrator() {
        return new PromptMigrator(
                store, new MigrationJournal(runtimeRoot, store.home()), new CodexAppProcessProbe(Stream::empty), "t1");
    }

    private static PromptMigrator.JournalHook failJournal(PromptMigrator.JournalPoint at, String id) {
        return (point, automation) -> {
            if (point == at && automation.equals(id)) {
                throw new IllegalStateException("injected at " + point);
            }
        };
    }

    private static MigrationHook failStore(MigrationStep at, String id) {
        return (step, automation) -> {
            if (step == at && automation.equals(id)) {
                throw new IllegalStateException("injected at " + step);
            }
        };
    }

    private List<PromptMigrator.Result> applyWithFault(String point, PromptPlan plan) {
        PromptMigrator.JournalHook jh = PromptMigrator.JournalHook.NONE;
        MigrationHook sh = MigrationHook.NONE;
        if (point.startsWith("BEFORE_JOURNAL") || point.equals("AFTER_JOURNAL")) {
            jh = failJournal(PromptMigrator.JournalPoint.valueOf(point), V1);
        } else {
            sh = failStore(MigrationStep.valueOf(point), V1);
        }
        return migrator().apply(plan, recorded::add, jh, sh);
    }

    private String desired(PromptPlan plan, String id) {
        return plan.entries().stream()
                .filter(e -> e.automationId().equals(id))
                .findFirst()
                .orElseThrow()
                .desiredPrompt()
                .orElseThrow();
    }

    private void assertConsistentWith(String id, String prompt) {
        CrossStoreRead read = store.read(id).get();
        CrossStoreRead.Consistent c = assertInstanceOf(CrossStoreRead.Consistent.class, read, () -> read.toString());
        assertEquals(prompt, c.pair().prompt());
    }

    private void assertOriginal() throws Exception {
        assertEquals(
                originalDump, SqliteDump.dump(home.resolve("sqlite/codex-dev.db")), "database equals the original");
        assertEquals(originalFiles, files(), "automation files are byte-identical to the originals");
    }

    @Test
    void thePlanFindsTheFixtureStatuses() {
        Map<String, String> status = new TreeMap<>();
        new PromptPlanner(store, REGISTERED, FixturePrompts.RUNTIME_ROOT, "loopx")
                .plan(List.of(), "t0")
                .get()
                .entries()
                .forEach(e -> status.put(e.automationId(), e.status().wire()));
        assertEquals(
                Map.of(
                        CodexHomeFixture.CURRENT,
                        "current",
                        V1,
                        "adoption_required",
                        CUSTOM,
                        "adoption_required",
                        CodexHomeFixture.MULTILINE,
                        "unmanaged",
                        CodexHomeFixture.CRON,
                        "blocked",
                        CodexHomeFixture.DELETED,
                        "blocked",
                        CodexHomeFixture.DIVERGENT,
                        "blocked",
                        CodexHomeFixture.TOML_MISSING,
                        "blocked"),
                status);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"BEFORE_JOURNAL", "AFTER_JOURNAL", "AFTER_SQLITE_UPDATE", "AFTER_TOML_REPLACE", "DURING_READBACK"
            })
    void afterAFailureAtEveryStepRecoverFinishesAndRollbackRestoresTheOriginalBytes(String point) throws Exception {
        PromptPlan plan = plan(V1);
        List<PromptMigrator.Result> results = applyWithFault(point, plan);
        assertEquals("failed", results.get(0).result());
        assertEquals("interrupted", results.get(0).reason());
        assertEquals(
                List.of("failed"), recorded.stream().map(MigrationOutcome::kind).toList());
        // the store undid whatever it had started: both stores agree on the old prompt
        assertConsistentWith(V1, FixturePrompts.olderWrapper());
        assertOriginal();

        PromptMigrator m = migrator();
        if (point.equals("BEFORE_JOURNAL")) {
            assertEquals(
                    "no_journal",
                    m.recover(V1, recorded::add, MigrationHook.NONE).reason());
            assertEquals(
                    "no_journal",
                    m.rollback(V1, recorded::add, MigrationHook.NONE).reason());
            assertOriginal();
            return;
        }
        assertEquals(
                MigrationJournal.State.PENDING, m.journalEntry(V1).orElseThrow().state());
        PromptMigrator.Result recovered = m.recover(V1, recorded::add, MigrationHook.NONE);
        assertEquals("recovered", recovered.result());
        assertConsistentWith(V1, desired(plan, V1));
        assertTrue(WrapperRecognizer.recognize(desired(plan, V1)).isPresent());
        Map<String, String> now = files();
        originalFiles.forEach((k, v) -> {
            if (!k.contains(V1 + "/automation.toml")) {
                assertEquals(v, now.get(k), k + " unchanged");
            }
        });
        assertEquals(
                "already_applied",
                m.recover(V1, recorded::add, MigrationHook.NONE).result(),
                "recover is idempotent");

        assertEquals(
                "rolled_back", m.rollback(V1, recorded::add, MigrationHook.NONE).result());
        assertOriginal();
        assertEquals(
                "already_rolled_back",
                m.rollback(V1, recorded::add, MigrationHook.NONE).result());
        assertEquals(
                List.of("failed", "recovered", "rolled_back"),
                recorded.stream().map(MigrationOutcome::kind).toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"AFTER_JOURNAL", "AFTER_SQLITE_UPDATE", "AFTER_TOML_REPLACE", "DURING_READBACK"})
    void rollbackStraightAfterAFailureRestoresTheOriginal(String point) throws Exception {
        applyWithFault(point, plan(V1));
        assertEquals(
                "rolled_back",
                migrator().rollback(V1, recorded::add, MigrationHook.NONE).result());
        assertOriginal();
        assertEquals(
                "migration_rolled_back",
                migrator().recover(V1, recorded::add, MigrationHook.NONE).reason(),
                "a rolled-back migration is not re-applied by recover");
    }

    @Test
    void onePartialFailureIsReportedAndTheOtherAutomationStillCommits() throws Exception {
        PromptPlan plan = plan(V1, CUSTOM);
        List<PromptMigrator.Result> results = applyWithFault("AFTER_TOML_REPLACE", plan);
        assertEquals(
                List.of("failed", "updated"),
                results.stream().map(PromptMigrator.Result::result).toList());
        assertEquals(
                List.of("failed", "applied"),
                recorded.stream().map(MigrationOutcome::kind).toList());
        assertConsistentWith(V1, FixturePrompts.olderWrapper());
        assertConsistentWith(CUSTOM, desired(plan, CUSTOM));
        Path journal = new MigrationJournal(runtimeRoot, store.home()).directory();
        assertEquals(runtimeRoot.resolve("private/automation-migrations"), journal.getParent());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(journal)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(journal.getParent())));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(journal.resolve(CUSTOM + ".json"))));
        assertEquals(
                MigrationJournal.State.APPLIED,
                migrator().journalEntry(CUSTOM).orElseThrow().state());
    }

    @Test
    void aPlanMadeBeforeAStoreChangedIsPreviewStaleAndWritesNothing() throws Exception {
        PromptPlan plan = plan(CUSTOM);
        Path toml = home.resolve("automations").resolve(CUSTOM).resolve("automation.toml");
        Files.writeString(toml, Files.readString(toml) + "\n# edited by the user\n");
        Map<String, String> edited = files();
        List<PromptMigrator.Result> results =
                migrator().apply(plan, recorded::add, PromptMigrator.JournalHook.NONE, MigrationHook.NONE);
        assertEquals("preview_stale", results.get(0).result());
        assertEquals(edited, files());
        assertFalse(Files.exists(new MigrationJournal(runtimeRoot, store.home()).file(CUSTOM)));
    }

    @Test
    void whileTheAppRunsEveryAdoptionIsDeferredAndNothingIsWritten() throws Exception {
        PromptMigrator m = new PromptMigrator(
                store,
                new MigrationJournal(runtimeRoot, store.home()),
                new CodexAppProcessProbe(() -> Stream.of(new CodexAppProcessProbe.ProcessSample(
                        42, java.util.Optional.of("/Applications/Codex.app/Contents/MacOS/Codex")))),
                "t1");
        List<PromptMigrator.Result> results = m.apply(
                plan(V1, CUSTOM, CodexHomeFixture.CURRENT),
                recorded::add,
                PromptMigrator.JournalHook.NONE,
                MigrationHook.NONE);
        assertEquals(
                List.of("deferred", "deferred", "current"),
                results.stream().map(PromptMigrator.Result::result).toList());
        assertEquals(
                List.of("deferred", "deferred", "applied"),
                recorded.stream().map(MigrationOutcome::kind).toList());
        assertOriginal();
    }

    @Test
    void rollbackRefusesWhenAStoreChangedAfterTheMigration() throws Exception {
        PromptPlan plan = plan(V1);
        assertEquals(
                "updated",
                migrator()
                        .apply(plan, recorded::add, PromptMigrator.JournalHook.NONE, MigrationHook.NONE)
                        .get(0)
                        .result());
        var change = store.prepare(V1, "someone else's prompt").get();
        store.apply(change, MigrationHook.NONE).get();
        Map<String, String> before = files();
        PromptMigrator.Result r = migrator().rollback(V1, recorded::add, MigrationHook.NONE);
        assertEquals("refused", r.result());
        assertEquals("changed_since_migration", r.reason());
        assertEquals(before, files());
    }

    @Test
    void onAPlatformTheStoreIsNotQualifiedForEveryAdoptionIsDeferredAndNothingIsWritten() throws Exception {
        PromptMigrator windows = new PromptMigrator(
                store,
                new MigrationJournal(runtimeRoot, store.home()),
                new CodexAppProcessProbe(Stream::empty, "Windows 11"),
                "t1");
        assertEquals(java.util.Optional.of("store_unqualified_platform"), windows.deferralReason());
        List<PromptMigrator.Result> results =
                windows.apply(plan(V1, CUSTOM), recorded::add, PromptMigrator.JournalHook.NONE, MigrationHook.NONE);
        assertEquals(
                List.of("deferred", "deferred"),
                results.stream().map(PromptMigrator.Result::result).toList());
        assertEquals(
                List.of("store_unqualified_platform", "store_unqualified_platform"),
                recorded.stream().map(MigrationOutcome::reason).toList());
        assertEquals(originalDump, SqliteDump.dump(home.resolve("sqlite/codex-dev.db")));
        assertEquals(originalFiles, files());
        assertEquals(java.util.Optional.empty(), new CodexAppProcessProbe(Stream::empty, "Mac OS X").deferralReason());
        assertEquals(java.util.Optional.empty(), new CodexAppProcessProbe(Stream::empty, "Linux").deferralReason());
    }
}
