package dev.loopx.host.heartbeat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The managed heartbeat wrapper a host stores as its automation prompt ({@code heartbeat-prompt
 * --bootstrap}, SPEC §S11): the current {@link WrapperVersion} rendered for one binding. It is
 * meant to stay under {@value #MAX_CHARS} characters; long runtime paths or ids can exceed that,
 * which {@link #withinBudget} reports (the wrapper still works — the budget is about what a host
 * UI shows, and callers surface it rather than truncate a command).
 */
public final class ManagedWrapper {
    /** The wrapper's character budget ("&lt; 500 chars"). */
    public static final int MAX_CHARS = 499;

    private ManagedWrapper() {}

    public static String render(WrapperBinding binding) {
        return WrapperVersion.of(binding.version())
                .orElseThrow(() -> new IllegalArgumentException("unknown wrapper version " + binding.version()))
                .render(binding);
    }

    public static int chars(String wrapper) {
        return wrapper.codePointCount(0, wrapper.length());
    }

    public static boolean withinBudget(String wrapper) {
        return chars(wrapper) <= MAX_CHARS;
    }

    /** SHA-256 (lower-case hex) of the wrapper's UTF-8 bytes: what {@code heartbeat.installed} records. */
    public static String sha256(String wrapper) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(wrapper.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
