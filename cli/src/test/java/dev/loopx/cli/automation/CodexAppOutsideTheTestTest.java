package dev.loopx.cli.automation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.application.ProcessView;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.cli.testing.CodexHomes;
import dev.loopx.host.codexapp.store.CodexAppProcessProbe;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34 item 9: the test suite is hermetic. A process named {@code Codex} that the test did not
 * start (as a Codex App the developer runs) is seen by the production probe, yet an in-process CLI
 * run ({@code automation-prompts apply}, which defers while the App runs) is not changed by it: a
 * test's environment sees only the processes its JVM started. A stand-in App the test starts
 * itself still defers the apply, so the scoped view is not blind.
 */
class CodexAppOutsideTheTestTest {
    @TempDir
    Path sandbox;

    private CliRunner cli;
    private String root;
    private Path home;
    private ProcessHandle outside;

    @BeforeEach
    void setUp() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "demo-goal")
                        .exit());
        root = project.resolve(".loopx").toString();
        assertEquals(
                0,
                run("register-agent", "--goal-id", "demo-goal", "--agent-id", "builder", "--execute")
                        .exit());
        home = CodexHomes.copyFixture(sandbox.resolve("codex-home"));
        CodexHomes.installV1Wrapper(home, root);
        outside = CodexHomes.startOrphanedFakeApp(sandbox.resolve("outside-bin"));
    }

    @AfterEach
    void tearDown() throws Exception {
        if (outside != null) {
            outside.destroyForcibly();
            outside.onExit().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aCodexAppOutsideTheTest_isSeenByTheMachineProbe_butNotByTheTestsView() {
        assertTrue(
                CodexAppProcessProbe.system().running().stream().anyMatch(p -> p.pid() == outside.pid()),
                "the production probe sees a Codex process anywhere on the machine");
        assertFalse(
                CodexAppProcessProbe.over(ProcessView.ownChildren()::processes).running().stream()
                        .anyMatch(p -> p.pid() == outside.pid()),
                "a test's view holds only the processes its JVM started");
    }

    @Test
    void aCodexAppOutsideTheTest_doesNotDeferTheApply() {
        Path plan = sandbox.resolve("plan.json");
        assertEquals(0, plan(plan).exit());

        CliRunner.Result applied = apply(plan);

        assertEquals(0, applied.exit(), applied::toString);
        JsonNode doc = applied.json();
        assertFalse(doc.path("app_running").asBoolean(true), doc::toString);
        assertTrue(doc.path("deferral_reason").isNull(), doc::toString);
        CrossStoreRead read = CodexHomes.store(home).read(CodexHomes.V1).get();
        String prompt = assertInstanceOf(CrossStoreRead.Consistent.class, read, read::toString)
                .pair()
                .prompt();
        assertEquals(2, WrapperRecognizer.recognize(prompt).orElseThrow().version(), "the wrapper was upgraded");
    }

    @Test
    void aStandInAppTheTestStartsItself_stillDefersTheApply() throws Exception {
        Path plan = sandbox.resolve("plan.json");
        assertEquals(0, plan(plan).exit());
        Process own = CodexHomes.startFakeApp(sandbox.resolve("own-bin"));
        try {
            CliRunner.Result applied = apply(plan);

            assertEquals(1, applied.exit(), applied::toString);
            assertTrue(applied.json().path("app_running").asBoolean(), applied::toString);
            assertEquals("app_running", applied.json().path("deferral_reason").asText());
        } finally {
            own.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private CliRunner.Result plan(Path planFile) {
        return run(
                "automation-prompts",
                "plan",
                "--codex-home",
                home.toString(),
                "--automation-id",
                CodexHomes.V1,
                "--plan-file",
                planFile.toString());
    }

    private CliRunner.Result apply(Path planFile) {
        return run("automation-prompts", "apply", "--plan-file", planFile.toString(), "--offline", "--execute");
    }

    private CliRunner.Result run(String... args) {
        List<String> full = new ArrayList<>(List.of("--runtime-root", root, "--format", "json"));
        full.addAll(List.of(args));
        return cli.run(full.toArray(String[]::new));
    }
}
