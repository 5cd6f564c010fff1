package dev.loopx.cli.scenarios;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A golden scenario's {@code commands.txt}: one CLI invocation per line (see
 * {@code fixtures/scenarios/README.md}). Lines are split like a shell does, but only with
 * double quotes ({@code \"} and {@code \\} escape inside them), {@code #} starts a comment at the
 * start of a word, a trailing {@code \} continues the line. A line may start with
 * {@code @name} (capture the answer's {@code todo_id} as {@code name}) or
 * {@code @name=/json/pointer} (capture that field); later words refer to it as {@code $name}.
 * Words {@code ?/json/pointer} before the command show that field of the answer in the
 * transcript ({@code expected.exits.txt}), so a golden file can pin it.
 */
record ScenarioScript(List<Step> steps) {
    ScenarioScript {
        steps = List.copyOf(steps);
    }

    /** One invocation: where it is in the file, what it captures, and its words before substitution. */
    record Step(int lineNumber, String source, Optional<Capture> capture, List<String> shown, List<String> words) {
        Step {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(capture, "capture");
            shown = List.copyOf(shown);
            words = List.copyOf(words);
        }

        /** The words with every {@code $name} replaced; an unknown name is a broken scenario. */
        List<String> arguments(Map<String, String> variables) {
            List<String> args = new ArrayList<>();
            for (String word : words) {
                args.add(substitute(word, variables));
            }
            return args;
        }

        private String substitute(String word, Map<String, String> variables) {
            StringBuilder out = new StringBuilder();
            int i = 0;
            while (i < word.length()) {
                char c = word.charAt(i);
                if (c != '$') {
                    out.append(c);
                    i++;
                    continue;
                }
                int end = i + 1;
                while (end < word.length() && isNameChar(word.charAt(end))) {
                    end++;
                }
                String name = word.substring(i + 1, end);
                String value = variables.get(name);
                if (name.isEmpty() || value == null) {
                    throw new IllegalArgumentException("line " + lineNumber + ": unknown variable $" + name
                            + " (known: " + variables.keySet() + ")");
                }
                out.append(value);
                i = end;
            }
            return out.toString();
        }
    }

    /** Save the JSON value at {@code pointer} of the step's answer under {@code name}. */
    record Capture(String name, String pointer) {}

    static ScenarioScript parse(String text) {
        List<Step> steps = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            int first = n + 1;
            StringBuilder logical = new StringBuilder(lines[n].stripTrailing());
            while (logical.toString().endsWith("\\") && n + 1 < lines.length) {
                logical.setLength(logical.length() - 1);
                logical.setLength(logical.toString().stripTrailing().length());
                logical.append(' ').append(lines[++n].strip());
            }
            List<String> words = split(logical.toString(), first);
            if (words.isEmpty()) {
                continue;
            }
            Optional<Capture> capture = Optional.empty();
            List<String> shown = new ArrayList<>();
            while (!words.isEmpty()
                    && (words.get(0).startsWith("@") || words.get(0).startsWith("?"))) {
                String prefix = words.remove(0);
                if (prefix.startsWith("?")) {
                    if (!prefix.startsWith("?/")) {
                        throw new IllegalArgumentException("line " + first + ": bad ?" + prefix);
                    }
                    shown.add(prefix.substring(1));
                    continue;
                }
                String spec = prefix.substring(1);
                int eq = spec.indexOf('=');
                String name = eq < 0 ? spec : spec.substring(0, eq);
                String pointer = eq < 0 ? "/todo_id" : spec.substring(eq + 1);
                if (capture.isPresent()
                        || name.isEmpty()
                        || !name.chars().allMatch(ch -> isNameChar((char) ch))
                        || !pointer.startsWith("/")) {
                    throw new IllegalArgumentException("line " + first + ": bad capture " + prefix);
                }
                capture = Optional.of(new Capture(name, pointer));
            }
            steps.add(new Step(first, logical.toString().strip(), capture, shown, words));
        }
        return new ScenarioScript(steps);
    }

    private static List<String> split(String line, int lineNumber) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '\\' && i + 1 < line.length() && (line.charAt(i + 1) == '"' || line.charAt(i + 1) == '\\')) {
                    word.append(line.charAt(++i));
                } else if (c == '"') {
                    quoted = false;
                } else {
                    word.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (c == '#' && !inWord) {
                break;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("line " + lineNumber + ": unclosed double quote");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
