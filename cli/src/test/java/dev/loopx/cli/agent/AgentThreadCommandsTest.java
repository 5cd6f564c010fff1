package dev.loopx.cli.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bind-agent-thread}, {@code resolve-agent-thread}, {@code unbind-agent-thread} end to end through the CLI. */
class AgentThreadCommandsTest {
    static final String THREAD = "019a7f3e-5b1c-7d2e-8f90-a1b2c3d4e5f6";

    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;
    Path ledger;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
        ledger = project.resolve(".loopx").resolve("ledger");
        assertEquals(
                0,
                run("register-agent", "--goal-id", "g1", "--agent-id", "builder", "--agent-id", "reviewer", "--execute")
                        .exit());
    }

    private CliRunner.Result run(String... args) {
        String[] full = new String[args.length + 2];
        full[0] = "--runtime-root";
        full[1] = root;
        System.arraycopy(args, 0, full, 2, args.length);
        return cli.run(full);
    }

    private long head() {
        return run("ledger", "verify").json().get("head_seq").asLong();
    }

    private CliRunner.Result bind(String agent, String... more) {
        String[] base = {"bind-agent-thread", "--goal-id", "g1", "--thread-id", THREAD, "--agent-id", agent};
        String[] full = new String[base.length + more.length];
        System.arraycopy(base, 0, full, 0, base.length);
        System.arraycopy(more, 0, full, base.length, more.length);
        return run(full);
    }

    private CliRunner.Result resolve() {
        return run("resolve-agent-thread", "--goal-id", "g1", "--thread-id", THREAD);
    }

    @Test
    void aBindingPreviewsFirst_thenResolvesTheAgent_andRepeatingItChangesNothing() {
        long start = head();
        CliRunner.Result preview = bind("builder");
        assertEquals(0, preview.exit(), preview::toString);
        assertTrue(preview.json().path("dry_run").asBoolean());
        assertEquals(
                "agent.thread_bound",
                preview.json().at("/preview/event_types/0").asText(),
                preview::toString);
        assertEquals(start, head(), "a preview appends nothing");
        assertEquals(
                "agent_thread_not_bound", resolve().json().path("error_code").asText());

        CliRunner.Result bound = bind("builder", "--execute");
        assertEquals(0, bound.exit(), bound::toString);
        assertEquals("not_bound", bound.json().at("/binding_before/status").asText());
        assertEquals("builder", bound.json().at("/binding/agent_id").asText());
        assertEquals(start + 1, head());

        CliRunner.Result resolved = resolve();
        assertEquals(0, resolved.exit(), resolved::toString);
        JsonNode r = resolved.json();
        assertEquals(
                "loopx_agent_thread_resolution_v0", r.path("schema_version").asText());
        assertEquals("builder", r.path("agent_id").asText());
        assertEquals("codex-app", r.path("host_surface").asText());
        assertEquals(start + 1, r.at("/binding/bound_seq").asLong());

        CliRunner.Result again = bind("builder", "--host-surface", "codex_app", "--execute");
        assertEquals(0, again.exit(), again::toString);
        assertFalse(again.json().path("changed").asBoolean(), "codex_app is the same surface; already bound");
        assertEquals(start + 1, head());
    }

    @Test
    void bindingABoundThreadToAnotherAgent_isRefusedUnlessMoved() throws Exception {
        assertEquals(0, bind("builder", "--execute").exit());
        long before = head();
        byte[] ledgerBefore = ledgerBytes();
        CliRunner.Result refused = bind("reviewer", "--execute");
        assertEquals(1, refused.exit(), refused::toString);
        assertEquals(
                "agent_thread_bound_to_other", refused.json().path("error_code").asText());
        assertTrue(refused.json().path("hint").asText().contains("--move"), refused::toString);
        assertArrayEquals(ledgerBefore, ledgerBytes(), "a refusal leaves the ledger byte-identical");

        CliRunner.Result moved = bind("reviewer", "--move", "--execute");
        assertEquals(0, moved.exit(), moved::toString);
        assertEquals(before + 1, head());
        JsonNode r = resolve().json();
        assertEquals("reviewer", r.path("agent_id").asText());
        assertEquals("builder", r.at("/binding/previous_agent_id").asText());
    }

    @Test
    void unbindingNamesTheBoundAgent_andAnUnboundThreadChangesNothing() {
        assertEquals(0, bind("builder", "--execute").exit());
        CliRunner.Result wrong = run(
                "unbind-agent-thread", "--goal-id", "g1", "--thread-id", THREAD, "--agent-id", "reviewer", "--execute");
        assertEquals(1, wrong.exit(), wrong::toString);
        assertEquals(
                "agent_thread_bound_to_other", wrong.json().path("error_code").asText());

        long before = head();
        CliRunner.Result unbound = run(
                "unbind-agent-thread", "--goal-id", "g1", "--thread-id", THREAD, "--agent-id", "builder", "--execute");
        assertEquals(0, unbound.exit(), unbound::toString);
        assertEquals("not_bound", unbound.json().at("/binding/status").asText());
        assertEquals(before + 1, head());
        CliRunner.Result notBound = resolve();
        assertEquals(1, notBound.exit());
        assertTrue(
                notBound.json()
                        .path("hint")
                        .asText()
                        .startsWith("loopx bind-agent-thread --goal-id g1 --thread-id " + THREAD),
                notBound::toString);

        CliRunner.Result twice = run(
                "unbind-agent-thread", "--goal-id", "g1", "--thread-id", THREAD, "--agent-id", "builder", "--execute");
        assertEquals(0, twice.exit(), twice::toString);
        assertFalse(twice.json().path("changed").asBoolean());
        assertEquals(before + 1, head());
    }

    @Test
    void anUnregisteredAgent_isRefused_andBadThreadIdsAreBadInput() throws Exception {
        byte[] ledgerBefore = ledgerBytes();
        CliRunner.Result ghost = bind("ghost", "--execute");
        assertEquals(1, ghost.exit(), ghost::toString);
        assertEquals("agent_not_registered", ghost.json().path("error_code").asText());
        for (String bad :
                new String[] {"/home/me/threads/1", "../x", "sk-ant-api03-abcdefghijklmnopqrstuvwxyzABCDEFGH", ""}) {
            CliRunner.Result r = run(
                    "bind-agent-thread", "--goal-id", "g1", "--thread-id", bad, "--agent-id", "builder", "--execute");
            assertEquals(2, r.exit(), bad + ": " + r);
            assertFalse(r.stdout().contains("/home/me") || r.stdout().contains("sk-ant"), r::toString);
        }
        assertArrayEquals(ledgerBefore, ledgerBytes());
    }

    @Test
    void theSameOperationIdReplays_andADifferentIntentConflicts() {
        CliRunner.Result first = bind("builder", "--operation-id", "bind-1", "--execute");
        assertEquals(0, first.exit(), first::toString);
        long after = head();
        CliRunner.Result replay = bind("builder", "--operation-id", "bind-1", "--execute");
        assertEquals(0, replay.exit(), replay::toString);
        assertTrue(replay.json().at("/receipt/replayed").asBoolean(), replay::toString);
        assertEquals(after, head());
        CliRunner.Result conflict = bind("reviewer", "--move", "--operation-id", "bind-1", "--execute");
        assertEquals(1, conflict.exit(), conflict::toString);
        assertEquals("operation_id_conflict", conflict.json().path("error_code").asText());
    }

    @Test
    void theTextViews_answerFirst() {
        CliRunner.Result preview = run(
                "--format",
                "text",
                "bind-agent-thread",
                "--goal-id",
                "g1",
                "--thread-id",
                THREAD,
                "--agent-id",
                "builder");
        assertTrue(
                preview.stdout()
                        .startsWith(
                                "preview: would bind thread " + THREAD + " (codex-app) → builder (nothing written)"),
                preview::toString);
        assertTrue(preview.stdout().contains("repeat the command with --execute"), preview::toString);
        CliRunner.Result bound = run(
                "--format",
                "text",
                "bind-agent-thread",
                "--goal-id",
                "g1",
                "--thread-id",
                THREAD,
                "--agent-id",
                "builder",
                "--execute");
        assertTrue(bound.stdout().startsWith("bound thread " + THREAD + " (codex-app) → builder"), bound::toString);
        CliRunner.Result resolved =
                run("--format", "text", "resolve-agent-thread", "--goal-id", "g1", "--thread-id", THREAD);
        assertTrue(resolved.stdout().startsWith("builder ← thread " + THREAD + " (codex-app)"), resolved::toString);
        CliRunner.Result other =
                run("--format", "text", "resolve-agent-thread", "--goal-id", "g1", "--thread-id", "other-thread");
        assertEquals(1, other.exit());
        assertTrue(
                other.stderr().contains("hint: loopx bind-agent-thread --goal-id g1 --thread-id other-thread"),
                other::toString);
    }

    @Test
    void theCodexAppInstallPlan_resolvesTheLaneFromABoundThread_andTargetsIt() {
        CliRunner.Result unbound = run("host", "codex-app", "install-plan", "--goal-id", "g1", "--thread-id", THREAD);
        assertEquals(1, unbound.exit(), unbound::toString);
        assertEquals("agent_thread_not_bound", unbound.json().path("error_code").asText());

        assertEquals(0, bind("reviewer", "--execute").exit());
        CliRunner.Result plan = run("host", "codex-app", "install-plan", "--goal-id", "g1", "--thread-id", THREAD);
        assertEquals(0, plan.exit(), plan::toString);
        JsonNode p = plan.json();
        assertEquals("reviewer", p.path("agent_id").asText());
        assertEquals(THREAD, p.at("/automation_update/target_thread_id").asText());
        assertEquals("thread_binding", p.at("/agent_resolution/source").asText());
        assertTrue(p.at("/automation_update/prompt").asText().contains("--agent-id reviewer"), p::toString);

        CliRunner.Result other = run(
                "host", "codex-app", "install-plan", "--goal-id", "g1", "--thread-id", THREAD, "--agent-id", "builder");
        assertEquals(1, other.exit(), other::toString);
        assertEquals(
                "agent_thread_bound_to_other", other.json().path("error_code").asText());

        CliRunner.Result byFlag = run("host", "codex-app", "install-plan", "--goal-id", "g1", "--agent-id", "builder");
        assertEquals(0, byFlag.exit(), byFlag::toString);
        assertEquals("flag", byFlag.json().at("/agent_resolution/source").asText());
        assertTrue(byFlag.json().at("/automation_update/target_thread_id").isMissingNode());

        CliRunner.Result neither = run("host", "codex-app", "install-plan", "--goal-id", "g1");
        assertEquals(2, neither.exit(), neither::toString);
    }

    private byte[] ledgerBytes() throws Exception {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        try (var files = Files.walk(ledger)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                all.write(p.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                all.write(Files.readAllBytes(p));
            }
        }
        return all.toByteArray();
    }
}
