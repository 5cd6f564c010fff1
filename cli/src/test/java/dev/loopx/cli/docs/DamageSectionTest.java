package dev.loopx.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.application.composition.ScheduledLedgerCheck;
import dev.loopx.cli.Cli;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.ExitCodes;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.ledger.LedgerCheck;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventType;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, part 4: docs/cli.md's section "Damage, tampering and {@code loopx ledger repair}" is held
 * to the code. Every name it spells in a code span must be something the code has: a command (with
 * its options) of the picocli tree, an {@code error_code} with the exit code the section gives it,
 * a JSON field or value that a real damaged runtime root's answers carry ({@code ledger verify},
 * {@code todo add}, {@code status}, {@code should-run}, {@code global-risks}, {@code ledger repair}
 * and its preview, {@code ledger replay} of the repaired ledger), a file that runtime root holds, an
 * event type of the catalog (with its payload fields), or a name the code defines (the periodic
 * check's variable and files). Its figures — the daily default, the 1 MiB limit of a check inside a
 * command, once an hour, nice 19 — are the code's constants. A rename in the code, or a section that
 * promises what the code does not have, fails here; fix docs/cli.md or the code, not this test.
 */
class DamageSectionTest {
    private static final Path REFERENCE = Path.of("..", "docs", "cli.md");
    private static final String HEADING = "### Damage, tampering and `loopx ledger repair`";

    /** Code spans that are prose, not names (each says why). */
    private static final Set<String> PROSE = Set.of(
            "stat", // the system call the cost column names
            "0", // the value that turns the periodic check off (held by the figures below)
            "loopx: warning: …", // the start of every warning line
            "UPDATE", // the SQL statements a PostgreSQL server records as damage (PostgresLedgerDamageTest)
            "DELETE",
            "TRUNCATE");

    @TempDir
    static Path sandbox;

    private static String section;
    private static final Set<String> fields = new HashSet<>();
    private static final Map<String, Set<String>> values = new HashMap<>();
    private static final List<String> texts = new ArrayList<>();
    private static Path root;
    private static String keptAt;

    @BeforeAll
    static void aDamagedRootAnswersEveryCommandTheSectionNames() throws IOException {
        String reference = Files.readString(REFERENCE, StandardCharsets.UTF_8);
        int from = reference.indexOf(HEADING);
        assertTrue(from >= 0, "docs/cli.md has the section " + HEADING);
        int to = reference.indexOf("\n## ", from);
        section = reference.substring(from + HEADING.length(), to).replaceAll("\\s+", " ");

        CliRunner cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx");
        String r = root.toString();
        assertEquals(
                0,
                cli.run("--runtime-root", r, "register-agent", "--goal-id", "g1", "--agent-id", "a1", "--execute")
                        .exit());
        for (int i = 1; i <= 4; i++) {
            assertEquals(
                    0,
                    cli.run(
                                    "--runtime-root",
                                    r,
                                    "todo",
                                    "add",
                                    "--goal-id",
                                    "g1",
                                    "--role",
                                    "agent",
                                    "--text",
                                    "task " + i)
                            .exit());
        }
        flip(root.resolve("ledger").resolve("19700101F.cq4"), "task 2");
        collect(cli.run("--runtime-root", r, "ledger", "verify"));
        collect(cli.run("--runtime-root", r, "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "x"));
        collect(cli.run("--runtime-root", r, "status", "--goal-id", "g1"));
        texts.add(cli.run("--runtime-root", r, "--format", "text", "status", "--goal-id", "g1")
                .stdout());
        collect(cli.run(
                "--runtime-root",
                r,
                "quota",
                "should-run",
                "--goal-id",
                "g1",
                "--agent-id",
                "a1",
                "--runtime-profile",
                "codex_cli"));
        collect(cli.run("global-risks"));
        collect(cli.run("--runtime-root", r, "ledger", "repair"));
        CliRunner.Result repaired = cli.run("--runtime-root", r, "ledger", "repair", "--execute");
        assertEquals(0, repaired.exit(), repaired::toString);
        collect(repaired);
        keptAt = repaired.json().get("damaged_files_kept_at").asText();
        collect(cli.run("--runtime-root", r, "ledger", "replay"));
        collect(cli.run("--runtime-root", r, "ledger", "repair"));
    }

    private static void flip(Path queue, String text) throws IOException {
        String bytes = new String(Files.readAllBytes(queue), StandardCharsets.ISO_8859_1);
        int at = bytes.indexOf(text);
        assertTrue(at > 0);
        try (RandomAccessFile f = new RandomAccessFile(queue.toFile(), "rw")) {
            f.seek(at + text.length() - 1);
            f.write('9');
        }
    }

    private static void collect(CliRunner.Result result) {
        result.jsonLines().forEach(DamageSectionTest::collect);
    }

    private static void collect(JsonNode node) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                fields.add(e.getKey());
                if (e.getValue().isValueNode()) {
                    values.computeIfAbsent(e.getKey(), k -> new HashSet<>())
                            .add(e.getValue().asText());
                }
                collect(e.getValue());
            }
        } else if (node.isArray()) {
            node.forEach(DamageSectionTest::collect);
        }
    }

    private static List<String> spans() {
        List<String> spans = new ArrayList<>();
        Matcher m = Pattern.compile("`([^`]+)`").matcher(section);
        while (m.find()) {
            spans.add(m.group(1).trim());
        }
        return spans;
    }

    @Test
    void everyNameTheSectionSpellsIsOneTheCodeHas() {
        CommandModel tree = commandTree();
        List<String> unknown = new ArrayList<>();
        for (String span : spans()) {
            if (!known(span, tree)) {
                unknown.add(span);
            }
        }
        assertTrue(
                unknown.isEmpty(),
                "docs/cli.md's damage section names what the code does not have: " + unknown + "\n(JSON fields seen: "
                        + new java.util.TreeSet<>(fields) + ")");
    }

    @Test
    void everyErrorCodeHasTheExitCodeTheSectionGivesIt() {
        // "`ledger_damaged` (exit 3, …", "as `ledger_corrupt`, `ledger_tail_lost` or `ledger_tampered` (exit 1, …"
        Matcher m = Pattern.compile("((?:`[a-z_]+`(?:,| or| and)? ?)+)\\(exit (\\d)")
                .matcher(section);
        int checked = 0;
        while (m.find()) {
            Matcher code = Pattern.compile("`([a-z_]+)`").matcher(m.group(1));
            while (code.find()) {
                Optional<ErrorCode> error = ErrorCode.fromWire(code.group(1));
                if (error.isPresent()) {
                    assertEquals(
                            Integer.parseInt(m.group(2)),
                            ExitCodes.forError(error.get()),
                            code.group(1) + "'s exit code in docs/cli.md");
                    checked++;
                }
            }
        }
        assertTrue(checked >= 5, "the section gives the exit codes of its error codes (" + checked + " found)");
        // "… is refused (`ledger_unverified`, exit 3, …": the code first, then its exit
        Matcher inline = Pattern.compile("\\(`([a-z_]+)`, exit (\\d)").matcher(section);
        while (inline.find()) {
            assertEquals(
                    Integer.parseInt(inline.group(2)),
                    ExitCodes.forError(ErrorCode.of(inline.group(1))),
                    inline.group(1) + "'s exit code in docs/cli.md");
        }
    }

    @Test
    void theFiguresAreTheCodesConstants() throws ReflectiveOperationException {
        assertTrue(
                section.contains("`" + ScheduledLedgerCheck.HOURS + "` (default "
                        + constant(ScheduledLedgerCheck.class, "DEFAULT_HOURS") + ";"),
                "the periodic check's variable and default");
        long inline = (long) constant(Class.forName("dev.loopx.ledger.chronicle.JournalFile"), "INLINE_CHECK_BYTES");
        assertEquals(1L << 20, inline);
        assertTrue(section.contains("over 1 MiB"), "a check inside a command stops at 1 MiB");
        assertEquals(Duration.ofHours(1), constant(ScheduledLedgerCheck.class, "RESTART_AFTER"));
        assertTrue(section.contains("at most once an hour per runtime root"));
        assertEquals("nice -n 19 ", constant(ScheduledLedgerCheck.class, "NICE"));
        assertTrue(section.contains("(nice 19)"));
    }

    private static Object constant(Class<?> owner, String name) throws ReflectiveOperationException {
        Field field = owner.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(null);
    }

    private static boolean known(String span, CommandModel tree) {
        if (PROSE.contains(span)) {
            return true;
        }
        if (span.equals(ScheduledLedgerCheck.HOURS)) {
            return true;
        }
        if (span.startsWith("LEDGER DAMAGED from seq N")) {
            return texts.stream().anyMatch(t -> t.matches("(?s)LEDGER DAMAGED from seq \\d+.*"));
        }
        if (span.startsWith("private/damaged-ledgers/")) {
            return keptAt.startsWith("private/damaged-ledgers/");
        }
        if (span.startsWith("{") && span.endsWith("}")) {
            return List.of(span.substring(1, span.length() - 1).split(",\\s*")).stream()
                    .allMatch(fields::contains);
        }
        Matcher pair = Pattern.compile("([a-z_]+): \"?([a-z_]+)\"?").matcher(span);
        if (pair.matches()) {
            return values.getOrDefault(pair.group(1), Set.of()).contains(pair.group(2));
        }
        if (span.matches("[a-z][a-z0-9_]*")) {
            return ErrorCode.fromWire(span).isPresent()
                    || fields.contains(span)
                    || values.values().stream().anyMatch(v -> v.contains(span))
                    || command(span, tree)
                    || serverTable(span);
        }
        if (isFile(span)) {
            return true;
        }
        if (span.matches("[a-z_]+\\.[a-z_]+(\\.[a-z_]+)?")) {
            return event(span);
        }
        return command(span.startsWith("loopx ") ? span.substring("loopx ".length()) : span, tree);
    }

    /** A table LoopX creates on a PostgreSQL server (its schema, ADR 0013). */
    private static boolean serverTable(String span) {
        try {
            Class<?> schema = Class.forName("dev.loopx.ledger.postgres.Schema");
            Object integrity = constant(schema, "INTEGRITY");
            return integrity.toString().contains("CREATE TABLE IF NOT EXISTS " + span + " (");
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    /** A file of the runtime root (or of its journal folder) after the commands above, or the periodic check's marker. */
    private static boolean isFile(String span) {
        if (span.equals(LedgerCheck.FILE) || span.equals("ledger.check.started")) {
            try {
                return span.equals(LedgerCheck.FILE) || span.equals(constant(ScheduledLedgerCheck.class, "STARTED"));
            } catch (ReflectiveOperationException e) {
                return false;
            }
        }
        return span.matches("[a-z]+\\.(head|cq4t)")
                && (Files.exists(root.resolve(span))
                        || Files.exists(root.resolve("ledger").resolve(span)));
    }

    /** {@code ledger.repaired}, or {@code quota.slot_voided.spent_seq}: an event type, with a payload field. */
    private static boolean event(String span) {
        EventCatalog catalog = EventCatalog.standard();
        String[] parts = span.split("\\.");
        Optional<EventType<?>> type = catalog.byName(parts[0] + "." + parts[1]);
        if (type.isEmpty()) {
            return false;
        }
        if (parts.length == 2) {
            return true;
        }
        for (RecordComponent c : type.get().recordClass().getRecordComponents()) {
            if (c.getName()
                    .replaceAll("([A-Z])", "_$1")
                    .toLowerCase(java.util.Locale.ROOT)
                    .equals(parts[2])) {
                return true;
            }
        }
        return false;
    }

    /** Words of a command path (anywhere below the root, as "should-run" names "quota should-run"), then its options. */
    private static boolean command(String span, CommandModel tree) {
        List<String> words = List.of(span.split(" "));
        List<String> path = words.stream().takeWhile(w -> !w.startsWith("-")).toList();
        List<String> options = words.subList(path.size(), words.size());
        if (path.isEmpty()) {
            return false;
        }
        return find(tree, path).stream()
                .anyMatch(c -> options.stream()
                        .allMatch(o -> !o.startsWith("-") || c.accepted().containsKey(o)));
    }

    private static List<CommandModel> find(CommandModel node, List<String> path) {
        List<CommandModel> found = new ArrayList<>();
        CommandModel at = node;
        boolean whole = true;
        for (String word : path) {
            at = at.subcommands().get(word);
            if (at == null) {
                whole = false;
                break;
            }
        }
        if (whole) {
            found.add(at);
        }
        for (CommandModel child : new HashSet<>(node.subcommands().values())) {
            found.addAll(find(child, path));
        }
        return found;
    }

    private static CommandModel commandTree() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        Environment environment = Environment.of(
                Map.of(),
                Path.of("").toAbsolutePath(),
                Path.of("").toAbsolutePath(),
                Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC));
        return CommandModel.of(Cli.commandLine(sink, sink, environment));
    }
}
