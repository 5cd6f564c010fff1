package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20's rules for identity, typos and help through the real CLI: an unregistered agent fails
 * closed with the register-agent command and records nothing; a mistyped command gets "did you
 * mean" and exit 2 even with --help; bad input names the command's own help; RRULEs in another
 * spelling are read.
 */
class PersonAtATerminalTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        root = project.resolve(".loopx").toString();
        assertEquals(0, cli.run("connect", "--project", project.toString()).exit());
        assertEquals(
                0,
                cli.run(
                                "--runtime-root",
                                root,
                                "register-agent",
                                "--goal-id",
                                "app-goal",
                                "--agent-id",
                                "builder",
                                "--execute")
                        .exit());
    }

    @Test
    void shouldRunForAnUnregisteredAgent_failsClosedWithTheRegisterCommand_andRecordsNoTurn() {
        long before = cli.run("--runtime-root", root, "ledger", "verify")
                .json()
                .path("head_seq")
                .asLong();
        var r = cli.run(
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                "app-goal",
                "--agent-id",
                "ghost",
                "--runtime-profile",
                "claude_code",
                "--turn-instance-id",
                "turn-1");
        assertEquals(1, r.exit(), r::toString);
        assertEquals("agent_not_registered", r.json().path("error_code").asText());
        assertFalse(r.json().path("ok").asBoolean());
        assertTrue(r.json().has("should_run") && !r.json().path("should_run").asBoolean(), r.stdout());
        assertEquals(
                "loopx register-agent --goal-id app-goal --agent-id ghost --execute",
                r.json().path("hint").asText());
        assertEquals(
                before,
                cli.run("--runtime-root", root, "ledger", "verify")
                        .json()
                        .path("head_seq")
                        .asLong());
        var missing = cli.run(
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                "app-goal",
                "--runtime-profile",
                "claude_code");
        assertEquals(
                "automation_prompt_upgrade_required",
                missing.json().path("effective_action").asText());
    }

    @Test
    void aMistypedCommand_getsDidYouMean_andIsAnErrorEvenWithHelp() {
        var typo = cli.run("stauts");
        assertEquals(2, typo.exit());
        assertTrue(typo.json().path("message").asText().contains("did you mean loopx status?"), typo.stdout());
        var sub = cli.run("todo", "ad");
        assertTrue(sub.json().path("message").asText().contains("did you mean loopx todo add?"), sub.stdout());
        var help = cli.run("task-leases", "--help");
        assertEquals(2, help.exit(), help::toString);
        assertEquals("invalid_arguments", help.json().path("error_code").asText());
        var known = cli.run("task-lease", "--help"); // a group that exists prints its help (issue 21)
        assertEquals(0, known.exit(), known::toString);
        assertTrue(known.stdout().contains("acquire"), known::toString);
        assertEquals(0, cli.run("quota", "scheduler-ack-current", "--help").exit(), "an alias picocli knows is known");
    }

    @Test
    void aMistypedOption_getsDidYouMean_andAMistypedAgentIsNotOfferedForRegistration() {
        var option = cli.run("--runtime-root", root, "status", "--goal-idd", "app-goal");
        assertEquals(2, option.exit(), option::toString);
        assertTrue(option.json().path("message").asText().endsWith("; did you mean --goal-id?"), option.stdout());
        var agent = cli.run(
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                "app-goal",
                "--agent-id",
                "buidler",
                "--runtime-profile",
                "claude_code");
        assertEquals(1, agent.exit(), agent::toString);
        assertEquals("agent_not_registered", agent.json().path("error_code").asText());
        assertEquals(
                "did you mean builder? repeat the command with that --agent-id",
                agent.json().path("hint").asText());
    }

    @Test
    void badInput_namesTheCommandsOwnHelp() {
        var r = cli.run("--runtime-root", root, "todo", "list", "--goal-id", "app-goal", "--status", "opened");
        assertEquals(2, r.exit());
        assertEquals("loopx todo list --help", r.json().path("hint").asText());
        var quick = cli.run(
                "--runtime-root", root, "quota", "should-run", "--goal-id", "app-goal", "--runtime-profile", "nope");
        assertEquals("loopx quota should-run --help", quick.json().path("hint").asText(), quick::toString);
    }

    @Test
    void anRruleInAnotherSpelling_isRead_andAnUnsupportedOneNamesWhatIs() {
        var swapped = cli.run(
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                "app-goal",
                "--agent-id",
                "builder",
                "--runtime-profile",
                "codex_app_heartbeat",
                "--app-automation-current-rrule",
                "RRULE:INTERVAL=30;FREQ=MINUTELY");
        assertEquals(0, swapped.exit(), swapped::toString);
        var hourly = cli.run(
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                "app-goal",
                "--agent-id",
                "builder",
                "--runtime-profile",
                "codex_app_heartbeat",
                "--app-automation-current-rrule",
                "FREQ=HOURLY;INTERVAL=1");
        assertEquals(0, hourly.exit(), hourly::toString);
        var monthly = cli.run(
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                "app-goal",
                "--agent-id",
                "builder",
                "--runtime-profile",
                "codex_app_heartbeat",
                "--app-automation-current-rrule",
                "FREQ=MONTHLY");
        assertEquals(2, monthly.exit());
        assertTrue(monthly.json().path("message").asText().contains("use FREQ=MINUTELY, HOURLY, DAILY or WEEKLY"));
    }

    @Test
    void textMode_answersFirst_andVerboseAddsEveryField() {
        var text = cli.run("--format", "text", "--runtime-root", root, "ledger", "verify");
        assertTrue(text.stdout().startsWith("ledger intact: "), text.stdout());
        assertFalse(text.stdout().contains("details:"), text.stdout());
        var verbose = cli.run("--format", "text", "--verbose", "--runtime-root", root, "ledger", "verify");
        assertTrue(verbose.stdout().contains("details:\n  schema version: loopx_ledger_verify_v0"), verbose.stdout());
        var json = cli.run("--format", "json", "--verbose", "--runtime-root", root, "ledger", "verify");
        assertEquals(
                cli.run("--format", "json", "--runtime-root", root, "ledger", "verify")
                        .stdout(),
                json.stdout(),
                "--verbose never changes the JSON");
    }
}
