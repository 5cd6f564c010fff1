package dev.loopx.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.ledger.json.Json;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Generated bad invocations through the real CLI (issue 24, "Bad input"): every leaf command's
 * every value option (and the global options, on a few commands), given a value no option may
 * take — credentials of three providers, terminal escapes, a bidirectional override, bytes that
 * were not UTF-8 (U+FFFD, as the JVM decodes them), a lone surrogate, a 100 KB value, empty and
 * blank text — and every number or time option given malformed numbers (fullwidth digits, spaces,
 * {@code inf}, overflow, a right-to-left override, a year past 9999). Each must answer exit 2 with
 * a structured {@code error_code} the contract knows, name the option, show none of the value
 * when it may be private (and no raw control character ever, in JSON or text mode), and leave every
 * file byte-identical; the heartbeat commands must answer byte-identically on the quick path and
 * through picocli. The figure is the number of invocations and of failures, printed at the end.
 */
class GeneratedBadInputTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    @TempDir
    static Path sandbox;

    static Environment env;
    static String root;
    static String todoId;
    static InputStream stdin;

    /** Values no option may take: name → value. */
    static final Map<String, String> UNIVERSAL = new LinkedHashMap<>();

    /** Values no number option may take. */
    static final List<String> NUMBERS = List.of(
            "１２",
            " 1",
            "1 ",
            "inf",
            "Infinity",
            "NaN",
            "1e3",
            "0x10",
            "99999999999999999999",
            "\u202E12",
            "-0x1p3",
            "٣");

    /** Values no time option may take. */
    static final List<String> TIMES = List.of(
            "+275760-09-13T00:00:00Z",
            "99999-01-01T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "２０２６-01-01T00:00:00Z",
            " 2026-01-01T00:00:00Z",
            "2026-01-01T00:00:00Z\u202E");

    /** Parts of the secrets that must never appear in any answer. */
    static final List<String> SECRET_PARTS = new ArrayList<>();

    @BeforeAll
    static void connect() throws Exception {
        Random random = new Random(24);
        String ant = "sk-ant-api03-" + token(random, 48) + "-" + token(random, 12) + "AA";
        String aws = "AKIA" + upper(random, 16);
        String gh = "ghp_" + token(random, 36);
        UNIVERSAL.put("anthropic_key", ant);
        UNIVERSAL.put("aws_key", aws);
        UNIVERSAL.put("github_token", gh);
        UNIVERSAL.put("terminal_escape", "\u001b[2J\u001b[Hcleared");
        UNIVERSAL.put("bidi_override", "\u202Eevil\u202C");
        UNIVERSAL.put("not_utf8", "caf\uFFFD\uFFFDs");
        UNIVERSAL.put("lone_surrogate", "a\uD800b");
        UNIVERSAL.put("hundred_kb", "y".repeat(100_000));
        UNIVERSAL.put("empty", "");
        UNIVERSAL.put("blank", "   ");
        SECRET_PARTS.add(ant.substring(13, 33));
        SECRET_PARTS.add(aws.substring(4));
        SECRET_PARTS.add(gh.substring(4, 24));

        Path project = Files.createDirectories(sandbox.resolve("project"));
        env = Environment.of(
                Map.of(
                        "LOOPX_HOME",
                        Files.createDirectories(sandbox.resolve("loopx-home")).toString()),
                project,
                Files.createDirectories(sandbox.resolve("home")),
                Clock.fixed(NOW, ZoneOffset.UTC));
        Files.writeString(project.resolve("todo.txt"), "Write the importer\n");
        Files.writeString(project.resolve("plan.json"), "{}\n");
        Files.writeString(project.resolve("dist.tar.gz"), "not an archive");
        root = project.resolve(".loopx").toString();
        ok("connect", "--project", project.toString(), "--goal-id", "g1");
        ok("--runtime-root", root, "register-agent", "--goal-id", "g1", "--agent-id", "builder", "--execute");
        JsonNode added =
                ok("--runtime-root", root, "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Ship it");
        todoId = added.findValue("todo_id").asText();
        stdin = System.in;
        System.setIn(new ByteArrayInputStream(new byte[0])); // mcp serve ends at once if it starts
    }

    @AfterAll
    static void restoreStdin() {
        System.setIn(stdin);
    }

    private static String token(Random random, int n) {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    private static String upper(Random random, int n) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    private static JsonNode ok(String... args) throws Exception {
        Run run = run(true, args);
        assertEquals(0, run.exit(), run::toString);
        return Json.mapper().readTree(run.out());
    }

    record Run(int exit, String out, String err) {}

    static Run run(boolean quickPathAllowed, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = new PrintWriter(err, true);
        int exit = quickPathAllowed ? Cli.run(args, o, e, env) : Cli.runWithPicocli(args, o, e, env);
        return new Run(exit, out.toString(), err.toString());
    }

    /** A valid value for every option a command requires (and for the options of a group), by command and option. */
    private static String valid(String command, String option) {
        return switch (option) {
            case "--goal-id" -> "g1";
            case "--agent-id", "--claimed-by", "--blocks-agent", "--to-agent-id" -> "builder";
            case "--todo-id" -> todoId;
            case "--role" -> "agent";
            case "--text", "--reason", "--next-agent-todo", "--reason-summary", "--goal-text", "--note" -> "Ship it";
            case "--text-file" -> "todo.txt";
            case "--project" -> sandbox.resolve("project").toString();
            case "--operation" -> "stop";
            case "--actor-kind" -> "owner";
            case "--decision" -> command.equals("operator-gate") ? "approve" : "d1";
            case "--reward" -> "positive";
            case "--applied-rrule", "--failed-rrule", "--app-automation-current-rrule" -> "FREQ=MINUTELY;INTERVAL=30";
            case "--reset-token" -> "0123456789abcdef";
            case "--identity-signature" -> "0123456789ab";
            case "--spent-seq" -> "1";
            case "--to" -> "5";
            case "--until" -> "2026-03-01T12:00:00Z";
            case "--count" -> "1";
            case "--plan-file" -> "plan.json";
            case "--automation-id" -> "a1";
            case "--thread-id" -> "019a7f3e-5b1c-7d2e-8f90-a1b2c3d4e5f6";
            case "--message" -> "status";
            case "--archive" -> "dist.tar.gz";
            case "--result-digest" -> "sha256:0123abcd";
            default -> throw new AssertionError(command + ": no valid value known for " + option);
        };
    }

    /** Options that must be given together or instead of another: the one chosen per command. */
    private static final Map<String, List<String>> GROUP_CHOICE = Map.of(
            "todo add", List.of("--text"),
            "ledger replay", List.of("--to"),
            "slash-commands", List.of("--inspect"));

    /** A case: the arguments, the option under test, the bad value's kind, whether it is private. */
    record Case(String name, List<String> args, String option, String value, boolean textMode) {}

    private static List<Case> cases() {
        CommandLine cl = Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), env);
        List<Case> cases = new ArrayList<>();
        leaves(cl, cases);
        for (String global : List.of("--runtime-root", "--format", "--now")) {
            for (List<String> command : List.of(
                    List.of("status", "--goal-id", "g1"),
                    List.of("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Ship it"),
                    List.of("configure-goal", "--goal-id", "g1", "--quota-compute", "2", "--execute"))) {
                List<String> base = new ArrayList<>(command);
                if (!global.equals("--runtime-root")) {
                    base.addAll(0, List.of("--runtime-root", root));
                }
                addValues(
                        cases,
                        String.join(" ", command.subList(0, command.get(0).equals("todo") ? 2 : 1)),
                        base,
                        global,
                        global.equals("--now") ? Kind.TIME : Kind.TEXT);
            }
        }
        return cases;
    }

    enum Kind {
        TEXT,
        NUMBER,
        TIME
    }

    private static void leaves(CommandLine cl, List<Case> cases) {
        if (!cl.getSubcommands().isEmpty()) {
            Set<CommandLine> seen = new java.util.HashSet<>();
            for (CommandLine sub : cl.getSubcommands().values()) {
                if (seen.add(sub)) {
                    leaves(sub, cases);
                }
            }
            return;
        }
        CommandSpec spec = cl.getCommandSpec();
        String command = spec.qualifiedName().substring("loopx ".length());
        List<String> words = List.of(command.split(" "));
        for (OptionSpec option : spec.options()) {
            if (option.arity().max() == 0 || option.inherited() || option.usageHelp() || option.versionHelp()) {
                continue;
            }
            String name = option.longestName();
            List<String> base = new ArrayList<>(List.of("--runtime-root", root));
            base.addAll(words);
            base.addAll(required(spec, command, name));
            Class<?> type = option.type();
            Kind kind = type == int.class
                            || type == long.class
                            || type == Integer.class
                            || type == Long.class
                            || name.startsWith("--quota-")
                    ? Kind.NUMBER
                    : name.equals("--until") ? Kind.TIME : Kind.TEXT;
            addValues(cases, command, base, name, kind);
        }
        if (!spec.positionalParameters().isEmpty()) {
            List<String> base = new ArrayList<>(List.of("--runtime-root", root));
            base.addAll(words);
            for (var entry : UNIVERSAL.entrySet()) {
                List<String> args = new ArrayList<>(base);
                args.add(entry.getValue());
                cases.add(new Case(command + " FILE=" + entry.getKey(), args, "FILE", entry.getValue(), false));
            }
        }
    }

    /** Valid values for the command's required options (and one choice per required group), without {@code except}. */
    private static List<String> required(CommandSpec spec, String command, String except) {
        List<String> args = new ArrayList<>();
        Set<String> chosen = new TreeSet<>(GROUP_CHOICE.getOrDefault(command, List.of()));
        if (except.equals("--text-file") && command.equals("todo add")) {
            chosen.remove("--text");
        }
        if (except.equals("--until")) {
            chosen.remove("--to");
        }
        for (OptionSpec o : spec.options()) {
            String name = o.longestName();
            boolean needed = o.group() == null ? o.required() : chosen.contains(name);
            if (!needed || name.equals(except)) {
                continue;
            }
            args.add(name);
            if (o.arity().max() > 0) {
                args.add(valid(command, name));
            }
        }
        return args;
    }

    private static void addValues(List<Case> cases, String command, List<String> base, String option, Kind kind) {
        Map<String, String> values = new LinkedHashMap<>(UNIVERSAL);
        if (kind == Kind.NUMBER) {
            NUMBERS.forEach(v -> values.put("number " + v, v));
        }
        if (kind == Kind.TIME) {
            TIMES.forEach(v -> values.put("time " + v, v));
        }
        if (option.equals("--message")) { // host parse: a host passes the user's chat message as it is, even empty
            values.remove("empty");
            values.remove("blank");
        }
        for (var entry : values.entrySet()) {
            for (boolean attached : new boolean[] {false, true}) {
                if (attached
                        && !entry.getKey().equals("anthropic_key")
                        && !entry.getKey().equals("terminal_escape")) {
                    continue; // the --name=value spelling for a few values
                }
                List<String> args = new ArrayList<>(base);
                if (attached) {
                    args.add(option + "=" + entry.getValue());
                } else {
                    args.add(option);
                    args.add(entry.getValue());
                }
                boolean control = entry.getValue().chars().anyMatch(c -> c < 0x20 || c == 0x202E || c == 0xFFFD);
                String name = command + " " + option + (attached ? "=" : " ") + entry.getKey();
                cases.add(new Case(name, args, option, entry.getValue(), false));
                if (control && !attached) {
                    List<String> text = new ArrayList<>(args);
                    text.addAll(0, List.of("--format", "text"));
                    if (!option.equals("--format")) {
                        cases.add(new Case(name + " (text mode)", text, option, entry.getValue(), true));
                    }
                }
            }
        }
    }

    /** SHA-256 of every file under the sandbox (names, contents, folders). */
    static Map<String, String> snapshot() {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(sandbox)) {
            for (Path p : paths.toList()) {
                String key = sandbox.relativize(p).toString();
                files.put(
                        key,
                        Files.isRegularFile(p)
                                ? HexFormat.of()
                                        .formatHex(MessageDigest.getInstance("SHA-256")
                                                .digest(Files.readAllBytes(p)))
                                : "dir");
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return files;
    }

    @Test
    void everyGeneratedBadInvocationIsRefusedCleanly() {
        List<Case> cases = cases();
        Map<String, String> before = snapshot();
        List<String> failures = new ArrayList<>();
        Set<String> distinct = new TreeSet<>();
        for (Case c : cases) {
            String[] args = c.args().toArray(String[]::new);
            Run run = run(true, args);
            List<String> problems = problems(c, run);
            if (Cli.quick(args, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), env)
                    .isPresent()) {
                Run picocli = run(false, args);
                if (!picocli.equals(run)) {
                    problems.add(
                            "the quick path and picocli answer differently: " + show(picocli.out() + picocli.err()));
                }
            }
            Map<String, String> after = snapshot();
            if (!after.equals(before)) {
                problems.add("files changed");
                before = after;
            }
            if (!problems.isEmpty()) {
                failures.add(c.name() + ": " + String.join("; ", problems));
                distinct.add(c.name().replaceAll(" \\(text mode\\)", "").replaceFirst("[ =][^ =]*$", "") + ": "
                        + problems.get(0).replaceAll("[0-9]+", "N"));
            }
        }
        System.out.println("GeneratedBadInputTest: " + cases.size() + " invocations, " + failures.size() + " failed, "
                + distinct.size() + " distinct");
        failures.stream().limit(3000).forEach(f -> System.out.println("  " + f));
        assertTrue(cases.size() > 1500, "the generated set covers every option: " + cases.size());
        assertEquals(List.of(), failures, failures.size() + " of " + cases.size() + " failed");
    }

    private static final Set<String> CODES = java.util.Arrays.stream(ErrorCode.values())
            .map(ErrorCode::wire)
            .collect(java.util.stream.Collectors.toSet());

    private static List<String> problems(Case c, Run run) {
        List<String> problems = new ArrayList<>();
        if (run.exit() != 2) {
            problems.add("exit " + run.exit() + " " + show(run.out() + run.err()));
        }
        String all = run.out() + run.err();
        String message;
        if (c.textMode()) {
            if (!run.err().matches("(?s)loopx: .*\\[[a-z_]+\\]\nhint: .*")) {
                problems.add("text mode error is not 'loopx: … [code]': " + show(run.err()));
            }
            message = run.err();
        } else {
            JsonNode doc;
            try {
                doc = Json.mapper().readTree(run.out());
            } catch (Exception e) {
                doc = null;
            }
            if (doc == null
                    || !"loopx_error_v0".equals(doc.path("schema_version").asText())) {
                problems.add("not one loopx_error_v0 document: " + show(run.out()));
                return problems;
            }
            if (!CODES.contains(doc.path("error_code").asText())) {
                problems.add("unknown error_code " + doc.path("error_code").asText());
            }
            message = doc.path("message").asText();
        }
        if (!c.option().equals("FILE") && !message.contains(c.option())) {
            problems.add("the message does not name " + c.option() + ": " + show(message));
        }
        for (String part : SECRET_PARTS) {
            if (all.contains(part)) {
                problems.add("a secret is echoed");
            }
        }
        if (all.chars()
                .anyMatch(ch -> (ch < 0x20 && ch != '\n' && ch != '\t')
                        || ch == 0x202E
                        || ch == 0x202C
                        || ch == 0xFFFD
                        || Character.isSurrogate((char) ch))) {
            problems.add("a raw control, bidi or replacement character is echoed");
        }
        if (all.length() > 4000) {
            problems.add("the answer is " + all.length() + " characters long");
        }
        return problems;
    }

    private static String show(String text) {
        String t = text.replace("\n", " ");
        StringBuilder sb = new StringBuilder();
        t.chars()
                .forEach(ch -> sb.append(
                        ch < 0x20 || ch == 0x202E || ch == 0x202C || ch == 0xFFFD || Character.isSurrogate((char) ch)
                                ? String.format("\\u%04x", ch)
                                : String.valueOf((char) ch)));
        t = sb.toString();
        return t.length() > 220 ? t.substring(0, 220) + "…" : t;
    }
}
