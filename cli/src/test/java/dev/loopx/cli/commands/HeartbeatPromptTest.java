package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import dev.loopx.host.shell.ShellWords;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loopx heartbeat-prompt} end to end through the CLI (SPEC §S11, §S15). */
class HeartbeatPromptTest {
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
    }

    private CliRunner.Result run(String... args) {
        List<String> full = new ArrayList<>(List.of("--runtime-root", root));
        full.addAll(List.of(args));
        return cli.run(full.toArray(String[]::new));
    }

    private void register(String goal, String... agents) {
        List<String> args = new ArrayList<>(List.of("register-agent", "--goal-id", goal));
        for (String a : agents) {
            args.addAll(List.of("--agent-id", a));
        }
        args.add("--execute");
        var r = run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
    }

    private static Set<String> fields(JsonNode doc) {
        Set<String> names = new TreeSet<>();
        doc.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private List<JsonNode> replayFrom(long seq) {
        return run("ledger", "replay", "--from", String.valueOf(seq)).jsonLines();
    }

    private long head() {
        return run("ledger", "verify").json().get("head_seq").asLong();
    }

    @Test
    void theThinAnswerHasOnlyTheContractFieldsAndWritesNothing() {
        register("g1", "builder");
        var before = CliRunner.snapshot(sandbox);
        var r = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--codex-app",
                "--available-capability",
                "shell",
                "--agent-scope",
                "  backend \n API  ");
        assertEquals(0, r.exit(), r::toString);
        JsonNode doc = r.json();
        assertEquals(
                Set.of("schema_version", "ok", "goal_id", "agent_id", "task_body", "interface_budget"), fields(doc));
        assertEquals("heartbeat_agent_input_v1", doc.get("schema_version").asText());
        assertEquals(
                Set.of("mode", "budget_char_count", "max_chars", "within_budget"), fields(doc.get("interface_budget")));
        assertEquals("thin", doc.at("/interface_budget/mode").asText());
        assertEquals(3000, doc.at("/interface_budget/max_chars").asInt());
        String body = doc.get("task_body").asText();
        assertEquals(
                body.length(), doc.at("/interface_budget/budget_char_count").asInt());
        assertTrue(
                body.contains(
                        "loopx quota should-run --goal-id g1 --agent-id builder --runtime-profile codex_app_heartbeat"
                                + " --available-capability shell\n"),
                body);
        assertTrue(body.contains("Your scope: backend API\n"), body);
        assertEquals(before, CliRunner.snapshot(sandbox), "heartbeat-prompt is a read");
    }

    @Test
    void theWorstCaseStaysWithinBothBudgets() throws Exception {
        String goal = "g".repeat(160);
        String agent = "w".repeat(160); // not "a": 160 hex digits are a random token to the privacy guard
        Path other = Files.createDirectories(cli.workingDirectory().resolve("other"));
        var connected = cli.run("connect", "--project", other.toString(), "--goal-id", goal);
        assertEquals(0, connected.exit(), connected::toString);
        root = other.resolve(".loopx").toString();
        register(goal, agent);
        List<String> args = new ArrayList<>(List.of(
                "heartbeat-prompt",
                "--goal-id",
                goal,
                "--agent-id",
                agent,
                "--codex-app",
                "--turn-instance-id",
                "t".repeat(160)));
        for (int i = 0; i < 8; i++) {
            args.addAll(List.of("--available-capability", i + "c".repeat(39)));
        }
        for (int i = 0; i < 4; i++) {
            args.addAll(List.of("--agent-scope", "s".repeat(i == 0 ? 80 : 78)));
        }
        var r = run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
        String body = r.json().get("task_body").asText();
        assertTrue(body.contains("s".repeat(78) + "\n"), "the whole 320-character scope is shown");
        assertTrue(body.length() <= 3000, () -> body.length() + " chars");
        assertTrue(r.json().at("/interface_budget/within_budget").asBoolean());
        assertTrue(r.stdout().strip().length() <= 5400, () -> r.stdout().strip().length() + " JSON chars");
        args.addAll(List.of("--agent-scope", "s"));
        var tooLong = run(args.toArray(String[]::new));
        assertEquals(2, tooLong.exit(), tooLong::toString);
        args.addAll(List.of("--available-capability", "ninth"));
        assertEquals(2, run(args.toArray(String[]::new)).exit());
    }

    @Test
    void identityFailsClosedWithoutABody() {
        register("g1", "builder", "reviewer");
        var missing = run("heartbeat-prompt", "--goal-id", "g1");
        assertEquals(1, missing.exit(), missing::toString);
        JsonNode m = missing.json();
        assertFalse(m.get("ok").asBoolean());
        assertTrue(m.path("task_body").isMissingNode());
        assertEquals("agent_id_required", m.get("error_code").asText());
        assertTrue(m.get("message").asText().contains("builder, reviewer"), m::toString);
        assertEquals(
                "loopx heartbeat-prompt --goal-id g1 --agent-id builder",
                m.get("hint").asText());
        assertEquals(
                "loopx heartbeat-prompt --goal-id g1 --agent-id reviewer",
                m.at("/commands/1").asText());

        var stranger = run("heartbeat-prompt", "--goal-id", "g1", "--agent-id", "stranger");
        assertEquals(1, stranger.exit(), stranger::toString);
        assertEquals("agent_not_registered", stranger.json().get("error_code").asText());
        assertTrue(stranger.json().path("task_body").isMissingNode());

        var scopeOnly = run("heartbeat-prompt", "--goal-id", "g1", "--agent-scope", "backend");
        assertEquals(2, scopeOnly.exit(), scopeOnly::toString);
        assertFalse(scopeOnly.json().get("ok").asBoolean());
        for (String bad : List.of("a <b> c", "read /home/me/notes.txt", "x".repeat(321))) {
            var r = run("heartbeat-prompt", "--goal-id", "g1", "--agent-id", "builder", "--agent-scope", bad);
            assertEquals(2, r.exit(), r::toString);
            assertFalse(r.stdout().contains("/home/me"), "the refused value is never echoed");
        }
    }

    @Test
    void helpTeachesTheModesAndTheHostCommands() {
        var help = cli.run("heartbeat-prompt", "--help");
        assertEquals(0, help.exit(), help::toString);
        for (String part :
                List.of("--bootstrap", "--raw", "--private", "--record-install", "heartbeat_agent_input_v1")) {
            assertTrue(help.stdout().contains(part), () -> part + "\n" + help.stdout());
        }
        var host = cli.run("host", "codex-app", "install-plan", "--help");
        assertEquals(0, host.exit(), host::toString);
        assertTrue(host.stdout().contains("automation_update"), host::toString);
        var bare = cli.run("host");
        assertEquals(2, bare.exit(), bare::toString);
    }

    @Test
    void textModeShowsTheBodyAsItIs() {
        register("g1", "builder");
        var text = run("--format", "text", "heartbeat-prompt", "--goal-id", "g1", "--agent-id", "builder");
        assertEquals(0, text.exit(), text::toString);
        String body = run("heartbeat-prompt", "--goal-id", "g1", "--agent-id", "builder")
                .json()
                .get("task_body")
                .asText();
        assertTrue(text.stdout().startsWith(body + "\n"), text::toString);
        var refused = run("--format", "text", "heartbeat-prompt", "--goal-id", "g1");
        assertEquals(1, refused.exit());
        assertTrue(
                refused.stdout().contains("try: loopx heartbeat-prompt --goal-id g1 --agent-id builder"),
                refused::toString);
    }

    @Test
    void anUnknownGoalAnswersLikeShouldRun() {
        var prompt = run("heartbeat-prompt", "--goal-id", "nope", "--agent-id", "a");
        var shouldRun = run("quota", "should-run", "--goal-id", "nope", "--agent-id", "a", "--codex-app");
        assertEquals(shouldRun.exit(), prompt.exit());
        assertEquals(shouldRun.json().get("error_code"), prompt.json().get("error_code"));
        assertEquals("goal_not_found", prompt.json().get("error_code").asText());
    }

    @Test
    void aGoalWithoutAgentsLoadsItsSingleLaneButNeverBootstraps() {
        var thin = run("heartbeat-prompt", "--goal-id", "g1");
        assertEquals(0, thin.exit(), thin::toString);
        assertTrue(thin.json()
                .get("task_body")
                .asText()
                .contains("should-run --goal-id g1 --runtime-profile generic_cli"));
        var boot = run("heartbeat-prompt", "--goal-id", "g1", "--bootstrap");
        assertEquals(1, boot.exit(), boot::toString);
        assertEquals("agent_not_registered", boot.json().get("error_code").asText());
        assertTrue(boot.json().path("wrapper").isMissingNode());
    }

    @Test
    void theBootstrapIsPublicByDefaultAndExactWithRaw() {
        register("g1", "builder");
        var before = CliRunner.snapshot(sandbox);
        var json = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--bootstrap",
                "--available-capability",
                "shell");
        assertEquals(0, json.exit(), json::toString);
        assertFalse(json.stdout().contains(sandbox.toString()), "public output never shows the runtime root");
        JsonNode doc = json.json();
        assertEquals("loopx_heartbeat_bootstrap_v0", doc.get("schema_version").asText());
        assertTrue(doc.get("wrapper").asText().contains("<local-path-redacted>"));
        assertFalse(doc.get("spends_quota").asBoolean());

        var raw = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--bootstrap",
                "--available-capability",
                "shell",
                "--raw");
        assertEquals(0, raw.exit(), raw::toString);
        String wrapper = raw.stdout();
        assertTrue(wrapper.startsWith("LoopX managed heartbeat bootstrap v2\n```sh\n"), wrapper);
        assertTrue(wrapper.length() < 500, () -> wrapper.length() + " chars");
        assertFalse(wrapper.contains("--bootstrap"));
        assertEquals(ManagedWrapper.sha256(wrapper), doc.get("wrapper_sha256").asText());
        WrapperBinding binding = WrapperRecognizer.recognize(wrapper).orElseThrow();
        assertEquals(Path.of(root).toAbsolutePath().normalize().toString(), binding.runtimeRoot());
        assertEquals(List.of("shell"), binding.capabilities());

        var priv = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--bootstrap",
                "--available-capability",
                "shell",
                "--private");
        assertEquals(0, priv.exit(), priv::toString);
        assertEquals(wrapper, priv.json().get("wrapper").asText());
        assertTrue(priv.stderr().contains("local paths"));
        assertEquals(before, CliRunner.snapshot(sandbox), "rendering a wrapper writes nothing");

        var turn = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--bootstrap",
                "--turn-instance-id",
                "t1");
        assertEquals(2, turn.exit(), turn::toString);
        assertTrue(turn.json().get("message").asText().contains("--turn-instance-id"));
    }

    /** The loader words of a wrapper, without the binary (what the host's shell would run). */
    static String[] innerArgs(String wrapper) {
        List<String> words = ShellWords.split(wrapper.split("\n")[2]).orElseThrow();
        assertEquals("loopx", words.get(0));
        return words.subList(1, words.size()).toArray(String[]::new);
    }

    @Test
    void runningTheWrappersCommandLoadsTheSameBodyAsADirectThinCall() {
        register("g1", "builder");
        String wrapper = run(
                        "heartbeat-prompt",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "builder",
                        "--bootstrap",
                        "--available-capability",
                        "shell",
                        "--available-capability",
                        "browser",
                        "--raw")
                .stdout();
        var loaded = cli.run(innerArgs(wrapper));
        assertEquals(0, loaded.exit(), loaded::toString);
        var direct = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--codex-app",
                "--available-capability",
                "browser",
                "--available-capability",
                "shell");
        assertEquals(direct.json(), loaded.json());
        assertTrue(loaded.json().get("ok").asBoolean());
    }

    @Test
    void aLoaderForAnAgentThatIsNotRegisteredLoadsNoBody() {
        register("g1", "builder");
        // A wrapper copied from elsewhere (or left behind after the goal's agents changed).
        String stale = ManagedWrapper.render(
                new WrapperBinding(2, Path.of(root).toAbsolutePath().toString(), "g1", "ghost", "loopx", List.of()));
        var loaded = cli.run(innerArgs(stale));
        assertEquals(1, loaded.exit(), loaded::toString);
        assertFalse(loaded.json().get("ok").asBoolean());
        assertEquals("agent_not_registered", loaded.json().get("error_code").asText());
        assertTrue(loaded.json().path("task_body").isMissingNode());
    }

    @Test
    void recordingAnInstallIsPreviewFirstIdempotentContentFreeAndNeverSpends() throws Exception {
        register("g1", "builder");
        JsonNode quotaBefore = run("quota", "status", "--goal-id", "g1").json();
        var before = CliRunner.snapshot(sandbox);
        String[] install = {
            "heartbeat-prompt",
            "--goal-id",
            "g1",
            "--agent-id",
            "builder",
            "--bootstrap",
            "--record-install",
            "--host-surface",
            "codex-app"
        };
        var preview = run(install);
        assertEquals(0, preview.exit(), preview::toString);
        assertTrue(preview.json().at("/install/dry_run").asBoolean());
        assertEquals(
                "heartbeat.installed",
                preview.json().at("/install/preview/event_types/0").asText());
        assertEquals(before, CliRunner.snapshot(sandbox), "a preview writes nothing");

        long head = head();
        List<String> exec = new ArrayList<>(List.of(install));
        exec.addAll(List.of("--execute", "--operation-id", "install-1"));
        var done = run(exec.toArray(String[]::new));
        assertEquals(0, done.exit(), done::toString);
        assertTrue(done.json().at("/install/changed").asBoolean());
        List<JsonNode> events = replayFrom(head + 1);
        assertEquals(
                List.of("heartbeat.installed", "operation.recorded"),
                events.stream().map(e -> e.get("type").asText()).toList());
        JsonNode payload = events.get(0).get("payload");
        assertEquals(Set.of("agent_id", "host_surface", "wrapper_version", "wrapper_sha256"), fields(payload));
        assertEquals(
                done.json().get("wrapper_sha256").asText(),
                payload.get("wrapper_sha256").asText());
        assertEquals(2, payload.get("wrapper_version").asInt());
        assertFalse(events.get(0).toString().contains(sandbox.toString()), "no paths in the ledger");

        var replayed = run(exec.toArray(String[]::new));
        assertTrue(replayed.json().at("/install/receipt/replayed").asBoolean(), replayed::toString);
        var again = run(
                install[0],
                install[1],
                install[2],
                install[3],
                install[4],
                install[5],
                install[6],
                install[7],
                install[8],
                "--execute");
        assertFalse(again.json().at("/install/changed").asBoolean(), "the same wrapper again changes nothing");
        var conflict = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--bootstrap",
                "--record-install",
                "--host-surface",
                "claude_code",
                "--execute",
                "--operation-id",
                "install-1");
        assertEquals(1, conflict.exit(), conflict::toString);
        assertEquals("operation_id_conflict", conflict.json().get("error_code").asText());
        assertEquals(head + 2, head());

        JsonNode quotaAfter = run("quota", "status", "--goal-id", "g1").json();
        assertEquals(quotaBefore, quotaAfter, "installing a heartbeat never spends");
        JsonNode status = run("status", "--goal-id", "g1").json();
        assertEquals(payload.get("wrapper_sha256"), status.at("/goals/0/heartbeat_installs/0/wrapper_sha256"));
        assertEquals(
                "codex-app",
                status.at("/goals/0/heartbeat_installs/0/host_surface").asText());

        // The heartbeat view is a fold like every other: a rebuild from the ledger gives the same bytes.
        String incremental = run("projections", "dump", "--canonical").stdout();
        assertTrue(incremental.contains(payload.get("wrapper_sha256").asText()));
        try (var files = Files.list(Path.of(root))) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("projections.db")
                            || f.getFileName().toString().equals("ledger.head"))
                    .toList()) {
                Files.delete(f);
            }
        }
        assertEquals(0, run("projections", "rebuild").exit());
        assertEquals(incremental, run("projections", "dump", "--canonical").stdout());
    }

    @Test
    void installingWithoutARegisteredAgentFailsClosed() {
        register("g1", "builder");
        long head = head();
        var missing = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--bootstrap",
                "--record-install",
                "--host-surface",
                "codex-app",
                "--execute");
        assertEquals(1, missing.exit(), missing::toString);
        assertEquals("agent_id_required", missing.json().get("error_code").asText());
        var ghost = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "ghost",
                "--bootstrap",
                "--record-install",
                "--host-surface",
                "codex-app",
                "--execute");
        assertEquals(1, ghost.exit(), ghost::toString);
        assertEquals("agent_not_registered", ghost.json().get("error_code").asText());
        var noSurface = run(
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--bootstrap",
                "--record-install",
                "--execute");
        assertEquals(2, noSurface.exit(), noSurface::toString);
        assertEquals(head, head(), "nothing was written");
    }

    /**
     * Each flag outside the mode it belongs to is exit 2 {@code invalid_arguments} with its own
     * message, and when several apply the first in the table wins; nothing is written.
     */
    @Test
    void aFlagOutsideItsModeIsRefusedWithItsOwnMessage_theFirstOneWins() {
        register("g1", "builder");
        long head = head();
        String[][] cases = {
            {"--thin and --bootstrap are exclusive", "--thin", "--bootstrap", "--raw", "--turn-instance-id", "t"},
            {
                "--bootstrap cannot take --turn-instance-id",
                "--bootstrap",
                "--turn-instance-id",
                "t",
                "--raw",
                "--private"
            },
            {"--bootstrap binds no scope", "--bootstrap", "--agent-scope", "api", "--runtime-profile", "codex_cli"},
            {
                "the managed wrapper loads the codex_app_heartbeat profile",
                "--bootstrap",
                "--runtime-profile",
                "codex_cli",
                "--raw",
                "--private"
            },
            {"--raw prints only the wrapper", "--bootstrap", "--raw", "--record-install", "--execute"},
            {"--execute, --host-surface and --operation-id need --record-install", "--bootstrap", "--operation-id", "o"
            },
            {
                "--raw, --private and --record-install need --bootstrap",
                "--private",
                "--execute",
                "--runtime-profile",
                "bogus"
            },
            {
                "--execute, --host-surface and --operation-id need --record-install",
                "--execute",
                "--runtime-profile",
                "bogus"
            },
            {"--record-install needs --host-surface", "--bootstrap", "--record-install", "--execute"},
            {"--codex-app contradicts --runtime-profile codex_cli", "--codex-app", "--runtime-profile", "codex_cli"},
        };
        for (String[] c : cases) {
            List<String> args =
                    new ArrayList<>(List.of("heartbeat-prompt", "--goal-id", "g1", "--agent-id", "builder"));
            args.addAll(List.of(c).subList(1, c.length));
            var r = run(args.toArray(String[]::new));
            assertEquals(2, r.exit(), r::toString);
            assertEquals("invalid_arguments", r.json().get("error_code").asText(), r::toString);
            assertTrue(r.json().get("message").asText().startsWith(c[0]), r::toString);
        }
        assertEquals(head, head(), "nothing was written");
    }
}
