package dev.loopx.host.codexapp.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.loopx.host.codexapp.fixture.CodexHomeFiles;
import dev.loopx.host.codexapp.fixture.CodexHomeFixture;
import dev.loopx.host.codexapp.fixture.FixturePrompts;
import dev.loopx.host.codexapp.fixture.SqliteDump;
import dev.loopx.host.codexapp.store.CodexAppProcessProbe;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.ledger.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A real child JVM runs a whole migration (journal, then the locked store write) and is killed
 * with SIGKILL at each point; afterwards recover (from the journal) reaches the managed wrapper
 * in both stores, and rollback restores the original database content and TOML bytes exactly.
 */
class KillDuringMigrationProcessTest {
    private static final String ID = CodexHomeFixture.OLDER;

    @TempDir
    Path tmp;

    private Process child;

    @AfterEach
    void reap() throws InterruptedException {
        if (child != null && child.isAlive()) {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                        "AFTER_JOURNAL", "AFTER_SQLITE_UPDATE", "AFTER_TOML_REPLACE", "DURING_READBACK", "AFTER_COMMIT")
                .flatMap(p -> Stream.of(Arguments.of(p, "recover"), Arguments.of(p, "rollback")));
    }

    private Map<String, String> files(Path home) throws Exception {
        Map<String, String> out = new TreeMap<>();
        CodexHomeFiles.automationFiles(home)
                .forEach((k, v) -> out.put(k, HexFormat.of().formatHex(v)));
        return out;
    }

    @ParameterizedTest(name = "kill -9 at {0}, then {1}")
    @MethodSource("cases")
    void killedAnywhereTheJournalFinishesOrUndoesTheMigration(String point, String then) throws Exception {
        Path home = tmp.resolve("codex-home");
        CodexHomeFixture.generate(home);
        Path runtime = Files.createDirectories(tmp.resolve("runtime"));
        CodexAutomationStore store = new CodexAutomationStore(new CodexHome(home, CodexHome.Source.FLAG));
        var dump = SqliteDump.dump(home.resolve("sqlite/codex-dev.db"));
        var original = files(home);
        PromptPlan plan = new PromptPlanner(
                        store, Map.of(FixturePrompts.GOAL_ID, List.of("builder")), FixturePrompts.RUNTIME_ROOT, "loopx")
                .plan(List.of(ID), "t0")
                .get();
        String desired = plan.entries().get(0).desiredPrompt().orElseThrow();
        Path planFile = tmp.resolve("plan.json");
        Files.writeString(planFile, Json.mapper().writeValueAsString(plan.toPrivateJson()));

        Path out = tmp.resolve("child.out");
        child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        MigrateChild.class.getName(),
                        home.toString(),
                        runtime.toString(),
                        planFile.toString(),
                        point)
                .redirectOutput(out.toFile())
                .redirectError(tmp.resolve("child.err").toFile())
                .start();
        awaitLine(out, "AT " + point);
        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));

        List<MigrationOutcome> recorded = new ArrayList<>();
        PromptMigrator m = new PromptMigrator(
                store, new MigrationJournal(runtime, store.home()), new CodexAppProcessProbe(Stream::empty), "t2");
        assertEquals(
                MigrationJournal.State.PENDING,
                m.journalEntry(ID).orElseThrow().state(),
                "the journal was written first");
        if (then.equals("recover")) {
            assertEquals(
                    "recovered",
                    m.recover(ID, recorded::add, MigrationHook.NONE).result());
            CrossStoreRead read = store.read(ID).get();
            assertEquals(
                    desired,
                    assertInstanceOf(CrossStoreRead.Consistent.class, read, read::toString)
                            .pair()
                            .prompt());
            assertEquals(
                    "already_applied",
                    m.recover(ID, recorded::add, MigrationHook.NONE).result());
            assertEquals(
                    List.of("recovered"),
                    recorded.stream().map(MigrationOutcome::kind).toList());
        } else {
            assertEquals(
                    "rolled_back",
                    m.rollback(ID, recorded::add, MigrationHook.NONE).result());
            assertEquals(dump, SqliteDump.dump(home.resolve("sqlite/codex-dev.db")));
            assertEquals(original, files(home));
            assertEquals(
                    List.of("rolled_back"),
                    recorded.stream().map(MigrationOutcome::kind).toList());
        }
    }

    private void awaitLine(Path out, String line) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (Files.exists(out)
                    && Files.readString(out, StandardCharsets.UTF_8).contains(line)) {
                return;
            }
            if (!child.isAlive()) {
                fail("the child exited early: " + Files.readString(out) + Files.readString(tmp.resolve("child.err")));
            }
            Thread.sleep(20);
        }
        fail("the child never reached " + line);
    }
}
