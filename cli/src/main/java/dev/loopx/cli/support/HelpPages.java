package dev.loopx.cli.support;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Makes every {@code --help} page teach: a one-line summary that is a whole sentence (the first
 * sentence of the description, shown in the parent's command list), prose that wraps to the
 * terminal (the annotations' hard-wrapped lines joined into paragraphs; lists and examples kept as
 * written), every option described, an example, the exit codes; {@code -h, --help} on every page
 * and {@code -V, --version} only at the top; {@code loopx --help} lists the commands grouped the way
 * a person uses them ({@link #GROUPS}). Applied once to a built command line, before it parses.
 */
public final class HelpPages {
    /** The top-level command list, grouped; a command in no group is listed under "More". */
    static final Map<String, List<String>> GROUPS = groups();

    /** What every page says about exit codes (SPEC §S0). */
    static final Map<String, String> EXIT_CODES = exitCodes();

    /** Descriptions of options many commands share, used where a command gives none. */
    private static final Map<String, String> SHARED = Map.ofEntries(
            Map.entry("--goal-id", "The goal, by id (loopx status lists the goals of a runtime root)."),
            Map.entry("--agent-id", "The agent (lane), by the id it was registered with (loopx register-agent)."),
            Map.entry("--todo-id", "The todo, by id (todo_ and 12 hex digits; loopx todo list shows them)."),
            Map.entry("--reason-summary", "Why, in one public sentence (no paths or secrets)."),
            Map.entry("--decision", "The decision: one of the words in the option's label."),
            Map.entry("--operation-id", "Idempotency key: repeating the same write returns the original receipt."),
            Map.entry("--execute", "Write (without it the command only shows what it would write)."),
            Map.entry("--dry-run", "Show what would be written; write nothing."),
            Map.entry("--role", "Whose todo: agent or user (the owner)."),
            Map.entry("--text", "The todo's text, one public sentence."),
            Map.entry("--operation", "What to do with the goal: stop it or resume it."),
            Map.entry(
                    "--actor-kind", "Who decides: the owner (a person) or a controller (automation acting for them)."),
            Map.entry("--reason", "Why, in one public sentence (no paths or secrets)."),
            Map.entry(
                    "--next-agent-todo", "The text of the agent todo that follows this one (added in the same write)."),
            Map.entry("--next-user-todo", "The text of an owner todo that follows this one (added in the same write)."),
            Map.entry(
                    "--next-user-task-class",
                    "What the following owner todo is: a gate (blocks until decided) or an action."),
            Map.entry("--decision-outcome", "How the owner decided a gate: approve, reject or cancel."),
            Map.entry("--reward", "How the owner rates the work: positive, negative, mixed or neutral."),
            Map.entry("--lesson-kind", "A short label for what was learned (with --lesson-summary)."),
            Map.entry("--lesson-summary", "What was learned, in one public sentence."),
            Map.entry("--summary", "What the turn delivered, in one public sentence."),
            Map.entry("--applied-rrule", "The RRULE the host automation now runs (the hint's recommended_rrule)."),
            Map.entry("--reset-token", "The reset_token of the should-run hint being acknowledged (16 hex digits)."),
            Map.entry("--identity-signature", "The identity_signature of that hint (12 hex digits)."),
            Map.entry("--failed-rrule", "The RRULE the host could not apply."),
            Map.entry("--app-automation-current-rrule", "The RRULE the host automation runs now."),
            Map.entry("--count", "How many events to append."));

    /**
     * Summaries for commands whose description does not open with a short sentence: shown in the
     * parent's command list and as the first line of the page.
     */
    private static final Map<String, String> SUMMARIES = Map.ofEntries(
            Map.entry(
                    "loopx bootstrap-command-pack",
                    "Show whether the project is connected, which goal and agent it uses, and the next command."),
            Map.entry(
                    "loopx connect",
                    "Connect a project: create its runtime root, register its goal and record the project."),
            Map.entry("loopx dashboard", "Serve a live, read-only web page over every known project."),
            Map.entry("loopx demo", "Run a guided tour of LoopX in a temporary project (nothing of yours is touched)."),
            Map.entry(
                    "loopx global-risks",
                    "List the risks across every known project: stopped goals, blockers, gaps, waiting gates."),
            Map.entry("loopx host codex-app", "Plan the Codex App heartbeat automation of a lane."),
            Map.entry(
                    "loopx host codex-app install-plan",
                    "Preview the Codex App automation request for a lane's managed heartbeat (writes nothing)."),
            Map.entry(
                    "loopx host parse",
                    "Match a chat message against the slash commands and print the handoff for the host."),
            Map.entry("loopx operator-gate", "Record an operator's decision on a gate (approve, reject or defer)."),
            Map.entry("loopx review-packet", "Print a compact handoff for a reviewer or the next agent."),
            Map.entry(
                    "loopx slash-commands",
                    "List the LoopX slash commands, or install, inspect or remove their host files."),
            Map.entry(
                    "loopx start-goal",
                    "Preview how a goal starts from one line of goal text, with the exact commands."),
            Map.entry(
                    "loopx status",
                    "Show the first screen of each goal: objective, quota, gates, next todos, evidence."),
            Map.entry(
                    "loopx install",
                    "Install this LoopX under the LoopX home and print the PATH line for your shell."));

    private HelpPages() {}

    /** Applies the conventions to {@code root} and every subcommand registered under it. */
    public static void apply(CommandLine root) {
        root.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST, HelpPages::groupedCommandList);
        root.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING, help -> "");
        page(root, true);
        root.setUsageHelpAutoWidth(true);
    }

    private static void page(CommandLine cl, boolean top) {
        CommandSpec spec = cl.getCommandSpec();
        if (!top) {
            spec.mixinStandardHelpOptions(false);
            if (spec.options().stream().noneMatch(OptionSpec::usageHelp)) {
                spec.addOption(OptionSpec.builder("-h", "--help")
                        .usageHelp(true)
                        .description("Show this help page and exit.")
                        .build());
            }
        }
        UsageMessageSpec usage = spec.usageMessage();
        usage.description(paragraphs(usage.description()));
        String summary = SUMMARIES.get(spec.qualifiedName());
        if (summary != null && usage.header().length == 0) {
            usage.header(summary);
        }
        if (usage.exitCodeList().isEmpty()) {
            usage.exitCodeListHeading("%nExit codes:%n");
            usage.exitCodeList(EXIT_CODES);
        }
        if (!top && !String.join("\n", usage.footer()).contains("Example")) {
            List<String> footer = new ArrayList<>(List.of(usage.footer()));
            footer.add("");
            footer.add("Example:  " + Examples.of(spec));
            usage.footer(footer.toArray(String[]::new));
        }
        for (OptionSpec option : new ArrayList<>(spec.options())) {
            if (!option.hidden() && String.join("", option.description()).isBlank()) {
                String shared = SHARED.get(option.longestName());
                if (shared != null) {
                    replaceDescription(spec, option, shared);
                }
            }
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getParent() == cl) {
                page(sub, false);
            }
        }
    }

    /** picocli's option specs are immutable: the option is rebuilt with a description. */
    private static void replaceDescription(CommandSpec spec, OptionSpec option, String description) {
        OptionSpec described = option.toBuilder().description(description).build();
        spec.remove(option);
        spec.addOption(described);
    }

    /**
     * The annotation's lines as paragraphs: consecutive prose lines joined with a space (picocli then
     * wraps each to the terminal); a blank line, a list item ({@code 1.}, {@code -}, {@code *}) or an
     * indented line (an example) starts a new line as written.
     */
    public static String[] paragraphs(String[] lines) {
        List<String> out = new ArrayList<>();
        StringBuilder current = null;
        for (String line : lines) {
            if (current != null
                    && current.toString().matches("^(\\d+\\.|[-*•]) .*")
                    && line.matches("^ {2,4}\\S.*")
                    && !line.strip().startsWith("loopx ")) {
                current.append(' ').append(line.strip()); // a list item's wrapped continuation
                continue;
            }
            boolean kept = line.isBlank()
                    || line.startsWith(" ")
                    || line.matches("^(\\d+\\.|[-*•]) .*")
                    || line.startsWith("Example");
            if (kept) {
                if (current != null) {
                    out.add(current.toString());
                    current = null;
                }
                if (line.isBlank() || line.startsWith(" ") || line.startsWith("Example")) {
                    out.add(line);
                } else {
                    current = new StringBuilder(line);
                }
            } else if (current == null) {
                current = new StringBuilder(line);
            } else {
                current.append(' ').append(line.strip());
            }
        }
        if (current != null) {
            out.add(current.toString());
        }
        return out.toArray(String[]::new);
    }

    /** A command's one-line summary: its entry in {@link #SUMMARIES}, else the first sentence of its description. */
    public static String summary(CommandSpec spec) {
        String given = SUMMARIES.get(spec.qualifiedName());
        if (given != null) {
            return given;
        }
        String text =
                String.join(" ", paragraphs(spec.usageMessage().description())).strip();
        int end = sentenceEnd(text);
        return end < 0 ? text : text.substring(0, end + 1);
    }

    private static int sentenceEnd(String text) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' || c == '`') {
                depth += c == '(' ? 1 : 0;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            } else if ((c == '.' || c == '?' || c == '!')
                    && depth == 0
                    && (i + 1 == text.length() || text.charAt(i + 1) == ' ')
                    && !text.substring(Math.max(0, i - 4), i + 1).matches(".*\\b(e\\.g|i\\.e|etc|vs)\\.")) {
                return i;
            }
        }
        return -1;
    }

    private static String groupedCommandList(CommandLine.Help help) {
        Map<String, CommandLine.Help> subs = new LinkedHashMap<>();
        Map<String, String> shown = new LinkedHashMap<>();
        help.subcommands().forEach((key, sub) -> {
            subs.put(sub.commandSpec().name(), sub);
            shown.put(sub.commandSpec().name(), key);
        });
        if (subs.isEmpty()) {
            return "";
        }
        int width = help.commandSpec().usageMessage().width();
        int nameWidth = shown.values().stream().mapToInt(String::length).max().orElse(10) + 2;
        StringBuilder out = new StringBuilder();
        List<String> listed = new ArrayList<>();
        Map<String, List<String>> groups = new LinkedHashMap<>(GROUPS);
        List<String> more = subs.keySet().stream()
                .filter(n -> GROUPS.values().stream().noneMatch(g -> g.contains(n)))
                .toList();
        if (!more.isEmpty()) {
            groups.put("More", more);
        }
        for (var group : groups.entrySet()) {
            List<String> names =
                    group.getValue().stream().filter(subs::containsKey).toList();
            if (names.isEmpty()) {
                continue;
            }
            out.append(String.format("%n%s:%n", group.getKey()));
            for (String name : names) {
                listed.add(name);
                String summary = summary(subs.get(name).commandSpec());
                out.append(wrap("  " + pad(shown.get(name), nameWidth), summary, width));
            }
        }
        return out.toString();
    }

    private static String pad(String name, int width) {
        return name + " ".repeat(Math.max(1, width - name.length()));
    }

    /** {@code prefix} then {@code text} wrapped to {@code width}, continuation lines under the text. */
    static String wrap(String prefix, String text, int width) {
        StringBuilder out = new StringBuilder(prefix);
        int column = prefix.length();
        String indent = " ".repeat(prefix.length());
        for (String word : text.split(" ")) {
            if (column > prefix.length() && column + 1 + word.length() > width) {
                out.append(System.lineSeparator()).append(indent);
                column = prefix.length();
            } else if (column > prefix.length()) {
                out.append(' ');
                column++;
            }
            out.append(word);
            column += word.length();
        }
        return out.append(System.lineSeparator()).toString();
    }

    private static Map<String, List<String>> groups() {
        Map<String, List<String>> g = new LinkedHashMap<>();
        g.put("Start here", List.of("demo", "install", "connect", "status", "doctor"));
        g.put(
                "Daily work",
                List.of(
                        "todo",
                        "task-lease",
                        "quota",
                        "refresh-state",
                        "reward",
                        "register-agent",
                        "operator-gate",
                        "configure-goal",
                        "goal-lifecycle",
                        "review-packet",
                        "evidence-log",
                        "global-summary",
                        "global-gates",
                        "global-todos",
                        "global-risks",
                        "projects",
                        "dashboard"));
        g.put(
                "Hosts (Codex, Claude Code, pi, MCP)",
                List.of(
                        "slash-commands",
                        "heartbeat-prompt",
                        "start-goal",
                        "bootstrap-command-pack",
                        "host",
                        "mcp",
                        "automation-prompts",
                        "bind-agent-thread",
                        "resolve-agent-thread",
                        "unbind-agent-thread"));
        g.put("Operations", List.of("ledger", "projections", "update", "completion", "version", "debug"));
        return Collections.unmodifiableMap(g);
    }

    private static Map<String, String> exitCodes() {
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put("0", "ok");
        codes.put("1", "the command ran and refused or found a problem (ok=false)");
        codes.put("2", "bad input; nothing was written");
        codes.put("3", "environment or I/O failure");
        return Collections.unmodifiableMap(codes);
    }
}
