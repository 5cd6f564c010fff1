package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
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
 * A fake Codex App host driving {@code quota should-run} on a simulated clock (SPEC §S7, §S8): it
 * applies {@code recommended_rrule} when {@code apply_needed}, runs {@code ack_hint.cli_args},
 * and sleeps for the interval it applied.
 */
class HeartbeatSimulationTest {
    private static final String R3 = "FREQ=MINUTELY;INTERVAL=3";
    private static final String R30 = "FREQ=MINUTELY;INTERVAL=30";
    private static final String R60 = "FREQ=MINUTELY;INTERVAL=60";

    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;
    Instant clock = CliRunner.NOW;
    /** The fake host's automation RRULE. */
    String hostRrule = R3;

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

    private long head() {
        return cli.run("--runtime-root", root, "ledger", "verify")
                .json()
                .get("head_seq")
                .asLong();
    }

    private JsonNode shouldRun(String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "quota",
                "should-run",
                "--goal-id",
                "g1",
                "--runtime-profile",
                "codex_app_heartbeat",
                "--agent-id",
                "A",
                "--app-automation-current-rrule",
                hostRrule));
        args.addAll(List.of(extra));
        var result = run(args.toArray(String[]::new));
        assertEquals(0, result.exit(), result::toString);
        return result.json();
    }

    private String addGate(String text) {
        var added =
                run("todo", "add", "--goal-id", "g1", "--role", "user", "--task-class", "user_gate", "--text", text);
        assertEquals(0, added.exit(), added::toString);
        return added.json().get("todo_id").asText();
    }

    private static int minutes(String rrule) {
        return Integer.parseInt(rrule.substring(rrule.indexOf("INTERVAL=") + "INTERVAL=".length()));
    }

    /**
     * One host tick: ask, apply, ack, then sleep for the applied interval. Returns the answer and
     * checks that should-run itself appended nothing and spent nothing.
     */
    private JsonNode tick() {
        long before = head();
        JsonNode answer = shouldRun();
        assertEquals(before, head(), "should-run appends nothing");
        assertEquals(0, answer.at("/quota/spent_slots").asInt(), "should-run never spends");
        JsonNode app = answer.at("/scheduler_hint/codex_app");
        assertEquals(answer.at("/scheduler_hint/app_automation"), app);
        if (app.at("/stateful_backoff/apply_needed").asBoolean()) {
            hostRrule = app.path("recommended_rrule").asText();
        } else {
            assertTrue(app.path("recommended_rrule").isMissingNode());
        }
        if (app.at("/stateful_backoff/ack_needed").asBoolean()) {
            List<String> ack = new ArrayList<>();
            app.at("/ack_hint/cli_args").forEach(a -> ack.add(a.asText()));
            assertTrue(app.at("/ack_hint/no_spend").asBoolean());
            var acked = run(ack.toArray(String[]::new));
            assertEquals(0, acked.exit(), acked::toString);
            assertTrue(acked.json().get("appended").asBoolean(), acked::toString);
            assertEquals(before + 1, head(), "an ack appends exactly one event");
        } else {
            assertTrue(app.path("ack_hint").isMissingNode());
            assertEquals(before, head());
        }
        clock = clock.plus(Duration.ofMinutes(minutes(hostRrule)));
        return answer;
    }

    @Test
    void gateBackoffProgressesThirtySixtyAndResetsForANewGate() {
        String first = addGate("Approve the schema change");
        JsonNode t1 = tick();
        assertEquals("operator_gate_notify", t1.path("effective_action").asText());
        assertEquals("human_gate", t1.at("/scheduler_hint/cadence_class").asText());
        assertEquals(
                "missing",
                t1.at("/scheduler_hint/codex_app/stateful_backoff/state_status").asText());
        assertEquals(R30, hostRrule);

        JsonNode t2 = tick();
        assertEquals(
                "same_identity",
                t2.at("/scheduler_hint/codex_app/stateful_backoff/state_status").asText());
        assertEquals(
                1,
                t2.at("/scheduler_hint/codex_app/stateful_backoff/progression_index")
                        .asInt());
        assertEquals(R60, hostRrule);

        // Clamped at 60: nothing to apply or ack any more.
        JsonNode t3 = tick();
        assertFalse(
                t3.at("/scheduler_hint/codex_app/stateful_backoff/apply_needed").asBoolean());
        assertFalse(
                t3.at("/scheduler_hint/codex_app/stateful_backoff/ack_needed").asBoolean());
        assertEquals(R60, hostRrule);
        String firstToken = t3.at("/scheduler_hint/reset_policy/reset_token").asText();
        assertEquals(t1.at("/scheduler_hint/reset_policy/reset_token").asText(), firstToken);

        // The owner decides the first gate; a second gate opens: a new identity resets to 30.
        var decided = run(
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                first,
                "--decision-outcome",
                "approve",
                "--evidence",
                "approved");
        assertEquals(0, decided.exit(), decided::toString);
        addGate("Approve the rollout");
        JsonNode t4 = tick();
        assertEquals(
                "reset_required",
                t4.at("/scheduler_hint/codex_app/stateful_backoff/state_status").asText());
        assertEquals(
                0,
                t4.at("/scheduler_hint/codex_app/stateful_backoff/progression_index")
                        .asInt());
        assertFalse(firstToken.equals(
                t4.at("/scheduler_hint/reset_policy/reset_token").asText()));
        assertEquals(R30, hostRrule);
    }

    @Test
    void acksMustMatchTheLiveHintAndRepeatsAppendNothing() {
        addGate("Approve the schema change");
        JsonNode answer = shouldRun();
        JsonNode b = answer.at("/scheduler_hint/codex_app/stateful_backoff");
        long before = head();
        var wrong = run(
                "quota",
                "scheduler-ack-current",
                "--goal-id",
                "g1",
                "--agent-id",
                "A",
                "--applied-rrule",
                R30,
                "--reset-token",
                "0123456789abcdef",
                "--identity-signature",
                b.path("identity_signature").asText(),
                "--execute");
        assertEquals(1, wrong.exit(), wrong::toString);
        assertFalse(wrong.json().get("ok").asBoolean());
        assertEquals("scheduler_hint_mismatch", wrong.json().get("error_code").asText(), wrong::toString);
        assertEquals(before, head());

        List<String> ack = new ArrayList<>();
        answer.at("/scheduler_hint/codex_app/ack_hint/cli_args").forEach(a -> ack.add(a.asText()));
        var first = run(ack.toArray(String[]::new));
        assertTrue(first.json().get("appended").asBoolean(), first::toString);
        assertFalse(first.json().get("spends_quota").asBoolean());
        assertEquals(before + 1, head());
        var repeat = run(ack.toArray(String[]::new));
        assertEquals(0, repeat.exit(), repeat::toString);
        assertFalse(repeat.json().get("appended").asBoolean(), repeat::toString);
        assertEquals(before + 1, head());
    }

    @Test
    void aHostFailureSuppressesTheApplyUntilAnAck() {
        addGate("Approve the schema change");
        hostRrule = R60;
        JsonNode answer = shouldRun();
        assertTrue(answer.at("/scheduler_hint/codex_app/stateful_backoff/apply_needed")
                .asBoolean());
        assertEquals(
                R30, answer.at("/scheduler_hint/codex_app/recommended_rrule").asText());
        // The host could not change its automation from 60 to 30.
        var failed = run(
                "quota",
                "scheduler-fail-current",
                "--goal-id",
                "g1",
                "--agent-id",
                "A",
                "--failed-rrule",
                R30,
                "--app-automation-current-rrule",
                R60,
                "--execute");
        assertEquals(0, failed.exit(), failed::toString);
        assertTrue(cli.run("--runtime-root", root, "projections", "dump", "--canonical")
                .stdout()
                .contains("\"failed_rrule\""));
        JsonNode suppressed = shouldRun();
        JsonNode b = suppressed.at("/scheduler_hint/codex_app/stateful_backoff");
        assertEquals("host_update_failure_suppressed", b.path("state_status").asText());
        assertFalse(b.path("apply_needed").asBoolean());
        assertTrue(suppressed.at("/scheduler_hint/codex_app/recommended_rrule").isMissingNode());
        // A day later the failure is forgotten.
        Instant now = clock;
        clock = clock.plus(Duration.ofHours(24));
        assertTrue(shouldRun()
                .at("/scheduler_hint/codex_app/stateful_backoff/apply_needed")
                .asBoolean());
        clock = now;
        // The host manages the change after all and acks it: the failure is cleared.
        hostRrule = R30;
        var acked = run(
                "quota",
                "scheduler-ack-current",
                "--goal-id",
                "g1",
                "--agent-id",
                "A",
                "--applied-rrule",
                R30,
                "--reset-token",
                b.path("reset_token").asText(),
                "--identity-signature",
                b.path("identity_signature").asText(),
                "--execute");
        assertEquals(0, acked.exit(), acked::toString);
        hostRrule = R60;
        JsonNode after = shouldRun();
        assertEquals(
                "same_identity",
                after.at("/scheduler_hint/codex_app/stateful_backoff/state_status")
                        .asText());
        var dump = cli.run("--runtime-root", root, "projections", "dump", "--canonical");
        assertFalse(dump.stdout().contains("\"failed_rrule\""), dump::toString);
    }

    @Test
    void turnReceiptsAreIdempotentAndShouldRunWritesNothingElse() {
        var work = run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Build it");
        assertEquals(0, work.exit(), work::toString);
        long before = head();
        for (int i = 0; i < 3; i++) {
            JsonNode answer = shouldRun();
            assertEquals("normal_run", answer.path("effective_action").asText());
            assertTrue(answer.path("should_run").asBoolean());
        }
        assertEquals(before, head());
        JsonNode first = shouldRun("--turn-instance-id", "turn-1");
        assertTrue(first.at("/turn_receipt/recorded_now").asBoolean());
        assertFalse(first.at("/turn_receipt/spends_quota").asBoolean());
        assertEquals(before + 1, head());
        var replay = cli.run("--runtime-root", root, "ledger", "replay", "--from", String.valueOf(before + 1))
                .jsonLines();
        assertEquals(1, replay.size());
        assertEquals("turn.observed", replay.get(0).path("type").asText(), replay.get(0)::toString);
        JsonNode repeat = shouldRun("--turn-instance-id", "turn-1");
        assertFalse(repeat.at("/turn_receipt/recorded_now").asBoolean());
        assertEquals(before + 1, head());
        assertEquals(0, repeat.at("/quota/spent_slots").asInt());
        // Without a profile it fails closed and still writes nothing.
        var closed = run("quota", "should-run", "--goal-id", "g1", "--agent-id", "A");
        assertEquals(0, closed.exit(), closed::toString);
        assertEquals(
                "repair_scheduler_execution_context",
                closed.json().at("/scheduler_hint/action").asText());
        assertEquals(before + 1, head());
    }
}
