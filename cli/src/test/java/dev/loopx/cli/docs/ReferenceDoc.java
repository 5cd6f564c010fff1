package dev.loopx.cli.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * docs/cli.md as the reference check reads it: its code (inline code spans, and every line of an
 * indented or fenced code block, backslash continuations joined) and its command sections.
 *
 * <p>The convention (also stated at the top of docs/cli.md): a <em>command section</em> starts at a
 * heading whose code spans name commands ({@code ### `loopx quota should-run`}; several commands may
 * share one heading, each in its own span or as {@code a | b} alternatives) and runs to the next
 * heading of the same or a higher level. A table row whose first cell starts with a code span
 * {@code `loopx <command> …`} is the section of the commands it names, together with the prose of
 * the section the table stands in (text outside such rows: what the rows share). The text before
 * the first {@code ##} heading is the root command's section (the options every command inherits).
 */
final class ReferenceDoc {
    /** A piece of code: one inline code span, or one line of a code block; {@code line} is 1-based. */
    record Code(int line, String text) {
        Code {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A part of the reference about the commands that {@code naming} names.
     *
     * @param title  where it is, for messages ({@code "### `loopx status`" (line 489)})
     * @param naming the code spans of its heading (or of its table row's first cell) that start with {@code loopx }
     * @param text   everything a reader finds there
     */
    record Section(String title, List<Code> naming, String text) {
        Section {
            naming = List.copyOf(naming);
        }
    }

    private static final Pattern SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");
    private static final Pattern UNESCAPED_PIPE = Pattern.compile("(?<!\\\\)\\|");

    private enum Kind {
        BLANK,
        TEXT,
        HEADING,
        TABLE,
        CODE,
        FENCE,
        COMMENT
    }

    private final List<String> lines;
    private final List<Kind> kinds = new ArrayList<>();
    private final List<Code> code = new ArrayList<>();
    private final List<Section> sections = new ArrayList<>();
    private String preamble = "";

    private ReferenceDoc(String markdown) {
        this.lines = List.of(markdown.split("\n", -1));
        classify();
        collectCode();
        collectSections();
    }

    static ReferenceDoc parse(String markdown) {
        return new ReferenceDoc(markdown);
    }

    /** Every piece of code in the document, in order. */
    List<Code> code() {
        return List.copyOf(code);
    }

    /** Every heading section and every command table row that names a command with {@code loopx …}. */
    List<Section> sections() {
        return List.copyOf(sections);
    }

    /** The text before the first {@code ##} heading: the title and the conventions every command shares. */
    String preamble() {
        return preamble;
    }

    private void classify() {
        boolean fenced = false;
        boolean comment = false;
        for (String line : lines) {
            int indent = line.length() - line.stripLeading().length();
            if (comment || (!fenced && indent < 4 && line.strip().startsWith("<!--"))) {
                comment = !line.contains("-->");
                kinds.add(Kind.COMMENT);
            } else if (indent < 4 && line.strip().startsWith("```")) {
                fenced = !fenced;
                kinds.add(Kind.FENCE);
            } else if (fenced || (indent >= 4 && !line.isBlank())) {
                kinds.add(Kind.CODE);
            } else if (line.isBlank()) {
                kinds.add(Kind.BLANK);
            } else if (HEADING.matcher(line).matches()) {
                kinds.add(Kind.HEADING);
            } else if (line.startsWith("|")) {
                kinds.add(Kind.TABLE);
            } else {
                kinds.add(Kind.TEXT);
            }
        }
    }

    private void collectCode() {
        for (int i = 0; i < lines.size(); i++) {
            switch (kinds.get(i)) {
                case CODE -> {
                    int first = i;
                    StringBuilder joined = new StringBuilder(lines.get(i).strip());
                    while (joined.toString().endsWith("\\") && i + 1 < lines.size() && kinds.get(i + 1) == Kind.CODE) {
                        joined.setLength(joined.length() - 1);
                        joined.append(' ').append(lines.get(++i).strip());
                    }
                    code.add(new Code(first + 1, joined.toString()));
                }
                case TEXT -> {
                    int first = i;
                    while (i + 1 < lines.size() && kinds.get(i + 1) == Kind.TEXT) {
                        i++;
                    }
                    code.addAll(spans(first, String.join("\n", lines.subList(first, i + 1))));
                }
                case HEADING, TABLE -> code.addAll(spans(i, lines.get(i)));
                case BLANK, FENCE, COMMENT -> {}
            }
        }
    }

    /** The code spans of a paragraph that starts at index {@code first}. */
    private static List<Code> spans(int first, String paragraph) {
        List<Code> found = new ArrayList<>();
        Matcher m = SPAN.matcher(paragraph);
        while (m.find()) {
            int line = first
                    + 1
                    + (int) paragraph
                            .substring(0, m.start())
                            .chars()
                            .filter(c -> c == '\n')
                            .count();
            found.add(new Code(line, m.group(1).replace('\n', ' ').replace("\\|", "|")));
        }
        return found;
    }

    private void collectSections() {
        List<Integer> headings = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (kinds.get(i) == Kind.HEADING) {
                headings.add(i);
            }
        }
        int firstChapter =
                headings.stream().filter(h -> level(h) >= 2).findFirst().orElse(lines.size());
        preamble = ownText(0, firstChapter);
        for (int h = 0; h < headings.size(); h++) {
            int start = headings.get(h);
            int level = level(start);
            int end = lines.size();
            for (int next = h + 1; next < headings.size(); next++) {
                if (level(headings.get(next)) <= level) {
                    end = headings.get(next);
                    break;
                }
            }
            List<Code> naming = commandSpans(spans(start, lines.get(start)));
            if (!naming.isEmpty()) {
                sections.add(new Section(title(start), naming, ownText(start, end)));
            }
            int innerEnd = h + 1 < headings.size() ? headings.get(h + 1) : lines.size();
            tableRowSections(start, innerEnd);
        }
    }

    /**
     * The lines from {@code start} (a heading, or the first line) up to {@code end}, without comments and
     * without what belongs to other commands: command table rows, and nested headings that name
     * commands, with their sections.
     */
    private String ownText(int start, int end) {
        StringBuilder text = new StringBuilder();
        int skipBelowLevel = 0; // while > 0: inside a nested command section of that level
        for (int i = start; i < end; i++) {
            if (i > start && kinds.get(i) == Kind.HEADING) {
                if (skipBelowLevel > 0 && level(i) <= skipBelowLevel) {
                    skipBelowLevel = 0;
                }
                if (skipBelowLevel == 0 && !commandSpans(spans(i, lines.get(i))).isEmpty()) {
                    skipBelowLevel = level(i);
                }
            }
            if (skipBelowLevel == 0 && !isCommandRow(i) && kinds.get(i) != Kind.COMMENT) {
                text.append(lines.get(i)).append('\n');
            }
        }
        return text.toString();
    }

    private boolean isCommandRow(int i) {
        return kinds.get(i) == Kind.TABLE
                && !commandSpans(spans(i, firstCell(lines.get(i)))).isEmpty();
    }

    /** The command rows of the tables between the heading at {@code heading} and the next heading. */
    private void tableRowSections(int heading, int end) {
        List<Integer> rows = new ArrayList<>();
        for (int i = heading + 1; i < end; i++) {
            if (isCommandRow(i)) {
                rows.add(i);
            }
        }
        StringBuilder shared = new StringBuilder();
        for (int i = heading; i < end; i++) {
            if (!rows.contains(i) && kinds.get(i) != Kind.COMMENT) {
                shared.append(lines.get(i)).append('\n');
            }
        }
        for (int row : rows) {
            List<Code> naming = commandSpans(spans(row, firstCell(lines.get(row))));
            sections.add(new Section(
                    "the table row at line " + (row + 1) + " under " + title(heading),
                    naming,
                    lines.get(row) + "\n" + shared));
        }
    }

    private static String firstCell(String row) {
        String[] cells = UNESCAPED_PIPE.split(row, 3);
        return cells.length > 1 ? cells[1] : "";
    }

    private static List<Code> commandSpans(List<Code> spans) {
        return spans.stream().filter(c -> c.text().startsWith("loopx ")).toList();
    }

    private int level(int heading) {
        Matcher m = HEADING.matcher(lines.get(heading));
        if (!m.matches()) {
            throw new IllegalStateException("not a heading: " + lines.get(heading));
        }
        return m.group(1).length();
    }

    private String title(int heading) {
        return "\"" + lines.get(heading) + "\" (line " + (heading + 1) + ")";
    }
}
