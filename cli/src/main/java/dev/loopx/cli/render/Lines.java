package dev.loopx.cli.render;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The labelled lines under a view's first line: {@code   label    value}, labels padded to the
 * widest, continuation lines (a value with newlines, a list) aligned under the first value. Empty
 * values are left out. Not thread-safe.
 */
final class Lines {
    private final PrintWriter out;
    private final List<String[]> lines = new ArrayList<>();

    Lines(PrintWriter out) {
        this.out = out;
    }

    Lines add(String label, String value) {
        if (value != null && !value.isEmpty()) {
            lines.add(new String[] {label, value});
        }
        return this;
    }

    Lines add(String label, List<String> values) {
        if (!values.isEmpty()) {
            lines.add(new String[] {label, String.join("\n", values)});
        }
        return this;
    }

    void print() {
        int width = lines.stream().mapToInt(l -> l[0].length()).max().orElse(0);
        String pad = "  " + " ".repeat(width + 2);
        for (String[] l : lines) {
            String[] parts = l[1].split("\n", -1);
            out.println("  " + l[0] + " ".repeat(width - l[0].length() + 2) + parts[0]);
            for (int i = 1; i < parts.length; i++) {
                out.println(pad + parts[i]);
            }
        }
    }
}
