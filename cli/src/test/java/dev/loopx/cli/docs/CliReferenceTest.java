package dev.loopx.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.cli.Cli;
import dev.loopx.cli.support.Environment;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/cli.md must not drift from the picocli model: the tree {@link Cli#commandLine} builds for
 * {@code main} (every command registered) is walked, and the reference must describe every visible
 * command with every option name, alias and positional parameter in that command's section, and
 * must name no command or option the tree does not have. How the reference marks a command's
 * section: {@link ReferenceDoc} (and the comment at the top of docs/cli.md). Hidden commands and
 * options, inherited options (documented once, before the first heading) and the standard
 * {@code --help}/{@code --version} options are not required.
 *
 * <p>Checked rather than generated: the reference is prose around hand-written synopses that say
 * what the model cannot (alternatives, placeholders, which options go together).
 */
class CliReferenceTest {
    private static final Path REFERENCE = Path.of("..", "docs", "cli.md");

    private static CommandModel commandTree() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        Environment environment = Environment.of(
                Map.of(),
                Path.of("").toAbsolutePath(),
                Path.of("").toAbsolutePath(),
                Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC));
        return CommandModel.of(Cli.commandLine(sink, sink, environment));
    }

    @Test
    void docsCliMd_describesEveryCommandOptionAndAlias_andNamesNothingElse() throws IOException {
        ReferenceDoc doc = ReferenceDoc.parse(Files.readString(REFERENCE, StandardCharsets.UTF_8));

        List<String> problems = ReferenceCheck.problems(commandTree(), doc);

        assertTrue(
                problems.isEmpty(),
                () -> "docs/cli.md does not match the picocli command tree (Cli.commandLine): "
                        + problems.size() + " problem(s)\n  - " + String.join("\n  - ", problems)
                        + "\nA command's section is a heading that names it in a code span (### `loopx quota should-run`)"
                        + " up to the next heading of its level, or a table row whose first cell starts with `loopx <command> …`"
                        + " (with the prose around that table). Fix docs/cli.md, not this test.");
    }

    @Test
    void theWalk_reachesEveryCommandAndAlias_andLeavesOutHiddenOnes() {
        CommandModel root = commandTree();

        List<String> visibleLeaves = root.all()
                .filter(c -> c.isLeaf() && !c.hidden())
                .map(CommandModel::name)
                .toList();

        assertTrue(
                visibleLeaves.containsAll(List.of(
                        "loopx quota should-run",
                        "loopx host codex-app install-plan",
                        "loopx ledger export",
                        "loopx connect")),
                visibleLeaves::toString);
        assertTrue(visibleLeaves.stream().noneMatch(name -> name.startsWith("loopx debug")), visibleLeaves::toString);
        assertEquals(List.of("bootstrap"), root.subcommands().get("connect").aliases());
        assertTrue(root.subcommands().get("quota").subcommands().containsKey("scheduler-ack-current"));
        assertTrue(root.documented().stream().noneMatch(o -> o.names().contains("--now")), "--now is hidden");
        assertTrue(
                root.subcommands().get("status").documented().stream()
                        .noneMatch(o -> o.names().contains("--runtime-root")
                                || o.names().contains("--help")),
                "inherited and help options are documented once, for the root");
    }

    @Test
    void aDriftedReference_isReportedWithWhatIsMissingOrExtra() {
        ReferenceDoc doc = ReferenceDoc.parse("""
                # ref

                * `--runtime-root PATH`, `--format json|text`, `--verbose`

                ## `loopx status`
                `loopx status --goal-id G --frob`

                | command | example |
                |---|---|
                | `loopx todo claim --goal-id G --todo-id T --agent-id A [--dry-run] [--operation-id ID]` | `loopx todo clam` |

                ## `loopx connect`
                """);

        List<String> problems = ReferenceCheck.problems(commandTree(), doc);

        assertTrue(
                problems.stream()
                        .anyMatch(p -> p.startsWith("missing option: `loopx status` option --agent-id")
                                && p.contains("[--agent-id ID]")),
                problems::toString);
        assertTrue(
                problems.stream().anyMatch(p -> p.startsWith("unknown option: line 6:") && p.contains("--frob")),
                problems::toString);
        assertTrue(
                problems.stream()
                        .anyMatch(p -> p.startsWith("unknown command: line 10:")
                                && p.contains("`loopx todo` has no subcommand `clam`")),
                problems::toString);
        assertTrue(
                problems.stream().anyMatch(p -> p.startsWith("missing alias: `loopx connect` has alias `bootstrap`")),
                problems::toString);
        assertTrue(
                problems.stream().anyMatch(p -> p.startsWith("missing section: `loopx quota should-run`")),
                problems::toString);
        assertTrue(problems.stream().noneMatch(p -> p.contains("`loopx todo claim` option")), problems::toString);
        assertTrue(problems.stream().noneMatch(p -> p.contains("`loopx` option")), problems::toString);
    }
}
