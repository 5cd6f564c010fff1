package dev.loopx.cli.docs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Compares docs/cli.md ({@link ReferenceDoc}) with the picocli command tree ({@link CommandModel})
 * and says, one line per problem, what is missing or extra there and how to fix it. Pure; an
 * empty list means the reference matches the tree.
 *
 * <p>Missing: a visible command without a section; one of its options (every name, short ones
 * included), aliases or positional parameters not named in its sections. Extra: code naming a
 * command the tree does not have ({@code loopx quota frob}), an option after {@code loopx <command>}
 * that command does not accept, or an option in any code that no command accepts.
 */
final class ReferenceCheck {
    private static final Pattern OPTION = Pattern.compile("(?:^|(?<=[\\s\\[(|,{]))(--?[A-Za-z][A-Za-z0-9-]*)");
    private static final Pattern LOOPX = Pattern.compile("(?<![\\w./$-])loopx(?= )");
    private static final Pattern QUOTED = Pattern.compile("'[^']*'|\"[^\"]*\"");
    private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9-]*");

    private final CommandModel root;
    private final ReferenceDoc doc;
    private final List<String> problems = new ArrayList<>();

    private ReferenceCheck(CommandModel root, ReferenceDoc doc) {
        this.root = root;
        this.doc = doc;
    }

    static List<String> problems(CommandModel root, ReferenceDoc doc) {
        ReferenceCheck check = new ReferenceCheck(root, doc);
        check.everyCommandIsDescribed();
        check.everyCodeReferenceExists();
        return List.copyOf(new LinkedHashSet<>(check.problems));
    }

    private void everyCommandIsDescribed() {
        Map<List<String>, List<ReferenceDoc.Section>> sectionsOf = new LinkedHashMap<>(); // by command words
        for (ReferenceDoc.Section section : doc.sections()) {
            for (ReferenceDoc.Code naming : section.naming()) {
                for (CommandModel named : resolve(naming, naming.text().substring("loopx".length()))
                        .named()) {
                    sectionsOf
                            .computeIfAbsent(named.words(), w -> new ArrayList<>())
                            .add(section);
                }
            }
        }
        root.all().filter(CommandModel::needsSection).forEach(command -> {
            List<ReferenceDoc.Section> sections = command == root
                    ? List.of(
                            new ReferenceDoc.Section("the text before the first ## heading", List.of(), doc.preamble()))
                    : sectionsOf.getOrDefault(command.words(), List.of());
            if (sections.isEmpty()) {
                problems.add("missing section: `" + command.name() + "` has no section. Add a heading that names it"
                        + " in a code span (### `" + command.name() + "`) or a table row whose first cell starts with `"
                        + command.name() + " …`"
                        + (command.documented().isEmpty()
                                ? "."
                                : ", and describe its options there: "
                                        + command.documented().stream()
                                                .map(CommandModel.DocumentedOption::synopsis)
                                                .collect(Collectors.joining(" "))));
            } else {
                describedIn(command, sections);
            }
        });
    }

    /** Every option name, alias and parameter of {@code command} is named in {@code sections}. */
    private void describedIn(CommandModel command, List<ReferenceDoc.Section> sections) {
        String text = sections.stream().map(ReferenceDoc.Section::text).collect(Collectors.joining("\n"));
        String where = sections.stream().map(ReferenceDoc.Section::title).collect(Collectors.joining(", "));
        for (CommandModel.DocumentedOption option : command.documented()) {
            for (String name : option.names()) {
                if (!mentions(text, name)) {
                    problems.add("missing option: `" + command.name() + "` option " + name + " is not named in "
                            + where + ". Add it to the synopsis there, e.g. "
                            + new CommandModel.DocumentedOption(List.of(name), option.paramLabel(), option.takesValue())
                                    .synopsis()
                            + (option.names().size() > 1
                                    ? " (one option: " + String.join(", ", option.names()) + ")"
                                    : ""));
                }
            }
        }
        for (String alias : command.aliases()) {
            if (!mentions(text, alias)) {
                problems.add("missing alias: `" + command.name() + "` has alias `" + alias + "`, not named in " + where
                        + ". Add \"(alias `" + alias + "`)\" to its heading.");
            }
        }
        for (String label : command.positionals()) {
            if (!mentions(text, label)) {
                problems.add("missing parameter: `" + command.name() + "` takes " + label + ", not named in " + where
                        + ". Add it to the synopsis there (`" + command.name() + " " + label + "`).");
            }
        }
    }

    private void everyCodeReferenceExists() {
        Set<String> everyOption =
                root.all().flatMap(c -> c.accepted().keySet().stream()).collect(Collectors.toSet());
        for (ReferenceDoc.Code code : doc.code()) {
            String unquoted = QUOTED.matcher(code.text()).replaceAll(" ");
            Matcher option = OPTION.matcher(unquoted);
            while (option.find()) {
                if (!everyOption.contains(option.group(1))) {
                    problems.add("unknown option: line " + code.line() + ": `" + code.text() + "` names "
                            + option.group(1) + ", which no command has. Correct the name or remove it.");
                }
            }
            Matcher loopx = LOOPX.matcher(code.text());
            while (loopx.find()) {
                Resolved resolved = resolve(code, code.text().substring(loopx.end()));
                resolved.problem().ifPresent(problems::add);
                Matcher own = OPTION.matcher(resolved.arguments());
                while (own.find()) {
                    String name = own.group(1);
                    if (everyOption.contains(name)
                            && resolved.named().stream()
                                    .noneMatch(c -> c.accepted().containsKey(name))) {
                        problems.add("unknown option: line " + code.line() + ": `" + code.text() + "` gives " + name
                                + " to `" + names(resolved.named()) + "`, which has no such option (it has "
                                + optionNames(resolved.named()) + "). Correct the option or the command.");
                    }
                }
            }
        }
    }

    /** What the words after one {@code loopx} name. */
    private record Resolved(List<CommandModel> named, String arguments, Optional<String> problem) {}

    /**
     * Resolves {@code loopx <words>}: global options and their values are skipped, words descend into
     * subcommands, {@code a|b} and {@code a | b} name siblings; the rest (up to the next {@code loopx})
     * are arguments. A plain lowercase word where a subcommand must stand is a problem.
     */
    private Resolved resolve(ReferenceDoc.Code code, String afterLoopx) {
        String unquoted = QUOTED.matcher(afterLoopx).replaceAll(" ");
        int next = unquoted.indexOf(" loopx ");
        String words = next < 0 ? unquoted : unquoted.substring(0, next);
        List<String> tokens = Arrays.stream(words.strip().split("\\s+"))
                .filter(t -> !t.isEmpty())
                .toList();
        List<CommandModel> named = new ArrayList<>(List.of(root));
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            CommandModel at = named.get(0);
            if (token.equals("--")) {
                break;
            }
            if (token.startsWith("-")) {
                i += Boolean.TRUE.equals(at.accepted().get(token)) && named.size() == 1 ? 1 : 0;
                continue;
            }
            if (at.isLeaf() || named.size() > 1) {
                break;
            }
            String word = token.replaceAll("[,;:.)]+$", "");
            List<String> alternatives = List.of(word.split("\\|"));
            if (alternatives.stream().allMatch(at.subcommands()::containsKey)) {
                named = new ArrayList<>(
                        alternatives.stream().map(at.subcommands()::get).toList());
                while (i + 2 < tokens.size()
                        && tokens.get(i + 1).equals("|")
                        && at.subcommands().containsKey(tokens.get(i + 2))) {
                    named.add(at.subcommands().get(tokens.get(i + 2)));
                    i += 2;
                }
                continue;
            }
            if (alternatives.stream().allMatch(w -> WORD.matcher(w).matches())) {
                return new Resolved(List.of(), "", Optional.of(unknownCommand(code, at, word)));
            }
            break;
        }
        return new Resolved(named, words, Optional.empty());
    }

    private static String unknownCommand(ReferenceDoc.Code code, CommandModel at, String word) {
        return "unknown command: line " + code.line() + ": `" + code.text() + "` — `" + at.name()
                + "` has no subcommand `" + word + "` (it has: "
                + at.children().stream()
                        .filter(c -> !c.hidden())
                        .map(c -> c.words().get(c.words().size() - 1))
                        .collect(Collectors.joining(", "))
                + "). Correct the command or remove it.";
    }

    /** The options {@code commands} document, then the global ones. */
    private String optionNames(List<CommandModel> commands) {
        return Stream.concat(commands.stream(), Stream.of(root))
                .flatMap(c -> c.documented().stream())
                .flatMap(o -> o.names().stream())
                .distinct()
                .collect(Collectors.joining(", "));
    }

    private static String names(List<CommandModel> commands) {
        return commands.stream().map(CommandModel::name).collect(Collectors.joining("`, `"));
    }

    /** {@code name} appears in {@code text} as a whole word ({@code --text} is not named by {@code --text-file}). */
    static boolean mentions(String text, String name) {
        return Pattern.compile("(?<![A-Za-z0-9_-])" + Pattern.quote(name) + "(?![A-Za-z0-9_-])")
                .matcher(text)
                .find();
    }
}
