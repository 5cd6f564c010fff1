package dev.loopx.cli.support;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * A command and its subcommands, each built only when needed. picocli builds the model of every
 * registered command (reflection plus one annotation proxy per annotation type) before it parses
 * anything — tens of milliseconds per group on a cold JVM — so {@link #commandLine(String[], int)}
 * registers, at every level, only the subcommand the arguments name. When a level names none, or a
 * name it does not know, or asks for help there, every subcommand of that level is registered, so
 * usage and "unknown subcommand" answers list them all.
 */
public final class CommandTree {
    private final Supplier<Object> command;
    private final Function<String, Object> subcommands;
    private final List<String> names;
    private final Set<String> valuedOptions = new HashSet<>();
    private final Map<String, String> aliasToName = new LinkedHashMap<>();
    private final Map<String, List<String>> aliasesOf = new LinkedHashMap<>();

    private CommandTree(Supplier<Object> command, Function<String, Object> subcommands, List<String> names) {
        this.command = Objects.requireNonNull(command, "command");
        this.subcommands = Objects.requireNonNull(subcommands, "subcommands");
        this.names = List.copyOf(names);
    }

    /**
     * A command with subcommands {@code names} (in help order); {@code subcommands} makes the one
     * named — a command object or a {@code CommandTree} — only when it is needed. A {@code switch}
     * over the names is the cheap way to write it: a class a branch names is not even loaded
     * until that branch runs.
     */
    public static CommandTree of(Supplier<Object> command, Function<String, Object> subcommands, String... names) {
        return new CommandTree(command, subcommands, List.of(names));
    }

    /**
     * The options of this command that take a separate value word, so a subcommand is found after
     * them (on this level and below: picocli lets inherited global options stand anywhere).
     */
    public CommandTree valuedOptions(String... options) {
        valuedOptions.addAll(List.of(options));
        return this;
    }

    /** Other names of subcommand {@code name}. */
    public CommandTree alias(String name, String... aliases) {
        if (!names.contains(name)) {
            throw new IllegalArgumentException("no subcommand " + name);
        }
        aliasesOf.put(name, List.of(aliases));
        for (String alias : aliases) {
            aliasToName.put(alias, name);
        }
        return this;
    }

    /** Names of the subcommands, in help order. */
    public List<String> names() {
        return names;
    }

    /** Names and aliases of the subcommands. */
    public Set<String> words() {
        Set<String> words = new HashSet<>(names);
        words.addAll(aliasToName.keySet());
        return words;
    }

    /** The whole tree, every command registered. */
    public CommandLine commandLine() {
        return build(null, 0, Set.of());
    }

    /** The tree as far as {@code args} (from index {@code from}) name it. */
    public CommandLine commandLine(String[] args, int from) {
        return build(Objects.requireNonNull(args, "args"), from, Set.of());
    }

    private CommandLine build(String[] args, int from, Set<String> inheritedValued) {
        CommandLine cl = commandLineOf(command.get());
        Set<String> valued = new HashSet<>(inheritedValued);
        valued.addAll(valuedOptions);
        int at = args == null ? -1 : subcommandAt(args, from, valued);
        String named = at < 0 ? null : aliasToName.getOrDefault(args[at], args[at]);
        if (named != null && names.contains(named)) {
            register(cl, named, child(named, args, at + 1, valued));
        } else {
            names.forEach(name -> register(cl, name, child(name, null, 0, valued)));
        }
        return cl;
    }

    private CommandLine child(String name, String[] args, int from, Set<String> valued) {
        Object made = subcommands.apply(name);
        return made instanceof CommandTree tree ? tree.build(args, from, valued) : commandLineOf(made);
    }

    private static CommandLine commandLineOf(Object command) {
        return command instanceof CommandLine built ? built : new CommandLine(command);
    }

    private void register(CommandLine parent, String name, CommandLine child) {
        parent.addSubcommand(
                name, child, aliasesOf.getOrDefault(name, List.of()).toArray(String[]::new));
    }

    /**
     * The first command word in {@code args} this tree does not know, with the path of the level it
     * stands on ({@code ["todo"]} for {@code loopx todo ad}) and the names known there; empty when
     * every command word is known. Checked before picocli parses, so an unknown command is an error
     * even with {@code --help} after it.
     */
    public Optional<Unknown> unknownCommand(String[] args) {
        return unknownCommand(args, 0, Set.of(), new ArrayList<>());
    }

    /** An unknown command word, where it stands and what that level knows. */
    public record Unknown(String word, List<String> path, List<String> known) {}

    private Optional<Unknown> unknownCommand(String[] args, int from, Set<String> inheritedValued, List<String> path) {
        Set<String> valued = new HashSet<>(inheritedValued);
        valued.addAll(valuedOptions);
        int at = subcommandAt(args, from, valued);
        if (at < 0) {
            return Optional.empty();
        }
        String named = aliasToName.getOrDefault(args[at], args[at]);
        if (!names.contains(named)) {
            named = declaredAlias(args[at]).orElse(null);
        }
        if (named == null) {
            List<String> known = new ArrayList<>(names);
            known.addAll(aliasToName.keySet());
            return Optional.of(new Unknown(args[at], List.copyOf(path), known));
        }
        Object made = subcommands.apply(named);
        if (made instanceof CommandTree tree) {
            path.add(named);
            return tree.unknownCommand(args, at + 1, valued, path);
        }
        return Optional.empty();
    }

    /** The subcommand whose own {@code @Command(aliases)} include {@code word} (picocli knows those too). */
    private Optional<String> declaredAlias(String word) {
        for (String name : names) {
            Object made = subcommands.apply(name);
            Object command = made instanceof CommandTree tree ? tree.command.get() : made;
            CommandLine.Command annotation = command.getClass().getAnnotation(CommandLine.Command.class);
            if (annotation != null && List.of(annotation.aliases()).contains(word)) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }

    /** Index of the first word that names a subcommand, or -1 (none, or help asked for here). */
    private int subcommandAt(String[] args, int from, Set<String> valued) {
        if (names.isEmpty()) {
            return -1;
        }
        for (int i = from; i < args.length; i++) {
            String arg = args[i];
            if (valued.contains(arg)) {
                i++;
            } else if (arg.equals("--help") || arg.equals("-h") || arg.equals("--version") || arg.equals("-V")) {
                return -1;
            } else if (!arg.startsWith("-")) {
                return i;
            }
        }
        return -1;
    }
}
