package dev.loopx.host.codexapp.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A real child process runs a write and is killed with SIGKILL at each step: while it waits there
 * holding the lock, a write from this (second) process gets SQLITE_BUSY; after the kill, the
 * recorded images always bring both stores back to the before state byte for byte (rollback) or
 * forward to the after state (recover), and a repeat writes nothing.
 */
class KillDuringWriteProcessTest {
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
        return Stream.of(MigrationStep.values())
                .flatMap(step -> Stream.of(
                        Arguments.of(step, CodexAutomationStore.Target.BEFORE),
                        Arguments.of(step, CodexAutomationStore.Target.AFTER)));
    }

    @ParameterizedTest(name = "kill -9 at {0}, then converge to {1}")
    @MethodSource("cases")
    void killedAtAnyStepTheRecordedImagesReachAConsistentState(MigrationStep step, CodexAutomationStore.Target target)
            throws Exception {
        Path home = tmp.resolve("codex-home");
        CodexHomeFixture.generate(home);
        CodexAutomationStore store = new CodexAutomationStore(new CodexHome(home, CodexHome.Source.FLAG));
        StoreState before = StoreState.of(home);
        PromptChange change = store.prepare(CodexHomeFixture.MULTILINE, FixturePrompts.currentWrapper())
                .get();
        Path journal = tmp.resolve("change.json");
        Files.writeString(journal, change.toJson().toString());

        startChildAndAwait(home, journal, "apply", step);

        if (step != MigrationStep.AFTER_COMMIT) {
            try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + home.resolve("sqlite/codex-dev.db"));
                    Statement s = other.createStatement()) {
                s.execute("PRAGMA busy_timeout = 0");
                SQLException e = assertThrows(
                        SQLException.class,
                        () -> s.executeUpdate("UPDATE automations SET name = 'racing' WHERE id = '"
                                + CodexHomeFixture.CURRENT + "'"));
                assertTrue(e.getMessage().contains("SQLITE_BUSY"), e.getMessage());
            }
        }
        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));

        CrossStoreRead crashed = store.read(CodexHomeFixture.MULTILINE).get();
        switch (step) {
            case BEFORE_SQLITE_UPDATE, AFTER_SQLITE_UPDATE ->
                assertEquals(before, StoreState.of(home), "an uncommitted row update dies with the process");
            case AFTER_TOML_REPLACE, DURING_READBACK ->
                assertEquals(
                        List.of(BlockReason.STORES_DISAGREE_PROMPT),
                        assertInstanceOf(CrossStoreRead.Blocked.class, crashed).reasons(),
                        "the TOML is new, the row is not");
            case AFTER_COMMIT -> assertEquals(change.after().sourceSha256(), crashed.sourceSha256());
        }

        store.converge(change, target, MigrationHook.NONE).get();
        assertTrue(store.converge(change, target, MigrationHook.NONE).get().alreadyThere(), "idempotent");
        CrossStoreRead done = store.read(CodexHomeFixture.MULTILINE).get();
        AutomationPair pair =
                assertInstanceOf(CrossStoreRead.Consistent.class, done).pair();
        if (target == CodexAutomationStore.Target.BEFORE) {
            assertEquals(before, StoreState.of(home), "byte-identical restore");
            assertEquals(FixturePrompts.trapPrompt(), pair.prompt());
        } else {
            assertEquals(change.after().sourceSha256(), pair.sourceSha256());
            assertEquals(FixturePrompts.currentWrapper(), pair.prompt());
        }
        try (Stream<Path> files = Files.list(home.resolve("automations").resolve(CodexHomeFixture.MULTILINE))) {
            assertFalse(
                    files.anyMatch(p -> p.getFileName()
                            .toString()
                            .startsWith(AtomicReplace.tempPrefix(Path.of("automation.toml")))),
                    "no stray temp file");
        }
    }

    @ParameterizedTest(name = "kill -9 during a restore at {0}, then restore again")
    @org.junit.jupiter.params.provider.EnumSource(MigrationStep.class)
    void aRestoreKilledAtAnyStepCanBeRepeatedToAByteIdenticalState(MigrationStep step) throws Exception {
        Path home = tmp.resolve("codex-home");
        CodexHomeFixture.generate(home);
        CodexAutomationStore store = new CodexAutomationStore(new CodexHome(home, CodexHome.Source.FLAG));
        StoreState before = StoreState.of(home);
        PromptChange change = store.prepare(CodexHomeFixture.OLDER, FixturePrompts.currentWrapper())
                .get();
        store.apply(change, MigrationHook.NONE).get();
        Path journal = tmp.resolve("change.json");
        Files.writeString(journal, change.toJson().toString());
        startChildAndAwait(home, journal, "restore", step);
        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        store.converge(change, CodexAutomationStore.Target.BEFORE, MigrationHook.NONE)
                .get();
        assertEquals(before, StoreState.of(home));
    }

    private void startChildAndAwait(Path home, Path journal, String mode, MigrationStep step) throws Exception {
        Path out = tmp.resolve("child.out");
        child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ApplyChild.class.getName(),
                        home.toString(),
                        journal.toString(),
                        mode,
                        step.name())
                .redirectOutput(out.toFile())
                .redirectError(tmp.resolve("child.err").toFile())
                .start();
        awaitLine(out, "AT " + step);
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
