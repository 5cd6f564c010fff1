package dev.loopx.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.QuickCommand;
import dev.loopx.cli.support.QuickPath;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The heartbeat commands run without picocli when their arguments are plain ({@link QuickPath}):
 * their option tables must say what their annotations say, every argument list the quick path
 * accepts must bind exactly what picocli binds (and picocli must accept it), and the answers
 * must be byte-identical.
 */
class QuickPathTest {
    private static final PrintWriter SINK = new PrintWriter(new StringWriter());
    private static final Environment ENV = Environment.of(
            Map.of(), Path.of("."), Path.of("."), Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));

    @TempDir
    Path dir;

    private static CommandSpec picocliSpec(String route) {
        CommandLine cl = Cli.commandLine(SINK, SINK, ENV);
        for (String word : route.split(" ")) {
            cl = cl.getSubcommands().get(word);
        }
        return cl.getCommandSpec();
    }

    private static QuickCommand command(String route) {
        Object made = picocliSpec(route).userObject();
        try {
            return (QuickCommand) made.getClass().getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void everyQuickCommandsTableSaysWhatItsAnnotationsSay() {
        assertEquals(Set.of("quota should-run", "status", "todo add", "version"), Cli.QUICK);
        Set<String> globals = new TreeSet<>();
        for (OptionSpec o : Cli.commandLine(SINK, SINK, ENV).getCommandSpec().options()) {
            if (!o.usageHelp() && !o.versionHelp() && !QuickPath.LEFT_TO_PICOCLI.contains(o.longestName())) {
                globals.addAll(List.of(o.names()));
                assertEquals(1, o.arity().max(), o.longestName() + " takes one value");
            }
        }
        assertEquals(new TreeSet<>(QuickPath.GLOBALS), globals);
        for (String route : Cli.QUICK) {
            QuickCommand.Options table = command(route).quickOptions();
            Set<String> names = new TreeSet<>();
            for (OptionSpec o : picocliSpec(route).options()) {
                if (o.usageHelp() || o.versionHelp() || o.inherited()) {
                    continue;
                }
                names.addAll(List.of(o.names()));
                Set<String> firsts = new HashSet<>();
                for (String n : o.names()) {
                    firsts.add(table.canonical(n));
                }
                assertEquals(1, firsts.size(), route + ": every name of " + o.longestName() + " is one option");
                String name = firsts.iterator().next();
                String shape = o.arity().max() == 0 ? "flag" : o.isMultiValue() ? "list" : "value";
                String tableShape = table.flags().contains(name)
                        ? "flag"
                        : table.lists().contains(name) ? "list" : table.values().contains(name) ? "value" : "missing";
                assertEquals(shape, tableShape, route + " " + name);
                if (!shape.equals("flag")) { // one value per occurrence, taken as given
                    assertEquals(1, o.arity().min(), route + " " + name + " arity");
                    assertEquals(1, o.arity().max(), route + " " + name + " arity");
                    assertEquals("", o.splitRegex(), route + " " + name + " split");
                }
                assertEquals(null, o.defaultValue(), route + " " + name + " has no default value");
                if (o.group() == null) {
                    boolean onlyGoal =
                            name.equals("--goal-id") && picocliSpec(route).userObject() instanceof TheOnlyGoalByDefault;
                    assertEquals(
                            o.required() || onlyGoal,
                            table.required().contains(name),
                            route + " " + name + " required");
                }
            }
            assertEquals(names, new TreeSet<>(table.names()), route + ": the same option names");
        }
    }

    /** Values hosts pass, and values chosen to find where the two parsers could disagree. */
    private static final List<String> PLAIN = List.of(
            "g1",
            "builder",
            "codex_app_heartbeat",
            "json",
            "text",
            "a b",
            "x=y",
            "ünï",
            "P1",
            "user",
            "agent",
            "todo_done:t1",
            "2026-01-01T00:00:00Z",
            "a,b",
            "x y,z");

    private static final List<String> TRICKY = List.of(
            "-x",
            "--goal-id",
            "@args",
            "",
            "--",
            "-A",
            "status",
            "should-run",
            "add",
            "quota",
            "todo",
            "demo",
            "bootstrap",
            "plan",
            "install-plan",
            "codex-app",
            "a\uFFFDb",
            "  ",
            "\u001b[2J");

    private static String value(Random random) {
        List<String> from = random.nextInt(8) == 0 ? TRICKY : PLAIN;
        return from.get(random.nextInt(from.size()));
    }

    private static void option(Random random, List<String> into, String name, boolean flag) {
        if (flag) {
            into.add(random.nextInt(20) == 0 ? name + "=true" : name);
        } else if (random.nextBoolean() || !name.startsWith("--")) {
            into.add(name);
            into.add(value(random));
        } else {
            into.add(name + "=" + value(random));
        }
    }

    /** A random argument list for {@code route}: mostly plain, sometimes not. */
    private static String[] arguments(Random random, String route, QuickCommand.Options table) {
        List<String> options = new ArrayList<>();
        for (String name : table.names()) {
            String canonical = table.canonical(name);
            int times = table.lists().contains(canonical) ? random.nextInt(3) : random.nextInt(3) == 0 ? 1 : 0;
            if (table.required().contains(name) && random.nextInt(10) != 0) {
                times = Math.max(times, 1);
            }
            if (random.nextInt(25) == 0) {
                times++; // a repeat
            }
            for (int t = 0; t < times; t++) {
                option(random, options, name, table.flags().contains(canonical));
            }
        }
        if (random.nextInt(15) == 0) {
            options.add(List.of("--help", "-h", "--version", "--bogus", "extra", "--")
                    .get(random.nextInt(6)));
        }
        List<List<String>> chunks = new ArrayList<>();
        for (int i = 0; i < options.size(); ) { // keep each option with its value
            int width = i + 1 < options.size()
                            && !options.get(i).contains("=")
                            && !table.flags().contains(table.canonical(options.get(i)))
                            && table.names().contains(options.get(i))
                    ? 2
                    : 1;
            chunks.add(options.subList(i, i + width));
            i += width;
        }
        Collections.shuffle(chunks, random);
        List<String> words = List.of(route.split(" "));
        List<List<String>> slots = new ArrayList<>();
        for (int i = 0; i <= words.size(); i++) {
            slots.add(new ArrayList<>());
        }
        for (String global : QuickPath.GLOBALS) {
            if (random.nextInt(3) == 0) {
                List<String> slot = slots.get(random.nextInt(slots.size()));
                option(random, slot, global, false);
                if (random.nextInt(30) == 0) {
                    option(random, slots.get(random.nextInt(slots.size())), global, false);
                }
            }
        }
        List<String> args = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            args.addAll(slots.get(i));
            args.add(words.get(i));
        }
        chunks.forEach(args::addAll);
        args.addAll(slots.get(words.size()));
        if (random.nextInt(40) == 0 && !args.isEmpty()) {
            args.remove(args.size() - 1); // a missing value
        }
        return args.toArray(String[]::new);
    }

    @Test
    void everyArgumentListTheQuickPathAcceptsBindsWhatPicocliBinds() {
        Random random = new Random(20261201);
        for (String route : Cli.QUICK) {
            QuickCommand.Options table = command(route).quickOptions();
            int accepted = 0;
            int cases = 3000;
            for (int n = 0; n < cases; n++) {
                String[] args = arguments(random, route, table);
                Optional<QuickPath.Parsed> quick = Cli.quick(args, SINK, SINK, ENV);
                if (quick.isEmpty()) {
                    continue;
                }
                accepted++;
                CommandLine cl = Cli.commandLine(args, SINK, SINK, ENV);
                CommandLine.ParseResult result;
                try {
                    result = cl.parseArgs(args);
                } catch (CommandLine.ParameterException e) {
                    fail(route + ": the quick path accepted what picocli refuses (" + e.getMessage() + "): "
                            + List.of(args));
                    return;
                }
                assertEquals(
                        false,
                        result.isUsageHelpRequested() || result.isVersionHelpRequested(),
                        List.of(args).toString());
                CommandLine.ParseResult last = result;
                while (last.hasSubcommand()) {
                    last = last.subcommand();
                }
                assertEquals(
                        route,
                        last.commandSpec().qualifiedName().substring("loopx ".length()),
                        List.of(args).toString());
                assertEquals(
                        fields(cl.getCommand(), Object.class),
                        fields(quick.get().root(), Object.class),
                        "global options of " + List.of(args));
                assertEquals(
                        fields(last.commandSpec().userObject(), LoopxSubcommand.class),
                        fields(quick.get().command(), LoopxSubcommand.class),
                        "options of " + List.of(args));
            }
            assertTrue(accepted > cases / 20, route + ": the quick path took only " + accepted + " of " + cases);
        }
    }

    /** Every instance field below {@code stop} (group objects field by field), as text. */
    private static Map<String, String> fields(Object o, Class<?> stop) {
        Map<String, String> values = new TreeMap<>();
        for (Class<?> c = o.getClass(); c != stop && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())
                        || f.getType().getName().startsWith("picocli.")
                        || f.getType().getName().endsWith("CliContext")) {
                    continue;
                }
                f.setAccessible(true);
                try {
                    Object v = f.get(o);
                    boolean group = v != null && v.getClass().getEnclosingClass() == c;
                    values.put(
                            c.getSimpleName() + "." + f.getName(),
                            group ? fields(v, Object.class).toString() : String.valueOf(v));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return values;
    }

    @Test
    void theHeartbeatCallsTakeTheQuickPath_andOthersDoNot() {
        String[][] quick = {
            {
                "--runtime-root",
                "r",
                "quota",
                "should-run",
                "--goal-id",
                "g",
                "--agent-id",
                "a",
                "--runtime-profile",
                "codex_app_heartbeat"
            },
            {"quota", "should-run", "--goal-id=g", "-A", "--format", "json"},
            {"status", "--goal-id", "g"},
            {"--runtime-root", "r", "todo", "add", "--goal-id", "g", "--role", "agent", "--text-file", "f"},
            {"version", "--format", "json"},
            {"status", "--goal-id", "@g"}, // text like any other: argument files are never expanded
        };
        for (String[] args : quick) {
            assertTrue(
                    Cli.quick(args, SINK, SINK, ENV).isPresent(), List.of(args).toString());
        }
        String[][] picocli = {
            {"quota", "should-run", "--help"},
            {"quota", "should-run"},
            {"status", "--bogus"},
            {"todo", "add", "--goal-id", "g", "--role", "agent"},
            {"todo", "add", "--goal-id", "g", "--role", "agent", "--text", "a", "--text-file", "f"},
            {"todo", "add", "--goal-id", "g", "--role", "user", "--text", "a", "--blocks-agent", "b", "--global-gate"},
            {"quota", "status", "--goal-id", "g"},
            {"version", "--format", "json", "--format", "text"},
            {"@args"},
            {},
            {"status", "--goal-id", "-g"},
            {"status", "--goal-id", "g\u001b"}, // a value the rule every option follows refuses: picocli answers
            {"status", "--goal-id"},
            {"quota"},
        };
        for (String[] args : picocli) {
            assertTrue(Cli.quick(args, SINK, SINK, ENV).isEmpty(), List.of(args).toString());
        }
    }

    private record Run(int exit, String out, String err) {}

    private Run run(boolean quickPath, Environment env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = new PrintWriter(err, true);
        int exit = quickPath ? Cli.run(args, o, e, env) : Cli.runWithPicocli(args, o, e, env);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void bothPathsGiveTheSameAnswers() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Environment env = Environment.of(
                Map.of(
                        "LOOPX_HOME",
                        Files.createDirectories(dir.resolve("home")).toString()),
                project,
                dir,
                Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC));
        assertEquals(
                0,
                run(true, env, "connect", "--project", project.toString(), "--goal-id", "g1", "--format", "json")
                        .exit());
        Files.writeString(project.resolve("todo.txt"), "Write the importer\n");
        String root = project.resolve(".loopx").toString();
        String[][] calls = {
            {
                "--runtime-root",
                root,
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text-file",
                "todo.txt",
                "--dry-run",
                "--format",
                "json"
            },
            {
                "--runtime-root",
                root,
                "quota",
                "should-run",
                "--goal-id",
                "g1",
                "--runtime-profile",
                "codex_cli",
                "--format",
                "json"
            },
            {"--runtime-root", root, "quota", "should-run", "--goal-id", "g1", "--format", "json"},
            {"--runtime-root", root, "status", "--goal-id", "g1", "--format", "json"},
            {"--runtime-root", root, "status", "--goal-id", "g1", "--format", "text"},
            {"--runtime-root", root, "status", "--goal-id", "nope", "--format", "json"},
            {
                "--runtime-root",
                root,
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "user",
                "--text",
                "Approve",
                "--format",
                "json"
            },
            {"version", "--format", "json"},
        };
        for (String[] args : calls) {
            assertTrue(
                    Cli.quick(args, SINK, SINK, env).isPresent(), List.of(args).toString());
            Run viaPicocli = run(false, env, args);
            Run quick = run(true, env, args);
            assertEquals(viaPicocli, quick, List.of(args).toString());
        }
        String[] write = {
            "--runtime-root",
            root,
            "todo",
            "add",
            "--goal-id",
            "g1",
            "--role",
            "agent",
            "--text",
            "Ship it",
            "--format",
            "json"
        };
        Run first = run(true, env, write);
        assertEquals(0, first.exit(), first.toString());
        assertEquals(run(false, env, write), run(true, env, write), "the repeat changes nothing on either path");
    }
}
