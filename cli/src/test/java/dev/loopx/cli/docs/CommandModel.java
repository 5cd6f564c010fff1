package dev.loopx.cli.docs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * One command of the real picocli tree, reduced to what docs/cli.md must say about it. Immutable.
 *
 * @param words        the command's words below the root ({@code [quota, should-run]}; empty for the root)
 * @param aliases      its other names
 * @param hidden       hidden itself or below a hidden command (never required in the reference)
 * @param documented   the options the reference must name: not hidden, not inherited from a parent (the
 *                     root documents those once), not the standard {@code --help}/{@code --version}
 * @param accepted     every option name it accepts (inherited, hidden and help options included) →
 *                     whether it takes a value
 * @param positionals  the labels of its visible positional parameters ({@code FILE})
 * @param subcommands  its subcommands by every name and alias
 */
record CommandModel(
        List<String> words,
        List<String> aliases,
        boolean hidden,
        List<DocumentedOption> documented,
        Map<String, Boolean> accepted,
        List<String> positionals,
        Map<String, CommandModel> subcommands) {

    /** An option the reference must name, with every one of its names (short aliases included). */
    record DocumentedOption(List<String> names, String paramLabel, boolean takesValue) {
        DocumentedOption {
            names = List.copyOf(names);
            Objects.requireNonNull(paramLabel, "paramLabel");
        }

        /** How a synopsis would show it: {@code [--agent-id ID]}, {@code [--dry-run]}. */
        String synopsis() {
            String longest = names.stream()
                    .reduce((a, b) -> b.length() > a.length() ? b : a)
                    .orElseThrow();
            return "[" + longest + (takesValue ? " " + paramLabel : "") + "]";
        }
    }

    CommandModel {
        words = List.copyOf(words);
        aliases = List.copyOf(aliases);
        documented = List.copyOf(documented);
        accepted = Collections.unmodifiableMap(new LinkedHashMap<>(accepted));
        positionals = List.copyOf(positionals);
        subcommands = Collections.unmodifiableMap(new LinkedHashMap<>(subcommands));
    }

    /** The tree below {@code root}, as built by {@code Cli.commandLine} (every command registered). */
    static CommandModel of(CommandLine root) {
        return of(root, List.of(), false);
    }

    private static CommandModel of(CommandLine cl, List<String> words, boolean parentHidden) {
        CommandSpec spec = cl.getCommandSpec();
        boolean hidden = parentHidden || spec.usageMessage().hidden();
        List<DocumentedOption> documented = new ArrayList<>();
        Map<String, Boolean> accepted = new LinkedHashMap<>();
        for (OptionSpec option : spec.options()) {
            boolean takesValue = option.arity().max() > 0;
            for (String name : option.names()) {
                accepted.put(name, takesValue);
            }
            if (!option.hidden() && !option.inherited() && !option.usageHelp() && !option.versionHelp()) {
                documented.add(new DocumentedOption(List.of(option.names()), option.paramLabel(), takesValue));
            }
        }
        List<String> positionals = spec.positionalParameters().stream()
                .filter(p -> !p.hidden())
                .map(PositionalParamSpec::paramLabel)
                .map(label -> label.replaceAll("^<|>$", ""))
                .toList();
        Map<String, CommandModel> subcommands = new LinkedHashMap<>();
        for (CommandLine sub : new LinkedHashSet<>(cl.getSubcommands().values())) {
            CommandSpec subSpec = sub.getCommandSpec();
            List<String> subWords = new ArrayList<>(words);
            subWords.add(subSpec.name());
            CommandModel child = of(sub, subWords, hidden);
            subcommands.put(subSpec.name(), child);
            for (String alias : subSpec.aliases()) {
                subcommands.put(alias, child);
            }
        }
        return new CommandModel(words, List.of(spec.aliases()), hidden, documented, accepted, positionals, subcommands);
    }

    /** {@code loopx quota should-run}. */
    String name() {
        return words.isEmpty() ? "loopx" : "loopx " + String.join(" ", words);
    }

    boolean isLeaf() {
        return subcommands.isEmpty();
    }

    /** The subcommands, each once, in help order. */
    List<CommandModel> children() {
        return new LinkedHashSet<>(subcommands.values()).stream().toList();
    }

    /** This command and every command below it, depth first. */
    Stream<CommandModel> all() {
        return Stream.concat(Stream.of(this), children().stream().flatMap(CommandModel::all));
    }

    /** The reference must describe it: a visible command that is run (a leaf) or has options of its own. */
    boolean needsSection() {
        return !hidden && (isLeaf() || !documented.isEmpty());
    }
}
