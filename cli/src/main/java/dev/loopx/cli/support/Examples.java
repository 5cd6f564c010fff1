package dev.loopx.cli.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * An example line for a help page that has none: the command with each required option and
 * parameter given a plain sample value (ids like the demo's, free text quoted), so it pastes into a
 * shell as printed. Pure.
 */
final class Examples {
    private static final Map<String, String> BY_OPTION = Map.ofEntries(
            Map.entry("--goal-id", "my-app-goal"),
            Map.entry("--agent-id", "builder"),
            Map.entry("--todo-id", "todo_0123456789ab"),
            Map.entry("--project", "."),
            Map.entry("--reason-summary", "'owner approved the plan'"),
            Map.entry("--text", "'Write the parser'"),
            Map.entry("--evidence", "'parser merged; tests green'"),
            Map.entry("--summary", "'parser merged'"),
            Map.entry("--spent-seq", "42"),
            Map.entry("--surface", "claude-code"),
            Map.entry("--automation-id", "loopx-my-app-goal-builder"));

    private Examples() {}

    static String of(CommandSpec spec) {
        List<String> words = new ArrayList<>(List.of(spec.qualifiedName()));
        for (OptionSpec o : spec.options()) {
            if (o.required() && !o.hidden()) {
                words.add(o.longestName());
                if (o.arity().max() > 0) {
                    words.add(value(o.longestName(), o.paramLabel()));
                }
            }
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (p.required() && !p.hidden()) {
                words.add(
                        p.paramLabel().equals("FILE")
                                ? "events.jsonl"
                                : p.paramLabel().toLowerCase(Locale.ROOT));
            }
        }
        return String.join(" ", words);
    }

    private static String value(String option, String label) {
        String known = BY_OPTION.get(option);
        if (known != null) {
            return known;
        }
        int bar = label.indexOf('|');
        if (bar > 0) {
            return label.substring(label.indexOf('=') + 1, bar); // the first of a choice
        }
        return switch (label) {
            case "ID" -> "my-id";
            case "TEXT" -> "'a public sentence'";
            case "N", "SEQ", "SLOTS" -> "1";
            case "DIR", "PATH" -> ".";
            default -> "'" + label.replace("'", "") + "'";
        };
    }
}
