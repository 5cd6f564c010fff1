package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.cli.testing.CodexHomes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC §S12: should-run on a Codex App lane opens the Codex App's stores only when a pending
 * deferred upgrade names the lane. Checked on real child JVMs with a class-load log: without a
 * record, no class of the store adapter is loaded and the Codex home is untouched; after a real
 * deferral (apply while a process named {@code Codex} runs) the same call reads the store and
 * emits the hint.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ShouldRunHostStoreProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String STORE_CLASS = "dev.loopx.host.codexapp.store.CodexAutomationStore";
    private static final String V1 = "loopx-heartbeat-v1";

    @TempDir
    Path temp;

    private ChildCli.Launcher cli;
    private Path codexHome;
    private String root;

    @BeforeEach
    void setUp() throws Exception {
        codexHome = CodexHomes.copyFixture(temp.resolve("codex-home"));
        cli = new ChildCli.Launcher(temp).env("CODEX_HOME", codexHome.toString());
        Path project = Files.createDirectories(cli.workDir().resolve("app"));
        root = project.resolve(".loopx").toString();
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
    }

    @AfterEach
    void tearDown() {
        cli.close();
    }

    @Test
    void withoutAPendingRecordShouldRunNeverLoadsTheStoreAdapter_withOneItReadsTheStoreAndHints() throws Exception {
        var homeBefore = CliRunner.snapshot(codexHome);
        Logged quiet = shouldRun("quiet");
        assertFalse(quiet.classes().contains(STORE_CLASS), "no record: the store adapter is never loaded");
        assertEquals(
                "absent",
                quiet.answer()
                        .at("/scheduler_hint/app_automation/prompt_binding/status")
                        .asText());
        assertEquals(homeBefore, CliRunner.snapshot(codexHome), "no record: the Codex home is untouched");

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
        Process app = CodexHomes.startFakeApp(temp.resolve("app-bin"));
        try {
            cli.run(
                            TIMEOUT,
                            "--runtime-root",
                            root,
                            "automation-prompts",
                            "apply",
                            "--plan-file",
                            plan.toString(),
                            "--offline",
                            "--execute")
                    .assertExit(1, TIMEOUT);
        } finally {
            app.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }

        Logged hinted = shouldRun("hinted");
        assertTrue(hinted.classes().contains(STORE_CLASS), "one record: the store is read");
        JsonNode binding = hinted.answer().at("/scheduler_hint/app_automation/prompt_binding");
        assertEquals(
                "adoption_required",
                binding.path("status").asText(),
                hinted.answer().toString());
        assertEquals(V1, binding.at("/automation_update/automation_id").asText());
        assertTrue(hinted.answer().toString().contains("automation_prompt_upgrade"));
    }

    private record Logged(JsonNode answer, String classes) {}

    private Logged shouldRun(String label) throws Exception {
        Path log = temp.resolve(label + "-classes.log");
        ChildCli child = cli.runWithJvmOptions(
                TIMEOUT,
                List.of("-Xlog:class+load=info:file=" + log),
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                "demo-goal",
                "--agent-id",
                "builder",
                "--runtime-profile",
                "codex_app_heartbeat");
        child.assertExit(0, TIMEOUT);
        String classes = Files.readString(log);
        assertTrue(classes.contains("dev.loopx.cli.Main"), "the log covers our classes");
        return new Logged(child.singleJsonDocument(), classes);
    }
}
