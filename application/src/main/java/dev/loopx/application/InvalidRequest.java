package dev.loopx.application;

import java.util.Objects;

/**
 * A request a service refuses before it opens anything: a value outside its vocabulary, a
 * configuration it cannot use. The adapter reports it as bad input (exit 2 in the CLI); nothing
 * was read or written. {@code errorCode} is the contract's {@code error_code}.
 */
public final class InvalidRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String errorCode;

    public InvalidRequest(String errorCode, String message) {
        super(message);
        this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
    }

    public String errorCode() {
        return errorCode;
    }
}
