package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CodexHomes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34 item 9 through the real entry point ({@code Main}, {@code Environment.system}): a
 * {@code loopx} a test starts is scoped by {@code LOOPX_PROCESS_SCOPE} (set by {@link ChildCli}) to
 * the test JVM's descendants, so a Codex App running on the machine outside the test does not defer
 * its {@code automation-prompts apply}; a stand-in App the test starts still does.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class CodexAppOutsideTheTestProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @TempDir
    Path temp;

    private ChildCli.Launcher cli;
    private ProcessHandle outside;

    @AfterEach
    void tearDown() throws Exception {
        if (cli != null) {
            cli.close();
        }
        if (outside != null) {
            outside.destroyForcibly();
            outside.onExit().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aChildLoopxIgnoresACodexAppOutsideTheTest_butDefersForTheTestsOwn() throws Exception {
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
        CodexHomes.installV1Wrapper(codexHome, root);
        Path plan = temp.resolve("plan.json");
        String[] planArgs = {
            "--runtime-root",
            root,
            "automation-prompts",
            "plan",
            "--automation-id",
            CodexHomes.V1,
            "--plan-file",
            plan.toString()
        };
        String[] applyArgs = {
            "--runtime-root",
            root,
            "automation-prompts",
            "apply",
            "--plan-file",
            plan.toString(),
            "--offline",
            "--execute"
        };
        outside = CodexHomes.startOrphanedFakeApp(temp.resolve("outside-bin"));

        Process own = CodexHomes.startFakeApp(temp.resolve("own-bin"));
        try {
            cli.run(TIMEOUT, planArgs).assertExit(0, TIMEOUT);
            JsonNode deferred =
                    cli.run(TIMEOUT, applyArgs).assertExit(1, TIMEOUT).singleJsonDocument();
            assertEquals("app_running", deferred.path("deferral_reason").asText(), deferred.toString());
        } finally {
            own.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }

        cli.run(TIMEOUT, planArgs).assertExit(0, TIMEOUT);
        ChildCli apply = cli.run(TIMEOUT, applyArgs).assertExit(0, TIMEOUT);
        JsonNode applied = apply.singleJsonDocument();
        assertFalse(applied.path("app_running").asBoolean(true), apply.describe());
        assertEquals("updated", applied.at("/automations/0/result").asText(), apply.describe());
    }
}
