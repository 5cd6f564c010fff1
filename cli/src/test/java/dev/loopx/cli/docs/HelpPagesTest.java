package dev.loopx.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.cli.Cli;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.HelpPages;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every {@code --help} page teaches (issue 20): a one-line summary that is a whole sentence, every
 * option and parameter described, an example, the exit codes, {@code --version} only on the top
 * page, prose reflowed (no line of a description ends mid-sentence at the annotation's hard wrap),
 * and the top page groups the commands the way a person uses them.
 */
class HelpPagesTest {
    private static final PrintWriter SINK = new PrintWriter(new StringWriter());
    private static final Environment ENV =
            Environment.of(Map.of(), Path.of("/nonexistent"), Path.of("/nonexistent-home"), Clock.systemUTC());

    private static List<CommandLine> pages() {
        List<CommandLine> all = new ArrayList<>();
        collect(Cli.commandLine(SINK, SINK, ENV), all);
        return all;
    }

    private static void collect(CommandLine cl, List<CommandLine> into) {
        into.add(cl);
        cl.getSubcommands().values().stream().filter(s -> s.getParent() == cl).forEach(s -> collect(s, into));
    }

    private static String usage(CommandLine cl) {
        cl.setUsageHelpWidth(120);
        return cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    @Test
    void everyPage_hasAWholeSentenceSummary_describedOptions_anExampleAndTheExitCodes() {
        List<String> problems = new ArrayList<>();
        for (CommandLine cl : pages()) {
            String name = cl.getCommandSpec().qualifiedName();
            String summary = HelpPages.summary(cl.getCommandSpec());
            if (!summary.matches("[A-Z`].*[.?!]") || summary.length() > 160) {
                problems.add(name + ": summary is not one whole sentence of at most 160 characters: " + summary);
            }
            for (ArgSpec arg : cl.getCommandSpec().args()) {
                if (!arg.hidden() && String.join("", arg.description()).isBlank()) {
                    problems.add(name + ": " + (arg instanceof OptionSpec o ? o.longestName() : arg.paramLabel())
                            + " has no description");
                }
            }
            String page = usage(cl);
            if (!page.contains("Example")) {
                problems.add(name + ": no example");
            }
            if (!page.contains("Exit codes:")) {
                problems.add(name + ": no exit codes");
            }
            if (cl.getParent() != null && page.contains("--version")) {
                problems.add(name + ": offers --version (only the top page does)");
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void theTopPage_groupsTheCommands_andOffersVersion() {
        String top = usage(Cli.commandLine(SINK, SINK, ENV));
        for (String group :
                List.of("Start here:", "Daily work:", "Hosts (Codex, Claude Code, pi, MCP):", "Operations:")) {
            assertTrue(top.contains("\n" + group + "\n"), group + " in\n" + top);
        }
        assertTrue(top.contains("-V, --version"), top);
        assertTrue(top.indexOf("  demo ") < top.indexOf("  todo "), "start here comes first:\n" + top);
    }

    @Test
    void prose_isReflowed_soNoDescriptionLineIsCutAtTheAnnotationsWrap() {
        List<String> problems = new ArrayList<>();
        for (CommandLine cl : pages()) {
            for (String line : cl.getCommandSpec().usageMessage().description()) {
                if (!line.isBlank()
                        && !line.startsWith(" ")
                        && !line.startsWith("Example")
                        && line.matches(".*[a-z,]$")
                        && line.length() > 60) {
                    problems.add(cl.getCommandSpec().qualifiedName() + ": a paragraph ends mid-sentence: " + line);
                }
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }
}
