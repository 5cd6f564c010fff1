package dev.loopx.application.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The one line {@code connect} keeps in a project's {@code .gitignore}: the runtime root, as a
 * folder entry relative to the project ({@code .loopx/}). Existing lines are never rewritten; the
 * entry is appended (with a comment) only when no equivalent line is there.
 */
final class Gitignore {
    private Gitignore() {}

    /** Whether {@code gitignore} already ignores {@code entry}, written with or without the leading or trailing slash. */
    static boolean has(Path gitignore, String entry) throws IOException {
        if (!Files.exists(gitignore)) {
            return false;
        }
        String bare = entry.endsWith("/") ? entry.substring(0, entry.length() - 1) : entry;
        return Files.readAllLines(gitignore, StandardCharsets.UTF_8).stream()
                .map(String::trim)
                .anyMatch(l -> l.equals(entry) || l.equals(bare) || l.equals("/" + entry) || l.equals("/" + bare));
    }

    /** Appends the entry on a line of its own (creating the file when there is none). */
    static void append(Path gitignore, String entry) throws IOException {
        String prefix = "";
        if (Files.exists(gitignore)) {
            String text = Files.readString(gitignore, StandardCharsets.UTF_8);
            prefix = text.isEmpty() || text.endsWith("\n") ? "" : "\n";
        }
        Files.writeString(
                gitignore,
                prefix + "# LoopX runtime state (local, private)\n" + entry + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}
