package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CodexHomes;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SPEC §S12 fault injection through the real CLI: {@code loopx automation-prompts apply} runs in
 * a child JVM and is killed with SIGKILL at each point of a migration, from before the journal to
 * after the commit (reached through the
 * {@code LOOPX_FAILPOINT} variable); afterwards {@code loopx automation-prompts recover} brings
 * both stores to the managed wrapper, or {@code rollback} restores every automation row value
 * and the TOML bytes exactly, and the ledger (still a valid chain) records what happened.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class KillDuringCliMigrationProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String V1 = "loopx-heartbeat-v1";

    @TempDir
    Path temp;

    private ChildCli.Launcher cli;

    @AfterEach
    void tearDown() {
        cli.close();
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                        "BEFORE_JOURNAL",
                        "AFTER_JOURNAL",
                        "AFTER_SQLITE_UPDATE",
                        "AFTER_TOML_REPLACE",
                        "DURING_READBACK",
                        "AFTER_COMMIT")
                .flatMap(p -> Stream.of(Arguments.of(p, "recover"), Arguments.of(p, "rollback")));
    }

    @ParameterizedTest(name = "kill -9 of the CLI at {0}, then loopx automation-prompts {1}")
    @MethodSource("cases")
    void killedAnywhereTheCliFinishesOrUndoesTheMigration(String point, String then) throws Exception {
        Path codexHome = CodexHomes.copyFixture(temp.resolve("codex-home"));
        cli = new ChildCli.Launcher(temp).env("CODEX_HOME", codexHome.toString());
        Path project = Files.createDirectories(cli.workDir().resolve("app"));
        String root = project.resolve(".loopx").toString();
        cli.run(TIMEOUT, "connect", "--project", project.toString(), "--goal-id", "demo-goal")
                .assertExit(0, TIMEOUT);
        cli.run(
                        TIMEOUT,
                        "--runtime-root",
                        root,
                        "register-agent",
                        "--goal-id",
                        "demo-goal",
                        "--agent-id",
                        "builder",
                        "--execute")
                .assertExit(0, TIMEOUT);
        CodexAutomationStore store = CodexHomes.store(codexHome);
        String v1 = CodexHomes.installV1Wrapper(codexHome, root);
        List<String> rowsBefore = rows(codexHome);
        byte[] tomlBefore = Files.readAllBytes(toml(codexHome));
        Path plan = temp.resolve("plan.json");
        cli.run(
                        TIMEOUT,
                        "--runtime-root",
                        root,
                        "automation-prompts",
                        "plan",
                        "--automation-id",
                        V1,
                        "--plan-file",
                        plan.toString())
                .assertExit(0, TIMEOUT);

        ChildCli apply = cli.env("LOOPX_FAILPOINT", point)
                .start(
                        "--runtime-root",
                        root,
                        "automation-prompts",
                        "apply",
                        "--plan-file",
                        plan.toString(),
                        "--offline",
                        "--execute");
        cli.env("LOOPX_FAILPOINT", "");
        assertTrue(
                apply.awaitStderrLine(l -> l.equals("failpoint " + point + " reached"), TIMEOUT)
                        .isPresent(),
                apply::describe);
        apply.killHard();

        ChildCli fix = cli.run(
                TIMEOUT,
                "--runtime-root",
                root,
                "automation-prompts",
                then,
                "--automation-id",
                V1,
                "--offline",
                "--execute");
        if (point.equals("BEFORE_JOURNAL")) {
            // killed before anything was written: nothing to finish or undo, nothing changed, nothing recorded
            fix.assertExit(1, TIMEOUT);
            assertEquals(
                    "no_journal", fix.singleJsonDocument().path("error_code").asText(), fix::describe);
            assertEquals(rowsBefore, rows(codexHome));
            assertEquals(new String(tomlBefore), Files.readString(toml(codexHome)));
            assertTrue(cli.run(TIMEOUT, "--runtime-root", root, "ledger", "replay")
                    .stdout()
                    .lines()
                    .noneMatch(l -> l.contains("\"prompt_migration.")));
            return;
        }
        fix.assertExit(0, TIMEOUT);
        JsonNode answer = fix.singleJsonDocument();
        CrossStoreRead read = store.read(V1).get();
        String prompt = assertInstanceOf(CrossStoreRead.Consistent.class, read, read::toString)
                .pair()
                .prompt();
        if (then.equals("recover")) {
            assertTrue(
                    List.of("recovered", "already_applied")
                            .contains(answer.path("result").asText()),
                    answer::toString);
            assertEquals(
                    2,
                    dev.loopx.host.heartbeat.WrapperRecognizer.recognize(prompt)
                            .orElseThrow()
                            .version(),
                    "both stores hold the managed wrapper v2");
        } else {
            assertEquals("rolled_back", answer.path("result").asText(), answer::toString);
            assertEquals(v1, prompt);
            assertEquals(rowsBefore, rows(codexHome), "every column of every automation row as before");
            assertEquals(new String(tomlBefore), Files.readString(toml(codexHome)), "the TOML byte for byte");
        }
        cli.run(TIMEOUT, "--runtime-root", root, "ledger", "verify").assertExit(0, TIMEOUT);
        List<String> types = new ArrayList<>();
        for (String line : cli.run(TIMEOUT, "--runtime-root", root, "ledger", "replay")
                .stdout()
                .split("\n")) {
            if (line.contains("\"prompt_migration.")) {
                types.add(ChildCli.MAPPER.readTree(line).path("type").asText());
            }
        }
        assertEquals(
                List.of(then.equals("recover") ? "prompt_migration.recovered" : "prompt_migration.rolled_back"),
                types,
                "the killed apply recorded nothing; the " + then + " is in the ledger");
    }

    private static Path toml(Path home) {
        return home.resolve("automations").resolve(V1).resolve("automation.toml");
    }

    /** Every automation row, every column, as text (SQLite's own rendering of each value). */
    private static List<String> rows(Path home) throws Exception {
        List<String> out = new ArrayList<>();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + home.resolve("sqlite/codex-dev.db"));
                var st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM automations ORDER BY id")) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    Object v = rs.getObject(i);
                    row.append(rs.getMetaData().getColumnName(i))
                            .append('=')
                            .append(
                                    v instanceof byte[] b
                                            ? java.util.HexFormat.of().formatHex(b)
                                            : String.valueOf(v))
                            .append(';');
                }
                out.add(row.toString());
            }
        }
        return out;
    }
}
