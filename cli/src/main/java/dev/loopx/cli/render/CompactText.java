package dev.loopx.cli.render;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The compact text form of the answers without a designed view of their own (the debug commands,
 * the refusals of the heartbeat and prompt-upgrade commands): the answer first ({@code debug append
 * load: done}), then plain facts one per line, lists as their first items and a count of the rest,
 * a refusal as what went wrong and the hint to run. The records build their text from these parts;
 * every fact is in {@code --verbose}.
 */
final class CompactText {
    private static final int ITEMS = 5;

    private CompactText() {}

    /** The command a schema answers, in words: {@code loopx_debug_append_load_v0} → {@code debug append load}. */
    static String command(String schemaVersion) {
        return schemaVersion
                .replaceFirst("^loopx_", "")
                .replaceFirst("_v[0-9]+$", "")
                .replace('_', ' ');
    }

    /**
     * A refusal as {@link #render} prints it, from its fields: what went wrong and the hint to run
     * ({@code codex app install plan refused: … [agent_not_registered]}).
     */
    static void refusal(String schemaVersion, String message, String errorCode, String hint, PrintWriter out) {
        out.println(command(schemaVersion) + " refused: " + message + " [" + errorCode + "]");
        new Lines(out).add("hint", Words.pasteable(hint)).print();
    }

    /**
     * The first line this form gives an answer with no preview, {@code changed}, error code nor
     * message: {@code debug append load: done}, or {@code debug append load: refused}.
     */
    static String answer(String schemaVersion, boolean ok) {
        return command(schemaVersion) + (ok ? ": done" : ": refused");
    }

    /** A text value as this form shows it: {@code -} when empty. */
    static String scalar(String text) {
        return text.isEmpty() ? "-" : text;
    }

    /** A list's lines as this form shows them: the first few, then how many more; {@code (none)} when empty. */
    static List<String> items(List<String> items) {
        List<String> lines = new ArrayList<>();
        if (items.isEmpty()) {
            lines.add("(none)");
            return lines;
        }
        lines.addAll(items.subList(0, Math.min(ITEMS, items.size())));
        if (items.size() > ITEMS) {
            lines.add("… " + (items.size() - ITEMS) + " more (--verbose)");
        }
        return lines;
    }

    /** An object's {@code label: value} parts on one line, cut at 160 characters. */
    static String oneLine(List<String> parts) {
        String line = String.join(" · ", parts);
        return line.length() > 160 ? line.substring(0, 157) + "…" : line;
    }
}
