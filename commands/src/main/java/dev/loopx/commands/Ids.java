package dev.loopx.commands;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The id rule of SPEC §S0 for goal, agent and automation ids: a letter or digit, then up to
 * 159 letters, digits, {@code _ . -}. Path separators, {@code ..}, control characters and empty
 * ids never pass.
 */
public final class Ids {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,159}");

    private Ids() {}

    /** Empty when {@code value} is a valid id; else a public-safe reason (never echoing the value). */
    public static Optional<String> problem(String kind, String value) {
        return problem(value).map(p -> kind + " " + p);
    }

    /**
     * What is wrong with {@code value} as an id, without naming the input ({@code must not be
     * empty}): for a caller that lets its adapter name the input its own way.
     */
    public static Optional<String> problem(String value) {
        if (value == null || value.isEmpty()) {
            return Optional.of("must not be empty");
        }
        if (value.length() > 160) {
            return Optional.of("is " + value.length() + " characters; at most 160 are allowed");
        }
        if (value.contains("..") || !ID.matcher(value).matches()) {
            return Optional.of(
                    "must match ^[A-Za-z0-9][A-Za-z0-9_.-]{0,159}$ (no path separators, '..', spaces or control characters)");
        }
        return Optional.empty();
    }

    /** A valid id made from free text (a folder name): invalid characters become '-'. */
    public static String sanitise(String text, String fallback) {
        String cleaned = text.replaceAll("[^A-Za-z0-9_.-]+", "-")
                .replaceAll("\\.{2,}", ".")
                .replaceAll("^[^A-Za-z0-9]+", "");
        if (cleaned.length() > 150) {
            cleaned = cleaned.substring(0, 150);
        }
        return cleaned.isEmpty() ? fallback : cleaned;
    }
}
