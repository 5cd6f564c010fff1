package dev.loopx.cli.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loopx slash-commands --install|--uninstall|--inspect} (SPEC §S13) through the real CLI on
 * real folders. Every host folder lives in the sandbox (the runner's home is a temporary folder);
 * the real home is never touched.
 */
class SlashCommandsInstallTest {
    private static final String MARKER = "<!-- loopx-managed-slash-command:v1 command=";
    private static final List<String> STEMS =
            List.of("loopx", "loopx-global-summary", "loopx-global-gates", "loopx-global-todos", "loopx-global-risks");

    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;
    Path codex;
    Path claude;
    Path opencode;

    @BeforeEach
    void hosts() throws IOException {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        codex = sandbox.resolve("hosts/codex");
        claude = sandbox.resolve("hosts/claude");
        opencode = sandbox.resolve("hosts/opencode");
        cli.withVariable("CODEX_HOME", codex.toString())
                .withVariable("CLAUDE_HOME", claude.toString())
                .withVariable("OPENCODE_CONFIG_DIR", opencode.toString())
                .withVariable("PATH", fakeCli("loopx").toString());
    }

    /** A folder holding an executable named {@code name}: the CLI the installed files call. */
    private Path fakeCli(String name) throws IOException {
        Path bin = Files.createDirectories(sandbox.resolve("bin"));
        Path exe = Files.writeString(bin.resolve(name), "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    private CliRunner.Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("--format", "json", "slash-commands"));
        all.addAll(List.of(args));
        all.addAll(List.of("--project", project.toString()));
        CliRunner.Result r = cli.run(all.toArray(String[]::new));
        assertFalse(r.stdout().contains(sandbox.toString()), "an absolute path leaked:\n" + r);
        assertFalse(r.stdout().contains("<local-path-redacted>"), "a path was about to leak:\n" + r);
        return r;
    }

    private JsonNode ok(String... args) {
        CliRunner.Result r = run(args);
        assertEquals(0, r.exit(), r::toString);
        return r.json();
    }

    /** path → status, for one answer. */
    private static Map<String, String> statuses(JsonNode doc) {
        Map<String, String> out = new TreeMap<>();
        doc.path("files")
                .forEach(f -> out.put(
                        f.path("home").asText() + ":" + f.path("path").asText(),
                        f.path("status").asText()));
        return out;
    }

    private static void allStatus(JsonNode doc, String status) {
        statuses(doc).forEach((path, s) -> assertEquals(status, s, path));
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p);
    }

    @Test
    void codexGetsTheLoopxSkill_markedAndNamingTheExactCli() throws IOException {
        JsonNode doc = ok("--install", "--surface", "codex");
        assertEquals(
                "loopx_slash_command_install_v0", doc.path("schema_version").asText());
        assertEquals(Map.of("codex_home:skills/loopx/SKILL.md", "created"), statuses(doc));
        assertTrue(doc.path("changed").asBoolean());
        String skill = read(codex.resolve("skills/loopx/SKILL.md"));
        assertTrue(skill.startsWith("---\nname: loopx\ndescription: "), skill);
        assertTrue(skill.contains(MARKER + "loopx-skill surface=codex -->"), skill);
        assertTrue(skill.contains("cannot be executed"), "the skill says what to do without the CLI");
        assertTrue(skill.contains("Do not invent"), skill);
        assertTrue(skill.contains("| `/loopx` | `loopx bootstrap-command-pack --project .` |"), skill);
        assertTrue(skill.contains("--goal-text <text> --host-surface codex-cli"), skill);
        assertTrue(skill.contains("`loopx global-gates`"), skill);
        assertFalse(skill.contains("MCP server"), "Codex gets no Claude Code MCP text");
        assertFalse(Files.exists(codex.resolve("prompts")), "Codex 0.169 reads no prompts/");
    }

    /** The upgrade path: prompts/ files an earlier LoopX wrote are removed; a user's prompt stays. */
    @Test
    void codexInstall_removesTheRetiredManagedPrompts_butNotAUsersPrompt() throws IOException {
        Path prompts = Files.createDirectories(codex.resolve("prompts"));
        Files.writeString(prompts.resolve("loopx.md"), "---\n---\n" + MARKER + "loopx surface=codex -->\nold\n");
        Files.writeString(prompts.resolve("loopx-global-todos.md"), "my own prompt\n");
        JsonNode dry = ok("--install", "--surface", "codex", "--dry-run");
        assertEquals(
                "would_remove", find(dry, "prompts/loopx.md").path("status").asText());
        assertTrue(Files.exists(prompts.resolve("loopx.md")), "a dry run writes nothing");
        JsonNode doc = ok("--install", "--surface", "codex");
        assertEquals(
                Map.of(
                        "codex_home:skills/loopx/SKILL.md", "created",
                        "codex_home:prompts/loopx.md", "removed",
                        "codex_home:prompts/loopx-global-todos.md", "skipped_user_file"),
                statuses(doc));
        assertFalse(Files.exists(prompts.resolve("loopx.md")));
        assertEquals("my own prompt\n", read(prompts.resolve("loopx-global-todos.md")));
        assertEquals(
                Map.of(
                        "codex_home:skills/loopx/SKILL.md",
                        "unchanged",
                        "codex_home:prompts/loopx-global-todos.md",
                        "skipped_user_file"),
                statuses(ok("--install", "--surface", "codex")));
    }

    /**
     * The facades are only useful if the commands they tell the agent to run are accepted by this
     * CLI: run every read-first {@code bootstrap-command-pack} line of every installed facade.
     */
    @Test
    void everyInstalledFacadesReadFirstCommand_isAcceptedByTheCli() throws IOException {
        ok("--install", "--surface", "all");
        List<String> commands = new ArrayList<>();
        try (var files = Files.walk(sandbox.resolve("hosts"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".md")).toList()) {
                for (String line : read(f).split("\n")) {
                    String trimmed = line.strip();
                    if (trimmed.startsWith("loopx bootstrap-command-pack ")) {
                        commands.add(trimmed);
                    }
                }
            }
        }
        assertTrue(commands.size() >= 2, "claude-code and opencode facades name the pack: " + commands);
        for (String command : commands) {
            List<String> args = new ArrayList<>(List.of("--format", "json"));
            args.addAll(List.of(command.substring("loopx ".length()).split(" ")));
            args.replaceAll(a -> a.equals(".") ? project.toString() : a);
            CliRunner.Result r = cli.run(args.toArray(String[]::new));
            assertEquals(0, r.exit(), command + "\n" + r);
            assertTrue(r.json().path("read_only").asBoolean(), command);
        }
    }

    @Test
    void claudeCodeGetsCommands_theSkill_andAProjectMcpRegistrationBoundToTheLane() throws IOException {
        JsonNode doc = ok("--install", "--surface", "claude-code", "--goal-id", "g1", "--agent-id", "builder");
        allStatus(doc, "created");
        assertEquals("bound", doc.at("/mcp_lane/mode").asText());
        assertTrue(find(doc, ".mcp.json").path("note").asText().contains("approve"), doc.toString());
        for (String stem : STEMS) {
            assertTrue(read(claude.resolve("commands/" + stem + ".md"))
                    .contains(MARKER + stem + " surface=claude-code -->"));
        }
        String skill = read(claude.resolve("skills/loopx/SKILL.md"));
        assertTrue(skill.startsWith("---\nname: loopx\n"), skill);
        assertTrue(skill.contains(MARKER + "loopx-skill surface=claude-code -->"));
        JsonNode mcp = dev.loopx.ledger.json.Json.mapper().readTree(read(project.resolve(".mcp.json")));
        assertEquals("loopx", mcp.at("/mcpServers/loopx/command").asText());
        assertEquals(
                "[\"mcp\",\"serve\",\"--goal-id\",\"g1\",\"--agent-id\",\"builder\"]",
                mcp.at("/mcpServers/loopx/args").toString());
        assertTrue(mcp.path("loopx_managed").asText().startsWith(MARKER + "loopx-mcp surface=claude-code"));
    }

    @Test
    void withoutALane_noMcpServerIsRegistered_anInstalledOneIsKept_unboundOnlyOnRequest() throws IOException {
        JsonNode none = ok("--install", "--surface", "claude-code");
        JsonNode mcpFile = find(none, ".mcp.json");
        assertEquals("skipped_no_lane", mcpFile.path("status").asText());
        assertTrue(mcpFile.path("manual_step").asText().contains("--goal-id"), mcpFile.toString());
        assertEquals("none", none.at("/mcp_lane/mode").asText());
        assertFalse(Files.exists(project.resolve(".mcp.json")));

        JsonNode unbound = ok("--install", "--surface", "claude-code", "--mcp-unbound");
        assertEquals("created", find(unbound, ".mcp.json").path("status").asText());
        JsonNode mcp = dev.loopx.ledger.json.Json.mapper().readTree(read(project.resolve(".mcp.json")));
        assertEquals("[\"mcp\",\"serve\"]", mcp.at("/mcpServers/loopx/args").toString());

        ok("--install", "--surface", "claude-code", "--goal-id", "g1");
        String bound = read(project.resolve(".mcp.json"));
        assertTrue(bound.contains("\"--goal-id\", \"g1\""), bound);
        assertEquals(
                "unchanged",
                find(ok("--install", "--surface", "claude-code"), ".mcp.json")
                        .path("status")
                        .asText(),
                "an install without a lane keeps the registered lane");
        assertEquals(bound, read(project.resolve(".mcp.json")));
        assertEquals(
                "unchanged", find(ok("--inspect"), ".mcp.json").path("status").asText());
    }

    @Test
    void laneOptions_needInstall_andAGoal_andAreExclusiveWithUnbound() {
        Map<String, String> before = CliRunner.snapshot(sandbox);
        for (String[] bad : List.of(
                new String[] {"--install", "--agent-id", "builder"},
                new String[] {"--install", "--mcp-unbound", "--goal-id", "g1"},
                new String[] {"--inspect", "--goal-id", "g1"},
                new String[] {"--install", "--goal-id", "bad id"})) {
            CliRunner.Result r = run(bad);
            assertEquals(2, r.exit(), String.join(" ", bad) + "\n" + r);
            assertTrue(r.json().path("error_code").isTextual(), r.toString());
        }
        assertEquals(before, CliRunner.snapshot(sandbox));
    }

    @Test
    void aUsersMcpJsonIsLeftAlone_withTheManualStep() throws IOException {
        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\":{}}\n");
        JsonNode doc = ok("--install", "--surface", "claude-code", "--goal-id", "g1", "--agent-id", "builder");
        JsonNode mcp = find(doc, ".mcp.json");
        assertEquals("skipped_user_file", mcp.path("status").asText());
        assertTrue(
                mcp.path("manual_step")
                        .asText()
                        .contains("claude mcp add loopx -- loopx mcp serve --goal-id g1 --agent-id builder"),
                mcp.toString());
        assertEquals("{\"mcpServers\":{}}\n", read(project.resolve(".mcp.json")));
    }

    private static JsonNode find(JsonNode doc, String path) {
        for (JsonNode f : doc.path("files")) {
            if (f.path("path").asText().equals(path)) {
                return f;
            }
        }
        throw new AssertionError(path + " not in " + doc);
    }

    @Test
    void opencodeGetsCommandFacades_andTheGoalBridgeOnlyWhenAskedFor() throws IOException {
        JsonNode doc = ok("--install", "--surface", "opencode");
        assertEquals(5, doc.path("files").size());
        for (String stem : STEMS) {
            assertTrue(read(opencode.resolve("command/" + stem + ".md"))
                    .contains(MARKER + stem + " surface=opencode -->"));
        }
        assertFalse(Files.exists(opencode.resolve("plugin")));
        JsonNode bridge = ok("--install", "--surface", "opencode", "--goal-bridge");
        assertEquals(
                "created", find(bridge, "command/loopx-goal.md").path("status").asText());
        assertTrue(
                read(opencode.resolve("command/loopx-goal.md")).contains(MARKER + "loopx-goal surface=opencode -->"));
        assertTrue(read(opencode.resolve("command/loopx-goal.md")).contains("plugin is not loaded"));
        assertEquals(
                "created",
                find(bridge, "plugin/loopx-goal-bridge.js").path("status").asText());
        assertEquals(
                "created",
                find(bridge, "plugin/loopx-goal-loop-core.mjs").path("status").asText());
        assertTrue(read(opencode.resolve("plugin/loopx-goal-bridge.js"))
                .startsWith("// " + MARKER + "loopx-goal-bridge surface=opencode -->\n"));
        assertTrue(read(opencode.resolve("plugin/loopx-goal-loop-core.mjs"))
                .startsWith("// " + MARKER + "loopx-goal-loop-core surface=opencode -->\n"));
    }

    @Test
    void piGetsTheExtensionPairUnderTheProject() throws IOException {
        JsonNode doc = ok("--install", "--surface", "pi");
        assertEquals(
                Map.of(
                        "project:.pi/extensions/loopx-goal.ts",
                        "created",
                        "project:.pi/extensions/loopx-goal-loop-core.mjs",
                        "created"),
                statuses(doc));
        String ts = read(project.resolve(".pi/extensions/loopx-goal.ts"));
        assertTrue(ts.startsWith("// " + MARKER + "loopx-goal surface=pi -->\n"), ts);
        assertTrue(ts.lines().count() > 1, "the resource follows the marker line");
        assertTrue(read(project.resolve(".pi/extensions/loopx-goal-loop-core.mjs"))
                .startsWith("// " + MARKER + "loopx-goal-loop-core surface=pi -->\n"));
    }

    @Test
    void aUserOwnedPiFileBlocksThePairAtomically() throws IOException {
        Path dir = Files.createDirectories(project.resolve(".pi/extensions"));
        Files.writeString(dir.resolve("loopx-goal.ts"), "// my own extension\n");
        CliRunner.Result r = run("--install", "--surface", "pi");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(
                Map.of(
                        "project:.pi/extensions/loopx-goal.ts",
                        "blocked_user_owned_pi_file",
                        "project:.pi/extensions/loopx-goal-loop-core.mjs",
                        "blocked_user_owned_pi_file"),
                statuses(r.json()));
        assertFalse(Files.exists(dir.resolve("loopx-goal-loop-core.mjs")), "nothing of the pair is written");
        assertEquals("// my own extension\n", read(dir.resolve("loopx-goal.ts")));
    }

    @Test
    void piAgentDirFromTheEnvironmentOrFlag_takesThePair() throws IOException {
        Path agent = sandbox.resolve("hosts/pi-agent");
        cli.withVariable("PI_CODING_AGENT_DIR", agent.toString());
        JsonNode doc = ok("--install", "--surface", "pi");
        assertEquals(
                Map.of(
                        "pi_agent_dir:extensions/loopx-goal.ts",
                        "created",
                        "pi_agent_dir:extensions/loopx-goal-loop-core.mjs",
                        "created"),
                statuses(doc));
        assertTrue(Files.exists(agent.resolve("extensions/loopx-goal.ts")));
        assertFalse(Files.exists(project.resolve(".pi")));
        Path flag = sandbox.resolve("hosts/pi-flag");
        ok("--install", "--surface", "pi", "--pi-agent-dir", flag.toString());
        assertTrue(Files.exists(flag.resolve("extensions/loopx-goal-loop-core.mjs")), "the flag beats the environment");
    }

    @Test
    void secondInstallChangesNothing() {
        allStatus(ok("--install", "--goal-bridge", "--goal-id", "g1"), "created");
        Map<String, String> before = CliRunner.snapshot(sandbox);
        JsonNode again = ok("--install", "--goal-bridge", "--goal-id", "g1");
        allStatus(again, "unchanged");
        assertFalse(again.path("changed").asBoolean(true));
        assertEquals(before, CliRunner.snapshot(sandbox), "a repeat install is byte-identical");
        assertEquals(18, again.path("files").size(), "1 codex + 7 claude-code + 8 opencode + 2 pi");
    }

    @Test
    void dryRunWritesNothing() throws IOException {
        Map<String, String> before = CliRunner.snapshot(sandbox);
        JsonNode doc = ok("--install", "--goal-bridge", "--goal-id", "g1", "--dry-run");
        allStatus(doc, "would_create");
        assertEquals(before, CliRunner.snapshot(sandbox));
        ok("--install", "--surface", "opencode", "--goal-bridge");
        Files.writeString(
                opencode.resolve("command/loopx-global-todos.md"),
                "<!-- loopx-managed-slash-command:v1 command=loopx-global-todos surface=opencode -->\nstale\n");
        Map<String, String> installed = CliRunner.snapshot(sandbox);
        JsonNode update = ok("--install", "--surface", "opencode", "--dry-run");
        assertEquals(
                "would_update",
                find(update, "command/loopx-global-todos.md").path("status").asText());
        assertEquals(
                "unchanged", find(update, "command/loopx.md").path("status").asText());
        JsonNode remove = ok("--uninstall", "--surface", "opencode", "--dry-run");
        allStatus(remove, "would_remove");
        assertEquals(installed, CliRunner.snapshot(sandbox));
    }

    @Test
    void userFilesAreNeverOverwrittenNorRemoved() throws IOException {
        Path mine = Files.createDirectories(opencode.resolve("command")).resolve("loopx.md");
        Files.writeString(mine, "my own /loopx prompt\n");
        Path skill = Files.createDirectories(codex.resolve("skills/loopx")).resolve("SKILL.md");
        Files.writeString(skill, "---\nname: loopx\ndescription: mine\n---\n");
        JsonNode install = ok("--install", "--surface", "opencode");
        assertEquals(
                "skipped_user_file",
                find(install, "command/loopx.md").path("status").asText());
        assertEquals("user", find(install, "command/loopx.md").path("owner").asText());
        assertEquals(
                "created",
                find(install, "command/loopx-global-summary.md").path("status").asText());
        assertEquals(
                "skipped_user_file",
                find(ok("--install", "--surface", "codex"), "skills/loopx/SKILL.md")
                        .path("status")
                        .asText());
        JsonNode uninstall = ok("--uninstall", "--surface", "opencode");
        assertEquals(
                "skipped_user_file",
                find(uninstall, "command/loopx.md").path("status").asText());
        assertEquals(
                "removed",
                find(uninstall, "command/loopx-global-summary.md")
                        .path("status")
                        .asText());
        assertEquals("my own /loopx prompt\n", read(mine));
        assertFalse(Files.exists(opencode.resolve("command/loopx-global-summary.md")));
        ok("--uninstall", "--surface", "codex");
        assertEquals("---\nname: loopx\ndescription: mine\n---\n", read(skill));
    }

    @Test
    void uninstallRemovesEveryMarkedFile_andReportsAbsentAfterwards() {
        ok("--install", "--goal-bridge", "--goal-id", "g1");
        JsonNode removed = ok("--uninstall");
        allStatus(removed, "removed");
        assertFalse(Files.exists(claude.resolve("skills/loopx")), "the skill folder goes with its only file");
        assertFalse(Files.exists(codex.resolve("skills/loopx")), "the skill folder goes with its only file");
        assertFalse(Files.exists(project.resolve(".mcp.json")));
        assertFalse(Files.exists(project.resolve(".pi/extensions/loopx-goal.ts")));
        allStatus(ok("--uninstall"), "absent");
        allStatus(ok("--inspect"), "absent");
    }

    @Test
    void inspectReportsEachFile_andWritesNothing() throws IOException {
        ok("--install", "--surface", "claude-code");
        Files.writeString(claude.resolve("commands/loopx-global-risks.md"), "mine now\n");
        Map<String, String> before = CliRunner.snapshot(sandbox);
        JsonNode doc = ok("--inspect", "--surface", "claude-code");
        assertEquals("inspect", doc.path("action").asText());
        assertEquals("unchanged", find(doc, "commands/loopx.md").path("status").asText());
        assertEquals(
                "skipped_user_file",
                find(doc, "commands/loopx-global-risks.md").path("status").asText());
        assertEquals(before, CliRunner.snapshot(sandbox));
    }

    @Test
    void homesComeFromFlagsThenEnvironmentThenDefaultsUnderTheHome() throws IOException {
        Path flagHome = sandbox.resolve("hosts/codex-flag");
        ok("--install", "--surface", "codex", "--codex-home", flagHome.toString());
        assertTrue(Files.exists(flagHome.resolve("skills/loopx/SKILL.md")));
        assertFalse(Files.exists(codex), "the flag beats CODEX_HOME");
        ok("--install", "--surface", "codex");
        assertTrue(Files.exists(codex.resolve("skills/loopx/SKILL.md")), "CODEX_HOME beats the default");

        CliRunner plain = new CliRunner(sandbox.resolve("plain"))
                .withVariable("PATH", fakeCli("loopx").toString());
        Path home = sandbox.resolve("plain/home");
        CliRunner.Result r =
                plain.run("--format", "json", "slash-commands", "--install", "--surface", "all", "--goal-bridge");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(Files.exists(home.resolve(".codex/skills/loopx/SKILL.md")));
        assertTrue(Files.exists(home.resolve(".claude/commands/loopx.md")));
        assertTrue(Files.exists(home.resolve(".config/opencode/command/loopx.md")));
        assertTrue(
                Files.exists(sandbox.resolve("plain/work/.pi/extensions/loopx-goal.ts")),
                "Pi defaults to the working folder");
        JsonNode locations = r.json().path("locations");
        assertEquals("default", locations.get(0).path("source").asText());
    }

    @Test
    void cliBinRewritesTheInstalledFiles() throws IOException {
        cli.withVariable("PATH", fakeCli("loopx-canary").toString());
        ok("--install", "--surface", "codex", "--cli-bin", "loopx-canary");
        String text = read(codex.resolve("skills/loopx/SKILL.md"));
        assertTrue(text.contains("`loopx-canary global-summary`"), text);
        assertFalse(text.contains("`loopx global-summary"), text);
    }

    @Test
    void anUnavailableCli_isABlocker_andInstallWritesNothing() {
        cli.withVariable("PATH", sandbox.resolve("empty-bin").toString());
        Map<String, String> before = CliRunner.snapshot(sandbox);
        CliRunner.Result install = run("--install", "--surface", "codex");
        assertEquals(1, install.exit(), install::toString);
        JsonNode doc = install.json();
        assertFalse(doc.path("ok").asBoolean(true));
        assertEquals("cli_unavailable", doc.path("error_code").asText());
        assertEquals("cli_unavailable", doc.at("/blockers/0/code").asText());
        allStatus(doc, "would_create");
        assertEquals(before, CliRunner.snapshot(sandbox));
        CliRunner.Result inspect = run("--inspect", "--surface", "codex", "--cli-bin", "not-installed");
        assertEquals(1, inspect.exit(), inspect::toString);
        assertEquals("cli_unavailable", inspect.json().at("/blockers/0/code").asText());
        assertEquals(0, run("--uninstall", "--surface", "codex").exit(), "removing files never needs the CLI");
    }

    @Test
    void badInput_isExit2AndWritesNothing() {
        Map<String, String> before = CliRunner.snapshot(sandbox);
        assertEquals(2, run("--install", "--surface", "vscode").exit());
        assertEquals(2, run("--inspect", "--dry-run").exit());
        assertEquals(
                2,
                cli.run("--format", "json", "slash-commands", "--install", "--project", "missing-dir")
                        .exit());
        assertEquals(before, CliRunner.snapshot(sandbox));
    }

    @Test
    void textFormatListsEveryFile() {
        CliRunner.Result r = cli.run(
                "--format", "text", "slash-commands", "--install", "--surface", "pi", "--project", project.toString());
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.stdout().contains("created"), r.stdout());
        assertTrue(r.stdout().contains("project/.pi/extensions/loopx-goal.ts"), r.stdout());
    }

    @Test
    void doctorReportsInstalledHostFiles_andAnUnavailableCliAsABlocker() {
        CliRunner.Result connect = cli.run("--format", "json", "connect", "--project", project.toString());
        assertEquals(0, connect.exit(), connect::toString);
        String root = project.resolve(".loopx").toString();
        JsonNode none =
                cli.run("--format", "json", "--runtime-root", root, "doctor").json();
        assertTrue(check(none, "host_files").path("detail").asText().startsWith("no LoopX host files"));
        ok("--install", "--surface", "claude-code", "--goal-id", "g1");
        CliRunner.Result healthy = cli.run("--format", "json", "--runtime-root", root, "doctor");
        assertEquals(0, healthy.exit(), healthy::toString);
        assertTrue(
                check(healthy.json(), "host_files")
                        .path("detail")
                        .asText()
                        .startsWith("7 LoopX host files (claude-code 7); "),
                healthy.stdout()); // per host in words, not a Java map ({claude-code=7})
        assertTrue(check(healthy.json(), "host_cli").path("ok").asBoolean());
        cli.withVariable("PATH", sandbox.resolve("empty-bin").toString());
        CliRunner.Result blocked = cli.run("--format", "json", "--runtime-root", root, "doctor");
        assertEquals(1, blocked.exit(), blocked::toString);
        assertEquals(
                "cli_unavailable",
                check(blocked.json(), "host_cli").path("blocker").asText());
        assertFalse(blocked.stdout().contains(sandbox.toString()));
    }

    private static JsonNode check(JsonNode doctor, String name) {
        for (JsonNode c : doctor.path("checks")) {
            if (c.path("check").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError(name + " not in " + doctor);
    }
}
