package dev.loopx.cli.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.host.codexapp.migration.PlanStatus;
import dev.loopx.projections.goal.GoalLifecycle;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Production code compares the typed vocabulary of views and queries as values ({@code t.role() ==
 * TodoRole.USER}, {@code t.isUserGate()}), never by its wire spelling ({@code
 * t.role().equals("user")}, {@code "stopped".equals(lifecycle)}, {@code case "user_gate" ->}): the
 * spellings live in the enums ({@link TodoRole}, {@link TaskClass}, {@link Priority}, {@link
 * TodoStatus}, {@link GoalLifecycle}, {@link QuotaState}, {@link PlanStatus}) and are read
 * tolerantly by the folds (issue 34). The scan takes the spellings from the enums themselves, plus
 * {@link TaskClass#LEGACY_MONITOR}.
 *
 * <p>Some other vocabularies share a spelling (a host file's owner is {@code user}, a sync result
 * {@code current}, whom a goal waits on {@code user} or {@code agent}): {@link #OTHER_VOCABULARIES}
 * names, per file, the spellings compared there that are not one of these enums, and why. Comments
 * and text in string literals are not code in this sense.
 */
class NoWireSpellingComparisonsTest {
    /** Per file (from the repository root): spellings compared there that belong to another vocabulary. */
    private static final Map<String, Set<String>> OTHER_VOCABULARIES = Map.ofEntries(
            // sync and migration results (updated | current | …), not a plan status
            Map.entry(
                    "application/src/main/java/dev/loopx/application/automation/SyncInstalledPrompts.java",
                    Set.of("current")),
            Map.entry("application/src/main/java/dev/loopx/application/update/SyncAnswer.java", Set.of("current")),
            Map.entry(
                    "host-adapters/src/main/java/dev/loopx/host/codexapp/migration/PromptMigrator.java",
                    Set.of("current")),
            // a migration journal's outcome (applied | deferred | …), not a todo status
            Map.entry(
                    "commands/src/main/java/dev/loopx/commands/migration/PromptMigrationDecider.java",
                    Set.of("deferred")),
            // a host file's owner (loopx | user | none), not a todo role
            Map.entry("host-adapters/src/main/java/dev/loopx/host/install/HostFileInstaller.java", Set.of("user")),
            Map.entry("cli/src/main/java/dev/loopx/cli/render/SlashInstallAnswer.java", Set.of("user")),
            // a ledger URL's parameter name
            Map.entry("ledger/src/main/java/dev/loopx/ledger/remote/LedgerLocation.java", Set.of("user")),
            // whom a goal waits on (user | agent | nothing, LaneDecisions), not a todo role
            Map.entry(
                    "projections/src/main/java/dev/loopx/projections/query/LaneDecisions.java",
                    Set.of("user", "agent")),
            Map.entry("projections/src/main/java/dev/loopx/projections/query/ReviewPacket.java", Set.of("user")),
            Map.entry("cli/src/main/java/dev/loopx/cli/render/GlobalSummaryAnswer.java", Set.of("user", "agent")),
            // the benchmark reads a todo.added event's role, a string (events keep their spellings); bench
            // does not depend on projections
            Map.entry("bench/src/main/java/dev/loopx/bench/LedgerSeed.java", Set.of("user")));

    /** Every wire spelling of the typed vocabulary (the empty ones left out: emptiness is not compared this way). */
    static Set<String> spellings() {
        Set<String> s = new TreeSet<>();
        Arrays.stream(TodoRole.values()).map(TodoRole::wire).forEach(s::add);
        Arrays.stream(TaskClass.values()).map(TaskClass::wire).forEach(s::add);
        s.add(TaskClass.LEGACY_MONITOR);
        Arrays.stream(Priority.values()).map(Priority::wire).forEach(s::add);
        Arrays.stream(TodoStatus.values()).map(TodoStatus::wire).forEach(s::add);
        Arrays.stream(GoalLifecycle.values()).map(GoalLifecycle::wire).forEach(s::add);
        Arrays.stream(QuotaState.values()).map(QuotaState::wire).forEach(s::add);
        Arrays.stream(PlanStatus.values()).map(PlanStatus::wire).forEach(s::add);
        s.remove("");
        return s;
    }

    /** {@code x.equals("w")}, {@code x.equalsIgnoreCase("w")}, {@code "w".equals(x)}, {@code "w"::equals}, {@code case "w"}. */
    static Pattern comparison(Set<String> spellings) {
        String w = spellings.stream().map(Pattern::quote).collect(Collectors.joining("|", "(?:", ")"));
        return Pattern.compile("\\.equals(?:IgnoreCase)?\\(\\s*\"(" + w + ")\"\\s*\\)"
                + "|\"(" + w + ")\"\\s*(?:\\.equals(?:IgnoreCase)?\\(|::equals)"
                + "|\\bcase\\s+(?:\"[^\"]*\"\\s*,\\s*)*\"(" + w + ")\"");
    }

    @Test
    void productionCode_comparesTheTypedVocabularyAsValues_notBySpelling() throws IOException {
        Path repository = Path.of("..").toAbsolutePath().normalize();
        Pattern comparison = comparison(spellings());
        List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> modules = Files.list(repository)) {
            for (Path module : modules.sorted().toList()) {
                Path main = module.resolve("src/main/java");
                if (!Files.isDirectory(main)) {
                    continue;
                }
                try (Stream<Path> sources = Files.walk(main)) {
                    for (Path source :
                            sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                        files++;
                        String file = repository.relativize(source).toString().replace('\\', '/');
                        found.addAll(comparisons(
                                file,
                                Files.readAllLines(source),
                                comparison,
                                OTHER_VOCABULARIES.getOrDefault(file, Set.of())));
                    }
                }
            }
        }
        assertTrue(files > 300, "the scan found the production sources (" + files + " files)");
        assertEquals(
                List.of(),
                found,
                "compare the enum value (==, a switch on the enum, TodoView.isUser()/isUserGate(), GoalView.stopped()),"
                        + " not its wire spelling; another vocabulary that shares the spelling goes into"
                        + " OTHER_VOCABULARIES with its reason");
    }

    @Test
    void theScan_findsEachFormOfComparison_andPassesCommentsStringsAndOtherVocabularies() {
        Pattern comparison = comparison(spellings());
        List<String> lines = List.of(
                "/** t.role().equals(\"user\") in a comment */",
                "  * \"user_gate\".equals(x) in a comment",
                "String s = \"t.role().equals(\\\"user\\\")\"; // t.role().equals(\"agent\")",
                "if (t.role().equals(\"user\")) {",
                "boolean b = \"stopped\".equals(lifecycle);",
                "list.stream().anyMatch(\"monitor_task\"::equals);",
                "case \"none\", \"user_gate\" -> 1;",
                "if (x.equalsIgnoreCase(\"throttled\")) {",
                "if (result.equals(\"current\")) {",
                "if (key.equals(\"password\")) {");
        assertEquals(
                List.of(
                        "X.java:4 .equals(\"user\")",
                        "X.java:5 \"stopped\".equals(",
                        "X.java:6 \"monitor_task\"::equals",
                        "X.java:7 case \"none\", \"user_gate\"",
                        "X.java:8 .equalsIgnoreCase(\"throttled\")"),
                comparisons("X.java", lines, comparison, Set.of("current")));
    }

    private static List<String> comparisons(String file, List<String> lines, Pattern comparison, Set<String> allowed) {
        List<String> found = new ArrayList<>();
        for (CodeLines.Line line : CodeLines.of(lines)) {
            String code = withoutStringsButSpellings(line.text());
            int comment = code.indexOf("//");
            if (comment >= 0) {
                code = code.substring(0, comment);
            }
            Matcher m = comparison.matcher(code);
            while (m.find()) {
                String spelling = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
                if (!allowed.contains(spelling)) {
                    found.add(file + ":" + line.number() + " " + m.group());
                }
            }
        }
        return found;
    }

    /**
     * The line with the text of each string literal blanked, unless the literal is a bare word (a
     * spelling compared there): {@code "a \"user\" b"} becomes {@code ""}, {@code "user"} stays.
     */
    private static String withoutStringsButSpellings(String line) {
        Matcher m = CodeLines.STRING.matcher(line);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String literal = m.group();
            m.appendReplacement(out, Matcher.quoteReplacement(literal.matches("\"[A-Za-z0-9_]*\"") ? literal : "\"\""));
        }
        m.appendTail(out);
        return out.toString();
    }
}
