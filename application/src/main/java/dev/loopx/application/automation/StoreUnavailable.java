package dev.loopx.application.automation;

import dev.loopx.host.codexapp.store.StoreProblem;
import java.util.Objects;

/**
 * The Codex store could not be read (missing database, unsupported schema, locked…): nothing
 * was written. {@code errorCode} is the store adapter's stable code; {@code message} is public-safe
 * (no local path, no prompt body).
 */
public record StoreUnavailable(String errorCode, String message) {
    public static final String UNSUPPORTED_SCHEMA = "unsupported_schema";

    public StoreUnavailable {
        Objects.requireNonNull(errorCode, "errorCode");
        Objects.requireNonNull(message, "message");
    }

    public static StoreUnavailable of(StoreProblem problem) {
        return new StoreUnavailable(problem.code().wire(), problem.message());
    }
}
