package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import dev.loopx.host.shell.ShellWords;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A simulated Codex App host following docs/hosts/codex-app.md through the CLI (SPEC §S13): it
 * installs the heartbeat from {@code host codex-app install-plan}, records the install, and on
 * every automation run loads the managed wrapper's body, asks the body's should-run, applies
 * {@code recommended_rrule} only when {@code apply_needed=true}, then runs
 * {@code ack_hint.cli_args}. Covers the §S15 row "scheduler reset token changed → initial RRULE
 * restored, unchanged-poll state cleared, no spend".
 */
class CodexAppHostSimulationTest {
    private static final String R30 = "FREQ=MINUTELY;INTERVAL=30";
    private static final String R60 = "FREQ=MINUTELY;INTERVAL=60";

    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;
    Instant clock = CliRunner.NOW;
    /** The fake App's automation store: one heartbeat automation. */
    String storedPrompt;

    String storedRrule;
    String storedStatus;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
        assertEquals(
                0,
                run("register-agent", "--goal-id", "g1", "--agent-id", "A", "--execute")
                        .exit());
    }

    private CliRunner.Result run(String... args) {
        List<String> full = new ArrayList<>(List.of("--runtime-root", root, "--now", clock.toString()));
        full.addAll(List.of(args));
        return cli.run(full.toArray(String[]::new));
    }

    private CliRunner.Result ok(CliRunner.Result r) {
        assertEquals(0, r.exit(), r::toString);
        return r;
    }

    private long head() {
        return run("ledger", "verify").json().get("head_seq").asLong();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(a -> out.add(a.asText()));
        return out;
    }

    private String addGate(String text) {
        return ok(run("todo", "add", "--goal-id", "g1", "--role", "user", "--task-class", "user_gate", "--text", text))
                .json()
                .get("todo_id")
                .asText();
    }

    /** Install: preview the request (writes nothing), store it in the App, record the install. */
    private JsonNode install() {
        var before = CliRunner.snapshot(sandbox);
        JsonNode plan = ok(run("host", "codex-app", "install-plan", "--goal-id", "g1", "--agent-id", "A"))
                .json();
        JsonNode privatePlan = ok(run(
                        "host", "codex-app", "install-plan", "--goal-id", "g1", "--agent-id", "A", "--private"))
                .json();
        assertEquals(before, CliRunner.snapshot(sandbox), "install-plan is a preview: every file byte-identical");
        assertFalse(plan.get("writes").asBoolean());
        assertFalse(plan.toString().contains(sandbox.toString()), "the public plan shows no local path");
        JsonNode request = privatePlan.get("automation_update");
        assertEquals("heartbeat", request.get("kind").asText());
        assertEquals("ACTIVE", request.get("status").asText());
        assertEquals(plan.get("prompt_sha256"), privatePlan.get("prompt_sha256"));
        storedPrompt = request.get("prompt").asText();
        storedRrule = request.get("rrule").asText();
        storedStatus = request.get("status").asText();
        assertEquals(
                ManagedWrapper.sha256(storedPrompt), plan.get("prompt_sha256").asText());

        long head = head();
        JsonNode record = plan.at("/next_steps/1");
        assertEquals("record_install", record.get("kind").asText());
        JsonNode receipt =
                ok(run(strings(record.get("cli_args")).toArray(String[]::new))).json();
        assertEquals(head + 1, head());
        assertEquals(
                plan.get("prompt_sha256"), receipt.get("wrapper_sha256"), "the recorded digest is the stored prompt's");
        return plan;
    }

    /** One automation run: load the body through the stored wrapper, ask, apply, ack. */
    private JsonNode automationRun() {
        WrapperBinding binding = WrapperRecognizer.recognize(storedPrompt).orElseThrow();
        assertEquals("A", binding.agentId());
        List<String> loader = ShellWords.split(storedPrompt.split("\n")[2]).orElseThrow();
        List<String> loaderArgs = new ArrayList<>(List.of("--now", clock.toString()));
        loaderArgs.addAll(loader.subList(1, loader.size()));
        JsonNode loaded = ok(cli.run(loaderArgs.toArray(String[]::new))).json();
        assertTrue(loaded.get("ok").asBoolean());
        String ask = loaded.get("task_body")
                .asText()
                .lines()
                .filter(l -> l.startsWith("1. Ask first: "))
                .findFirst()
                .orElseThrow()
                .substring("1. Ask first: ".length());
        List<String> words = new ArrayList<>(ShellWords.split(ask).orElseThrow());
        words.remove(0);
        words.addAll(List.of("--app-automation-current-rrule", storedRrule));

        long before = head();
        JsonNode answer = ok(run(words.toArray(String[]::new))).json();
        assertEquals(before, head(), "should-run appends nothing");
        JsonNode app = answer.at("/scheduler_hint/codex_app");
        if (app.at("/stateful_backoff/apply_needed").asBoolean()) {
            storedRrule = app.get("recommended_rrule").asText();
        } else {
            assertTrue(app.path("recommended_rrule").isMissingNode(), "no apply means no recommended_rrule");
        }
        if (app.at("/stateful_backoff/ack_needed").asBoolean()) {
            assertTrue(app.at("/ack_hint/no_spend").asBoolean());
            ok(run(strings(app.at("/ack_hint/cli_args")).toArray(String[]::new)));
            assertEquals(before + 1, head());
        } else {
            assertEquals(before, head());
        }
        clock = clock.plus(
                Duration.ofMinutes(Integer.parseInt(storedRrule.substring(storedRrule.indexOf("INTERVAL=") + 9))));
        return answer;
    }

    private JsonNode quota() {
        JsonNode q = ok(run("quota", "status", "--goal-id", "g1")).json();
        return q.has("quota") ? q.get("quota") : q;
    }

    @Test
    void theInstallPlanUsesTheGoalsInitialRruleAndTheWrapperLoadsTheLiveBody() {
        addGate("Approve the schema change");
        JsonNode expected = ok(run("quota", "should-run", "--goal-id", "g1", "--agent-id", "A", "--codex-app"))
                .json();
        JsonNode plan = install();
        assertEquals(
                expected.at("/scheduler_hint/reset_policy/app_automation_initial_rrule")
                        .asText(),
                storedRrule);
        assertEquals(R30, storedRrule);
        assertEquals("scheduler_hint", plan.get("rrule_source").asText());
        assertEquals("ACTIVE", storedStatus);
        JsonNode first = automationRun();
        assertEquals("operator_gate_notify", first.get("effective_action").asText());
        assertEquals(
                "NOTIFY", first.at("/interaction_contract/user_channel/notify").asText());
    }

    @Test
    void aNewResetTokenRestoresTheInitialRruleClearsTheUnchangedPollsAndSpendsNothing() {
        String gate = addGate("Approve the schema change");
        install();
        JsonNode quotaBefore = quota();

        JsonNode t1 = automationRun();
        assertEquals(
                "missing",
                t1.at("/scheduler_hint/codex_app/stateful_backoff/state_status").asText());
        assertFalse(
                t1.at("/scheduler_hint/codex_app/stateful_backoff/apply_needed").asBoolean(),
                "the installed RRULE already is the target: only an ack");
        assertTrue(
                t1.at("/scheduler_hint/codex_app/stateful_backoff/ack_needed").asBoolean());
        assertEquals(R30, storedRrule);
        JsonNode t2 = automationRun();
        assertEquals(
                1,
                t2.at("/scheduler_hint/codex_app/stateful_backoff/progression_index")
                        .asInt());
        assertEquals(R60, storedRrule, "same identity after the 30-minute interval: the backoff advanced");
        JsonNode t3 = automationRun();
        assertFalse(
                t3.at("/scheduler_hint/codex_app/stateful_backoff/apply_needed").asBoolean(), "clamped at 60");
        String oldToken = t3.at("/scheduler_hint/reset_policy/reset_token").asText();

        // The owner answers; a new gate opens: a new situation, so a new reset token.
        ok(run(
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                gate,
                "--decision-outcome",
                "approve",
                "--evidence",
                "ok"));
        addGate("Approve the rollout");
        JsonNode reset = automationRun();
        JsonNode b = reset.at("/scheduler_hint/codex_app/stateful_backoff");
        assertNotEquals(
                oldToken, reset.at("/scheduler_hint/reset_policy/reset_token").asText());
        assertEquals("reset_required", b.get("state_status").asText());
        assertEquals(0, b.get("progression_index").asInt(), "the unchanged-poll state starts over");
        assertTrue(b.get("apply_needed").asBoolean());
        assertEquals(
                reset.at("/scheduler_hint/reset_policy/app_automation_initial_rrule")
                        .asText(),
                storedRrule);
        assertEquals(R30, storedRrule, "the initial RRULE is restored");
        // Counting starts again from the initial interval.
        JsonNode next = automationRun();
        assertEquals(
                "same_identity",
                next.at("/scheduler_hint/codex_app/stateful_backoff/state_status")
                        .asText());
        assertEquals(
                1,
                next.at("/scheduler_hint/codex_app/stateful_backoff/progression_index")
                        .asInt());

        JsonNode quotaAfter = quota();
        assertEquals(0, quotaAfter.get("spent_slots").asInt());
        for (String field : List.of("spent_slots", "allowed_slots", "state")) {
            assertEquals(quotaBefore.get(field), quotaAfter.get(field), field);
        }
        var replay = run("ledger", "replay").jsonLines();
        assertTrue(replay.stream().noneMatch(e -> e.get("type").asText().equals("quota.slot_spent")), "nothing spent");
    }

    @Test
    void installPlanFailsClosedForAnUnregisteredAgentAndRefusesBadRrules() {
        var before = CliRunner.snapshot(sandbox);
        var ghost = run("host", "codex-app", "install-plan", "--goal-id", "g1", "--agent-id", "ghost");
        assertEquals(1, ghost.exit(), ghost::toString);
        assertEquals("agent_not_registered", ghost.json().get("error_code").asText());
        assertTrue(ghost.json().path("automation_update").isMissingNode());
        var bad = run(
                "host",
                "codex-app",
                "install-plan",
                "--goal-id",
                "g1",
                "--agent-id",
                "A",
                "--rrule",
                "FREQ=DAILY;BYHOUR=9");
        assertEquals(2, bad.exit(), bad::toString);
        var custom = ok(run(
                        "host",
                        "codex-app",
                        "install-plan",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "A",
                        "--rrule",
                        "FREQ=MINUTELY;INTERVAL=15",
                        "--cli-bin",
                        "loopx-canary",
                        "--available-capability",
                        "shell"))
                .json();
        assertEquals(
                "FREQ=MINUTELY;INTERVAL=15",
                custom.at("/automation_update/rrule").asText());
        assertEquals("flag", custom.get("rrule_source").asText());
        assertTrue(strings(custom.at("/next_steps/1/cli_args"))
                .containsAll(List.of("--cli-bin", "loopx-canary", "--available-capability", "shell")));
        assertEquals(before, CliRunner.snapshot(sandbox));
    }
}
