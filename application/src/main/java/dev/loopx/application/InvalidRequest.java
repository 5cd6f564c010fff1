package dev.loopx.application;

import dev.loopx.projections.next.Flag;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A request a service refuses before it opens anything: a value outside its vocabulary, a
 * configuration it cannot use. The adapter reports it as bad input (exit 2 in the CLI); nothing
 * was read or written. {@code errorCode} is the contract's {@code error_code}.
 */
public final class InvalidRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String errorCode;
    /** The input the problem is about, or null when the message names none. */
    private final Flag input;

    public InvalidRequest(String errorCode, String message) {
        super(message);
        this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
        this.input = null;
    }

    /**
     * A problem with one input, named by {@code input} and told by {@code problem} ({@code is not a
     * usable path}): the adapter names the input its own way (the CLI by its flag), so the message
     * here names it in words.
     */
    public InvalidRequest(String errorCode, Flag input, String problem) {
        super(input.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " " + problem);
        this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
        this.input = input;
    }

    /** The input the problem is about, when the request names one. */
    public Optional<Flag> input() {
        return Optional.ofNullable(input);
    }

    /** What is wrong with {@link #input} (the message without the input's name), or the whole message. */
    public String problem() {
        String message = getMessage();
        String name = input == null ? "" : input.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " ";
        return message.startsWith(name) ? message.substring(name.length()) : message;
    }

    public String errorCode() {
        return errorCode;
    }
}
