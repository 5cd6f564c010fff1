package dev.loopx.cli.render;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A compact table for text views: columns padded to their widest cell, two spaces apart, the last
 * column never padded (so a long todo text only makes the line longer). Not thread-safe.
 */
final class Table {
    private final List<String[]> rows = new ArrayList<>();
    private final String indent;

    Table(String indent, String... header) {
        this.indent = indent;
        if (header.length > 0) {
            rows.add(header);
        }
    }

    Table row(String... cells) {
        rows.add(cells);
        return this;
    }

    boolean isEmpty() {
        return rows.size() <= 1;
    }

    void print(PrintWriter out) {
        int columns = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < r.length - 1; i++) {
                width[i] = Math.max(width[i], r[i].codePointCount(0, r[i].length()));
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < r.length; i++) {
                line.append(r[i]);
                if (i < r.length - 1) {
                    line.append(" ".repeat(width[i] - r[i].codePointCount(0, r[i].length()) + 2));
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
