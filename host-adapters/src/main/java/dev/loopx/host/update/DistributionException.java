package dev.loopx.host.update;

import java.util.Objects;

/**
 * A distribution archive or install step that cannot be used. {@code code} is the wire
 * {@code error_code} ({@code corrupt_archive}, {@code unsafe_archive_entry},
 * {@code incomplete_distribution}, {@code runtime_start_failed}…); the message never holds a
 * local path.
 */
public final class DistributionException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String code;

    public DistributionException(String code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    public DistributionException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    public String code() {
        return code;
    }
}
