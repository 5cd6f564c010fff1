package dev.loopx.cli.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loopx slash-commands} without an action: the catalog of SPEC §S10. */
class SlashCommandCatalogTest {
    @TempDir
    Path sandbox;

    CliRunner cli;

    @BeforeEach
    void runner() {
        cli = new CliRunner(sandbox);
    }

    private JsonNode catalog(String... extra) {
        List<String> args = new ArrayList<>(List.of("--format", "json", "slash-commands"));
        args.addAll(List.of(extra));
        CliRunner.Result r = cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
        return r.json();
    }

    @Test
    void catalogListsTheSixCommandsInOrderWithTheirContract() {
        JsonNode doc = catalog();
        assertEquals(
                "loopx_slash_command_catalog_v0", doc.path("schema_version").asText());
        assertTrue(doc.path("ok").asBoolean());
        assertEquals("/loopx", doc.path("canonical_prefix").asText());
        assertEquals(
                "fail_closed_with_slash_help",
                doc.path("unknown_command_policy").asText());
        List<String> commands = new ArrayList<>();
        doc.path("commands").forEach(c -> commands.add(c.path("command").asText()));
        assertEquals(
                List.of(
                        "/loopx",
                        "/loopx <goal text>",
                        "/loopx-global-summary",
                        "/loopx-global-gates",
                        "/loopx-global-todos",
                        "/loopx-global-risks"),
                commands);
        JsonNode c = doc.path("commands");
        assertEquals("project", c.get(0).path("scope").asText());
        assertEquals("read_only", c.get(0).path("mutation_policy").asText());
        assertEquals(
                "loopx bootstrap-command-pack --project .",
                c.get(0).path("cli_reference").asText());
        assertEquals("project", c.get(1).path("scope").asText());
        assertEquals("explicit_goal_start", c.get(1).path("intent").asText());
        assertEquals(
                "loopx start-goal --guided --project . --goal-text <text> --host-surface <surface>",
                c.get(1).path("cli_reference").asText());
        for (int i = 2; i < 6; i++) {
            String what = commands.get(i).substring("/loopx-global-".length());
            assertEquals("global", c.get(i).path("scope").asText());
            assertEquals("read_only", c.get(i).path("mutation_policy").asText());
            assertEquals("loopx global-" + what, c.get(i).path("cli_reference").asText());
            assertEquals(
                    "[\"/loop-global-" + what + "\"]",
                    c.get(i).path("legacy_aliases").toString());
        }
        for (JsonNode item : c) {
            for (String field : List.of("command", "scope", "intent", "mutation_policy", "cli_reference")) {
                assertFalse(item.path(field).asText().isEmpty(), item + " lacks " + field);
            }
        }
    }

    @Test
    void noLegacyAliasesLeavesNoLegacyStringInJsonOrText() {
        CliRunner.Result json = cli.run("--format", "json", "slash-commands", "--no-legacy-aliases");
        assertEquals(0, json.exit(), json::toString);
        assertFalse(json.stdout().contains("/loop-global-"), json.stdout());
        CliRunner.Result text = cli.run("--format", "text", "slash-commands", "--no-legacy-aliases");
        assertFalse(text.stdout().contains("/loop-global-"), text.stdout());
        assertTrue(catalog().toString().contains("/loop-global-summary"), "aliases are in by default");
    }

    @Test
    void cliBinRewritesEveryCliReference() {
        JsonNode doc = catalog("--cli-bin", "loopx-canary");
        assertEquals("loopx-canary", doc.path("cli_bin").asText());
        for (JsonNode c : doc.path("commands")) {
            assertTrue(c.path("cli_reference").asText().startsWith("loopx-canary "), c.toString());
        }
    }

    @Test
    void textFormatIsATableAPersonReadsAtATerminal_everyCommandPastesAsPrinted() {
        CliRunner.Result r = cli.run("--format", "text", "slash-commands");
        assertEquals(0, r.exit(), r::toString);
        List<String> lines = r.stdout().lines().toList();
        assertTrue(lines.get(0).startsWith("6 slash commands for LoopX in your host (prefix /loopx)"), r.stdout());
        assertEquals(
                "  COMMAND                SCOPE    WRITES                   RUNS",
                lines.get(1).stripTrailing());
        assertTrue(
                lines.get(2).matches("  /loopx +project +no +loopx bootstrap-command-pack --project \\."),
                lines.get(2));
        // the RUNS cell pastes and runs: what the host fills in is named under the table, not in it
        assertTrue(
                lines.get(3)
                        .matches("  /loopx <goal text> +project +through its guided plan +loopx start-goal --guided"
                                + " --project \\."),
                lines.get(3));
        assertTrue(
                r.stdout()
                        .contains("filled in  /loopx <goal text>: the host adds --goal-text (the goal text after the"
                                + " command) and --host-surface (the host it runs in)"),
                r.stdout());
        assertTrue(r.stdout().contains("/loop-global-summary → /loopx-global-summary"), r.stdout());
        assertFalse(r.stdout().contains("|"), "no Markdown: " + r.stdout());
    }

    @Test
    void badCliBinAndInstallOptionsWithoutAnAction_areBadInput() {
        CliRunner.Result bin = cli.run("--format", "json", "slash-commands", "--cli-bin", "loopx; rm -rf x");
        assertEquals(2, bin.exit(), bin::toString);
        assertEquals("invalid_value", bin.json().path("error_code").asText());
        CliRunner.Result surface = cli.run("--format", "json", "slash-commands", "--surface", "codex");
        assertEquals(2, surface.exit(), surface::toString);
        CliRunner.Result both = cli.run("--format", "json", "slash-commands", "--install", "--uninstall");
        assertEquals(2, both.exit(), both::toString);
    }

    @Test
    void helpOfEveryNewCommandTeachesWithExamples() {
        for (String[] args : List.of(
                new String[] {"slash-commands", "--help"},
                new String[] {"host", "parse", "--help"},
                new String[] {"host", "--help"})) {
            CliRunner.Result r = cli.run(args);
            assertEquals(0, r.exit(), r::toString);
            // a page may open with its one-line summary, then the usage
            assertTrue(
                    r.stdout().startsWith("Usage: loopx " + args[0])
                            || r.stdout().contains("\nUsage: loopx " + args[0]),
                    r.stdout());
        }
        assertTrue(cli.run("slash-commands", "--help")
                .stdout()
                .contains("loopx slash-commands --install --surface pi --project ."));
        assertTrue(cli.run("host", "parse", "--help")
                .stdout()
                .contains("loopx host parse --message '/loopx fix issue triage'"));
    }
}
