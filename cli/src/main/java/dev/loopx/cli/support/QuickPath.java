package dev.loopx.cli.support;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The heartbeat commands without picocli (docs/adr/0003-start-up.md, decision 16). Building
 * picocli's model of even one command reads its annotations, and the JDK makes each annotation
 * type a proxy class at run time (no class-data archive holds those) and reaches the fields
 * through method handles it spins on first use: ~60-70 ms of a ~200 ms should-run, measured in one
 * JVM set-up with a class-data archive either way (annotated model + parse ~73 ms, the same
 * options built without annotations ~14 ms, median of 8).
 *
 * <p>So a plain argument list for a {@link QuickCommand} is parsed here and the command runs
 * directly. Plain means: the command's words (global options may stand between and after them),
 * then only options the command declares, each {@code --name value} or {@code --name=value} (flags
 * bare), single-valued options and global options at most once, every required option present,
 * and no value that picocli could read differently: starting with {@code -}, empty or blank, a command's
 * name (picocli refuses a subcommand's name as an option's value; a blank one is refused by
 * {@code LoopxSubcommand} from picocli's model), or refused by the rule every value follows
 * ({@link TextOptions#argumentProblem}: picocli's converter answers it). A value starting with {@code @}
 * is text like any other on both paths (argument files are never expanded: hosts pass user text
 * that may start with {@code @}). Anything else — help, an unknown or
 * repeated option, a missing value — is declined, and picocli parses the same arguments as
 * before, with its own answers and errors.
 */
public final class QuickPath {
    /** The root's global options (SPEC §S0), all single-valued. */
    public static final Set<String> GLOBALS = Set.of("--runtime-root", "--format", "--now");

    /**
     * The root's global flags the quick path leaves to picocli: {@code --verbose} only changes a
     * text view for a person, so a heartbeat never passes it. A line with one is declined.
     */
    public static final Set<String> LEFT_TO_PICOCLI = Set.of("--verbose");

    private QuickPath() {}

    /** An accepted argument list: the root with its global options and the command with its own. */
    public record Parsed(LoopxCommand root, LoopxSubcommand command) {
        /** Runs the command as picocli would have: its exit code. */
        public int run() {
            return command.run(root.context());
        }
    }

    /**
     * Parses {@code args} for one of {@code routes} (command words joined by a space, e.g.
     * {@code "quota should-run"}); {@code commands} makes the command a route names (a
     * {@link LoopxSubcommand} that is a {@link QuickCommand}), {@code root} the root command;
     * {@code commandWords} are the names a value may not have (see above). Empty: picocli must
     * parse these arguments.
     */
    public static Optional<Parsed> parse(
            String[] args,
            Set<String> routes,
            Set<String> commandWords,
            Function<String, QuickCommand> commands,
            Supplier<LoopxCommand> root) {
        Map<String, String> globals = new HashMap<>();
        List<String> words = new ArrayList<>();
        QuickCommand command = null;
        int i = 0;
        while (command == null) {
            if (i >= args.length) {
                return Optional.empty();
            }
            String arg = args[i];
            if (arg.startsWith("-")) {
                i = global(args, i, globals, commandWords);
                if (i < 0) {
                    return Optional.empty();
                }
                continue;
            }
            words.add(arg);
            i++;
            String name = String.join(" ", words);
            if (routes.contains(name)) {
                command = commands.apply(name);
            } else if (routes.stream().noneMatch(r -> r.startsWith(name + " "))) {
                return Optional.empty();
            }
        }
        QuickCommand.Options options = command.quickOptions();
        Set<String> seen = new HashSet<>();
        while (i < args.length) {
            String arg = args[i];
            String given = nameOf(arg);
            String name = options.canonical(given);
            String flag = options.canonical(arg); // a flag takes no value, so never "="
            if (GLOBALS.contains(given)) {
                i = global(args, i, globals, commandWords);
            } else if (options.flags().contains(flag)) {
                if (!seen.add(flag)) {
                    return Optional.empty();
                }
                command.bind(flag, null);
                i++;
            } else if (options.values().contains(name) || options.lists().contains(name)) {
                String value = valueOf(args, i, commandWords);
                if (value == null || (!seen.add(name) && !options.lists().contains(name))) {
                    return Optional.empty();
                }
                command.bind(name, value);
                i += arg.equals(given) ? 2 : 1;
            } else {
                return Optional.empty();
            }
            if (i < 0) {
                return Optional.empty();
            }
        }
        if (!seen.containsAll(options.required()) || !command.complete()) {
            return Optional.empty();
        }
        LoopxCommand loopx = root.get();
        loopx.runtimeRoot = globals.get("--runtime-root");
        loopx.format = globals.get("--format");
        loopx.now = globals.get("--now");
        loopx.context().quickArguments(List.of(args));
        return Optional.of(new Parsed(loopx, (LoopxSubcommand) command));
    }

    /** Reads global option {@code args[i]} (each at most once) into {@code into}; the next index, or -1. */
    private static int global(String[] args, int i, Map<String, String> into, Set<String> commandWords) {
        String name = nameOf(args[i]);
        String value = valueOf(args, i, commandWords);
        if (!GLOBALS.contains(name) || value == null || into.putIfAbsent(name, value) != null) {
            return -1;
        }
        return i + (args[i].equals(name) ? 2 : 1);
    }

    /** {@code --name} of {@code --name=value}, else the argument itself. */
    private static String nameOf(String arg) {
        int eq = arg.indexOf('=');
        return arg.startsWith("--") && eq > 2 ? arg.substring(0, eq) : arg;
    }

    /** The value of the option at {@code args[i]} (attached or the next word), or null when it is not plain. */
    private static String valueOf(String[] args, int i, Set<String> commandWords) {
        String arg = args[i];
        String name = nameOf(arg);
        String value = arg.equals(name) ? (i + 1 < args.length ? args[i + 1] : null) : arg.substring(name.length() + 1);
        if (value == null
                || value.isBlank()
                || value.startsWith("-")
                || TextOptions.argumentProblem(value).isPresent() // picocli's converter refuses it: its answer
                || commandWords.contains(value)) {
            return null;
        }
        return value;
    }
}
