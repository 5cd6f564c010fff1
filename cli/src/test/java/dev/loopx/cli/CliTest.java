package dev.loopx.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.cli.support.Environment;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Only the invoked commands are built, at every level; help and unknown words get every command of that level. */
class CliTest {
    private static CommandLine built(String... args) {
        PrintWriter sink = new PrintWriter(new StringWriter());
        Environment env = Environment.of(
                Map.of(),
                Path.of("."),
                Path.of("."),
                Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
        return Cli.commandLine(args, sink, sink, env);
    }

    private static Set<String> subcommands(CommandLine cl) {
        return cl.getSubcommands().keySet();
    }

    @Test
    void theCommandWordsAreFoundAfterGlobalOptionsAndTheirValues() {
        CommandLine cl = built("--runtime-root", "x", "--format", "json", "quota", "should-run", "--goal-id", "g");
        assertEquals(Set.of("quota"), subcommands(cl));
        assertEquals(Set.of("should-run"), subcommands(cl.getSubcommands().get("quota")));

        CommandLine afterGroup = built("quota", "--format", "json", "should-run", "--goal-id", "g");
        assertEquals(
                Set.of("should-run"), subcommands(afterGroup.getSubcommands().get("quota")));

        assertEquals(Set.of("host"), subcommands(built("host", "codex-app", "install-plan")));
        assertEquals(
                Set.of("install-plan"),
                subcommands(built("host", "codex-app", "install-plan")
                        .getSubcommands()
                        .get("host")
                        .getSubcommands()
                        .get("codex-app")));
    }

    @Test
    void anAliasBuildsItsCommandUnderBothNames() {
        CommandLine cl = built("bootstrap", "--project", ".");
        assertEquals(Set.of("connect", "bootstrap"), subcommands(cl));
    }

    @Test
    void helpNoCommandAndUnknownWordsRegisterEverythingAtThatLevel() {
        CommandLine all = built();
        assertEquals(
                subcommands(Cli.commandLine(
                        new PrintWriter(new StringWriter()),
                        new PrintWriter(new StringWriter()),
                        Environment.of(Map.of(), Path.of("."), Path.of("."), Clock.systemUTC()))),
                subcommands(all));
        assertEquals(subcommands(all), subcommands(built("--help")));
        assertEquals(subcommands(all), subcommands(built("--format", "json", "frobnicate")));

        CommandLine todoHelp = built("--now=2026-01-01T00:00:00Z", "todo", "--help");
        assertEquals(Set.of("todo"), subcommands(todoHelp));
        assertEquals(
                Set.copyOf(dev.loopx.cli.todo.TodoCommand.tree().names()),
                Set.copyOf(subcommands(todoHelp.getSubcommands().get("todo"))));
        assertEquals(
                subcommands(all.getSubcommands().get("quota")),
                subcommands(built("quota", "frobnicate").getSubcommands().get("quota")));
    }
}
