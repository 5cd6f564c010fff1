package dev.loopx.cli.arch;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The lines of a Java source that are code, for the source scans: comments, imports and the package line left out. */
final class CodeLines {
    /** A Java string literal. */
    static final Pattern STRING = Pattern.compile("\"(?:\\\\.|[^\"\\\\])*\"");

    /** One line of code: its number (from 1) and its text, stripped. */
    record Line(int number, String text) {}

    private CodeLines() {}

    static List<Line> of(List<String> lines) {
        List<Line> code = new ArrayList<>();
        boolean inComment = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (inComment) {
                inComment = !line.contains("*/");
                continue;
            }
            if (line.startsWith("/*")) {
                inComment = !line.contains("*/");
                continue;
            }
            if (line.startsWith("//")
                    || line.startsWith("*")
                    || line.startsWith("import ")
                    || line.startsWith("package ")) {
                continue;
            }
            code.add(new Line(i + 1, line));
        }
        return code;
    }
}
