package dev.loopx.commands.todo;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Content-derived todo ids: {@code todo_} + the first 12 hex of SHA-256 over goal id, role and
 * the normalised text (trimmed, white space collapsed), so adding identical text twice names
 * the same todo.
 */
public final class TodoIds {
    private TodoIds() {}

    public static String of(String goalId, String role, String text) {
        String normalised = normalise(text);
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((goalId + "\n" + role + "\n" + normalised).getBytes(StandardCharsets.UTF_8));
            return "todo_" + HexFormat.of().formatHex(digest).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }

    public static String normalise(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    public static boolean isTodoId(String value) {
        return value != null && value.matches("todo_[0-9a-f]{12}");
    }
}
