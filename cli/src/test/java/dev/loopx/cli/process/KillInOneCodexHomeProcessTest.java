package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CodexHomes;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC §S12, issue 19: migration journals are per Codex home. {@code automation-prompts apply} in
 * one home is killed with SIGKILL after its TOML replace (the stores are torn); the same
 * automation id in a second home then migrates normally (never {@code recovery_required}), the
 * torn home's plan shows its pending journal with the exact recover/rollback commands, recover
 * without {@code --codex-home} is refused as ambiguous once both homes have a journal, and
 * {@code --codex-home} finishes each home from its own journal without touching the other.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class KillInOneCodexHomeProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String V1 = CodexHomes.V1;

    @TempDir
    Path temp;

    private ChildCli.Launcher cli;

    @AfterEach
    void tearDown() {
        cli.close();
    }

    @Test
    void aMigrationTornInOneHomeNeverBlocksOrMovesTheSameAutomationInAnother() throws Exception {
        Path home1 = CodexHomes.copyFixture(temp.resolve("codex-home-1"));
        Path home2 = CodexHomes.copyFixture(temp.resolve("codex-home-2"));
        cli = new ChildCli.Launcher(temp);
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
        String v1 = CodexHomes.installV1Wrapper(home1, root);
        CodexHomes.installV1Wrapper(home2, root);
        Path plan1 = temp.resolve("plan-1.json");
        Path plan2 = temp.resolve("plan-2.json");
        plan(root, home1, plan1);

        ChildCli apply = cli.env("LOOPX_FAILPOINT", "AFTER_TOML_REPLACE")
                .start(
                        "--runtime-root",
                        root,
                        "automation-prompts",
                        "apply",
                        "--plan-file",
                        plan1.toString(),
                        "--offline",
                        "--execute");
        cli.env("LOOPX_FAILPOINT", "");
        assertTrue(
                apply.awaitStderrLine(l -> l.equals("failpoint AFTER_TOML_REPLACE reached"), TIMEOUT)
                        .isPresent(),
                apply::describe);
        apply.killHard();
        assertInstanceOf(
                CrossStoreRead.Blocked.class, CodexHomes.store(home1).read(V1).get(), "home 1 is torn");

        // the same automation id in home 2 migrates: home 1's pending journal is not home 2's
        Map<String, String> home2Before = dev.loopx.cli.testing.CliRunner.snapshot(home2);
        plan(root, home2, plan2);
        JsonNode applied = cli.run(
                        TIMEOUT,
                        "--runtime-root",
                        root,
                        "--format",
                        "json",
                        "automation-prompts",
                        "apply",
                        "--plan-file",
                        plan2.toString(),
                        "--offline",
                        "--execute")
                .assertExit(0, TIMEOUT)
                .singleJsonDocument();
        assertEquals("updated", applied.at("/automations/0/result").asText(), applied::toString);
        assertEquals(2, version(home2));
        Map<String, String> home2After = dev.loopx.cli.testing.CliRunner.snapshot(home2);
        assertTrue(!home2Before.equals(home2After));

        // home 1's plan, in text, names the interrupted migration and the exact commands
        ChildCli text = cli.run(
                TIMEOUT,
                "--runtime-root",
                root,
                "--format",
                "text",
                "automation-prompts",
                "plan",
                "--codex-home",
                home1.toString(),
                "--automation-id",
                V1,
                "--plan-file",
                temp.resolve("plan-1b.json").toString());
        text.assertExit(0, TIMEOUT);
        assertTrue(text.stdout().contains("migration interrupted (pending journal)"), text::describe);
        assertTrue(
                text.stdout()
                        .contains("loopx automation-prompts recover --automation-id " + V1 + " --offline --execute"),
                text::describe);
        assertTrue(
                text.stdout()
                        .contains("loopx automation-prompts rollback --automation-id " + V1 + " --offline --execute"),
                text::describe);

        // both homes have a journal for the id now: recover must be told which
        JsonNode ambiguous = cli.run(
                        TIMEOUT,
                        "--runtime-root",
                        root,
                        "--format",
                        "json",
                        "automation-prompts",
                        "recover",
                        "--automation-id",
                        V1,
                        "--offline",
                        "--execute")
                .assertExit(1, TIMEOUT)
                .singleJsonDocument();
        assertEquals("ambiguous_codex_home", ambiguous.path("error_code").asText(), ambiguous::toString);
        assertInstanceOf(
                CrossStoreRead.Blocked.class, CodexHomes.store(home1).read(V1).get(), "nothing moved");

        // rollback in home 1 restores its v1 exactly; home 2 keeps its upgrade
        JsonNode rolledBack = cli.run(
                        TIMEOUT,
                        "--runtime-root",
                        root,
                        "--format",
                        "json",
                        "automation-prompts",
                        "rollback",
                        "--automation-id",
                        V1,
                        "--codex-home",
                        home1.toString(),
                        "--offline",
                        "--execute")
                .assertExit(0, TIMEOUT)
                .singleJsonDocument();
        assertEquals("rolled_back", rolledBack.path("result").asText(), rolledBack::toString);
        CrossStoreRead read = CodexHomes.store(home1).read(V1).get();
        assertEquals(
                v1,
                assertInstanceOf(CrossStoreRead.Consistent.class, read, read::toString)
                        .pair()
                        .prompt());
        assertEquals(home2After, dev.loopx.cli.testing.CliRunner.snapshot(home2), "home 2 untouched");
        cli.run(TIMEOUT, "--runtime-root", root, "ledger", "verify").assertExit(0, TIMEOUT);
    }

    private void plan(String root, Path home, Path planFile) {
        cli.run(
                        TIMEOUT,
                        "--runtime-root",
                        root,
                        "automation-prompts",
                        "plan",
                        "--codex-home",
                        home.toString(),
                        "--automation-id",
                        V1,
                        "--plan-file",
                        planFile.toString())
                .assertExit(0, TIMEOUT);
    }

    private static int version(Path home) {
        CrossStoreRead read = CodexHomes.store(home).read(V1).get();
        return WrapperRecognizer.recognize(assertInstanceOf(CrossStoreRead.Consistent.class, read, read::toString)
                        .pair()
                        .prompt())
                .orElseThrow()
                .version();
    }
}
