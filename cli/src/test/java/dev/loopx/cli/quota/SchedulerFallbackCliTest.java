package dev.loopx.cli.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Codex App fallback end to end: should-run's {@code failure_hint} runs as given (its
 * {@code cli_args}, and its {@code command} parses in {@code sh -n}), and afterwards should-run
 * stops asking for that change; the {@code fallback_hint} RRULE set by hand is acknowledged as usual.
 */
class SchedulerFallbackCliTest {
    static final String R3 = "FREQ=MINUTELY;INTERVAL=3";
    static final String R60 = "FREQ=MINUTELY;INTERVAL=60";

    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
        ok("register-agent", "--goal-id", "g1", "--agent-id", "builder", "--execute");
        ok("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Write the parser");
    }

    private JsonNode ok(String... args) {
        String[] full = new String[args.length + 2];
        full[0] = "--runtime-root";
        full[1] = root;
        System.arraycopy(args, 0, full, 2, args.length);
        CliRunner.Result r = cli.run(full);
        assertEquals(0, r.exit(), () -> String.join(" ", args) + ": " + r);
        return r.json();
    }

    private JsonNode app(String observed) {
        return ok(
                        "quota",
                        "should-run",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "builder",
                        "--runtime-profile",
                        "codex_app_heartbeat",
                        "--app-automation-current-rrule",
                        observed)
                .at("/scheduler_hint/codex_app");
    }

    private static String[] strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(a -> out.add(a.asText()));
        return out.toArray(String[]::new);
    }

    @Test
    void theFailureHintRunsAsGiven_andShouldRunThenStopsAskingForThatChange() throws Exception {
        JsonNode app = app(R60);
        assertTrue(app.at("/stateful_backoff/apply_needed").asBoolean(), app::toString);
        JsonNode failure = app.path("failure_hint");
        Process sh = new ProcessBuilder(
                        "sh", "-n", "-c", failure.path("command").asText())
                .redirectErrorStream(true)
                .start();
        String out = new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(sh.waitFor(30, TimeUnit.SECONDS));
        assertEquals(
                0, sh.exitValue(), "sh -n refuses " + failure.path("command").asText() + ": " + out);

        JsonNode failed = ok(strings(failure.path("cli_args")));
        assertEquals("loopx_scheduler_fail_v0", failed.path("schema_version").asText());
        assertFalse(failed.path("spends_quota").asBoolean());

        JsonNode after = app(R60);
        assertFalse(after.at("/stateful_backoff/apply_needed").asBoolean(), after::toString);
        assertEquals(
                "host_update_failure_suppressed",
                after.at("/stateful_backoff/state_status").asText());
        assertTrue(after.path("failure_hint").isMissingNode());
        assertTrue(after.path("fallback_hint").isMissingNode());
    }

    @Test
    void theFallbackRruleSetByHand_isAcknowledgedAsUsual() {
        JsonNode app = app(R60);
        ok(strings(app.at("/failure_hint/cli_args")));
        String byHand = app.at("/fallback_hint/rrule").asText();
        assertEquals(R3, byHand);
        ok(strings(app.at("/ack_hint/cli_args")));
        JsonNode after = app(byHand);
        assertFalse(after.at("/stateful_backoff/apply_needed").asBoolean(), after::toString);
        assertFalse(after.at("/stateful_backoff/ack_needed").asBoolean(), after::toString);
        assertEquals("same_identity", after.at("/stateful_backoff/state_status").asText());
    }

    @Test
    void aFailureWithoutTheObservedRrule_isAccepted_andSuppressesCallsThatDoNotSayOneEither() {
        JsonNode app = ok(
                        "quota",
                        "should-run",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "builder",
                        "--runtime-profile",
                        "codex_app_heartbeat")
                .at("/scheduler_hint/codex_app");
        List<String> args = List.of(strings(app.at("/failure_hint/cli_args")));
        assertFalse(args.contains("--app-automation-current-rrule"), args::toString);
        ok(args.toArray(String[]::new));
        JsonNode after = ok(
                        "quota",
                        "should-run",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "builder",
                        "--runtime-profile",
                        "codex_app_heartbeat")
                .at("/scheduler_hint/codex_app");
        assertEquals(
                "host_update_failure_suppressed",
                after.at("/stateful_backoff/state_status").asText(),
                after::toString);
    }
}
