package dev.loopx.cli.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loopx host parse}: the host command registry of SPEC §S10, through the real CLI. */
class HostParseCommandTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;

    @BeforeEach
    void project() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("weather-app"));
    }

    private CliRunner.Result parse(String message, String... extra) {
        List<String> args = new ArrayList<>(
                List.of("--format", "json", "host", "parse", "--message", message, "--project", project.toString()));
        args.addAll(List.of(extra));
        CliRunner.Result r = cli.run(args.toArray(String[]::new));
        assertFalse(r.stdout().contains(sandbox.toString()), "an absolute path leaked:\n" + r);
        assertFalse(r.stdout().contains("<local-path-redacted>"), "a path was about to leak:\n" + r);
        return r;
    }

    private JsonNode ok(String message, String... extra) {
        CliRunner.Result r = parse(message, extra);
        assertEquals(0, r.exit(), r::toString);
        return r.json();
    }

    private static void handoffFields(JsonNode doc) {
        assertEquals(
                "codex_app_host_command_handoff_v0", doc.path("schema_version").asText());
        for (String field : List.of(
                "command",
                "canonical_command",
                "task_text",
                "host_surface",
                "project_root_label",
                "goal_id",
                "agent_id",
                "authority",
                "cli_fallback",
                "next_step")) {
            assertTrue(doc.has(field), doc + " lacks " + field);
        }
        for (String flag : List.of(
                "read_allowed",
                "project_local_write_allowed",
                "global_control_write_allowed",
                "production_action_allowed")) {
            assertTrue(doc.path("authority").path(flag).isBoolean(), doc + " lacks authority." + flag);
        }
    }

    @Test
    void loopxAlone_isTheReadFirstCommandPackWithNoWriteAuthority() {
        JsonNode doc =
                ok("/loopx", "--host-surface", "claude_code", "--goal-id", "weather-goal", "--agent-id", "builder");
        handoffFields(doc);
        assertTrue(doc.path("ok").asBoolean());
        assertTrue(doc.path("matched").asBoolean());
        assertEquals("/loopx", doc.path("command").asText());
        assertEquals("/loopx", doc.path("canonical_command").asText());
        assertEquals("", doc.path("task_text").asText());
        assertEquals("claude-code", doc.path("host_surface").asText(), "surfaces are canonicalised to their wire name");
        assertEquals("weather-app", doc.path("project_root_label").asText());
        assertEquals("weather-goal", doc.path("goal_id").asText());
        assertEquals("builder", doc.path("agent_id").asText());
        assertAuthority(doc, true, false);
        assertEquals(
                "loopx bootstrap-command-pack --project . --agent-id builder --host-surface claude-code",
                doc.path("cli_fallback").asText());
        assertEquals("run_read_only_command_pack", doc.at("/next_step/kind").asText());
    }

    @Test
    void loopxWithText_isTheExplicitGoalStart_writableOnlyThroughTheGuidedFlow() {
        JsonNode doc = ok("/loopx fix issue triage", "--host-surface", "codex_app");
        handoffFields(doc);
        assertEquals("/loopx", doc.path("command").asText());
        assertEquals("/loopx <goal text>", doc.path("canonical_command").asText());
        assertEquals("fix issue triage", doc.path("task_text").asText());
        assertAuthority(doc, true, true);
        assertFalse(doc.at("/authority/writes_now").asBoolean(true));
        assertTrue(doc.at("/authority/project_local_write_route").asText().startsWith("start-goal --guided"));
        assertEquals(
                "loopx start-goal --guided --project . --goal-text 'fix issue triage' --host-surface codex-app",
                doc.path("cli_fallback").asText());
        assertEquals("preview_guided_goal_start", doc.at("/next_step/kind").asText());
    }

    @Test
    void globalCommands_areReadOnly_andLegacyAliasesCanonicalise() {
        for (String what : List.of("summary", "gates", "todos", "risks")) {
            for (String typed : List.of("/loopx-global-" + what, "/loop-global-" + what)) {
                JsonNode doc = ok(typed + " extra words");
                handoffFields(doc);
                assertEquals(typed, doc.path("command").asText());
                assertEquals(
                        "/loopx-global-" + what, doc.path("canonical_command").asText());
                assertEquals(
                        typed.startsWith("/loop-global-"),
                        doc.path("legacy_alias_used").asBoolean());
                assertEquals("extra words", doc.path("task_text").asText());
                assertAuthority(doc, true, false);
                assertEquals("loopx global-" + what, doc.path("cli_fallback").asText());
            }
        }
    }

    private static void assertAuthority(JsonNode doc, boolean read, boolean projectWrite) {
        JsonNode a = doc.path("authority");
        assertEquals(read, a.path("read_allowed").asBoolean());
        assertEquals(projectWrite, a.path("project_local_write_allowed").asBoolean(), a::toString);
        assertFalse(a.path("global_control_write_allowed").asBoolean(true));
        assertFalse(a.path("production_action_allowed").asBoolean(true));
        assertFalse(a.path("gate_approval").asBoolean(true));
    }

    @Test
    void unknownCommandsInLoopxNamespace_failClosedWithTheCatalogAsHelp() {
        for (String message : List.of("/loopx-debug-me", "/loop-global-unknown now", "/loopxfoo")) {
            CliRunner.Result r = parse(message);
            assertEquals(1, r.exit(), r::toString);
            JsonNode doc = r.json();
            assertFalse(doc.path("ok").asBoolean(true));
            assertFalse(doc.path("matched").asBoolean(true));
            assertEquals("unknown_slash_command", doc.path("error_code").asText());
            assertEquals(
                    "fail_closed_with_slash_help",
                    doc.path("unknown_command_policy").asText());
            assertEquals(
                    "loopx_slash_command_catalog_v0",
                    doc.at("/slash_help/schema_version").asText());
            assertEquals(6, doc.at("/slash_help/commands").size());
            assertFalse(doc.has("cli_fallback"), "an unknown command runs nothing");
        }
    }

    @Test
    void textWithoutACommand_isOrdinaryChat() {
        for (String message : List.of("hello there", " /loopx", "please /loopx-global-summary", "/help", "")) {
            JsonNode doc = ok(message);
            assertTrue(doc.path("ok").asBoolean());
            assertFalse(doc.path("matched").asBoolean(true));
            assertEquals("ordinary_chat", doc.at("/next_step/kind").asText());
            assertFalse(doc.has("cli_fallback"));
        }
    }

    @Test
    void taskTextIsPreservedByteForByte() {
        String text =
                "  Fix the \u00e9t\u00e9 \"import\" \u2713 \u65e5\u672c\u8a9e \uD83D\uDE80\nsecond line\twith tab  \n  ";
        JsonNode doc = ok("/loopx " + text, "--host-surface", "pi");
        assertEquals(text, doc.path("task_text").textValue());
        JsonNode argv = doc.path("cli_fallback_args");
        assertEquals(text, argv.get(6).textValue(), "the goal text reaches the CLI call unchanged");
        assertTrue(doc.path("cli_fallback").asText().contains("'" + text + "'"));
        assertEquals(text, ok("/loopx-global-risks " + text).path("task_text").textValue());
    }

    @Test
    void credentialsInTheTaskText_areRefusedWithoutEcho() {
        CliRunner.Result r = parse("/loopx deploy with sk-proj-ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
        assertEquals(2, r.exit(), r::toString);
        assertEquals("public_boundary_violation", r.json().path("error_code").asText());
        assertFalse(r.stdout().contains("ABCDEFGHIJ"));
    }

    @Test
    void badInput_isExit2() {
        CliRunner.Result surface = parse("/loopx", "--host-surface", "Claude Code");
        assertEquals(2, surface.exit(), surface::toString);
        CliRunner.Result agent = parse("/loopx", "--agent-id", "../x");
        assertEquals(2, agent.exit(), agent::toString);
        CliRunner.Result missing =
                cli.run("--format", "json", "host", "parse", "--message", "/loopx", "--project", "nowhere");
        assertEquals(2, missing.exit(), missing::toString);
        assertEquals("project_not_found", missing.json().path("error_code").asText());
        CliRunner.Result noSub = cli.run("--format", "json", "host");
        assertEquals(2, noSub.exit(), noSub::toString);
    }

    @Test
    void handlingLoopxLeavesTheLedgerAndRuntimeRootByteIdentical() {
        CliRunner.Result connect =
                cli.run("--format", "json", "connect", "--project", project.toString(), "--goal-id", "weather-goal");
        assertEquals(0, connect.exit(), connect::toString);
        String root = project.resolve(".loopx").toString();
        Map<String, String> before = CliRunner.snapshot(sandbox);
        assertTrue(
                before.keySet().stream().anyMatch(k -> k.contains(".loopx/ledger/")), "the snapshot covers the ledger");
        for (String message :
                List.of("/loopx", "/loopx fix issue triage", "/loopx-global-summary", "/loopx-debug-me", "chat")) {
            parse(message, "--goal-id", "weather-goal", "--host-surface", "codex_app");
            cli.runIn(project, "--format", "json", "--runtime-root", root, "host", "parse", "--message", message);
            cli.runIn(project, "--format", "text", "host", "parse", "--message", message);
        }
        assertEquals(before, CliRunner.snapshot(sandbox), "host parse must never write anything");
    }
}
