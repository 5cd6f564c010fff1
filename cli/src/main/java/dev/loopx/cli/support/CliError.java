package dev.loopx.cli.support;

/**
 * A failure the CLI reports as a {@code loopx_error_v0} document. The exit code comes from
 * {@link ExitCodes}, never from the thrower.
 */
public final class CliError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String errorCode;
    private final String hint;

    public CliError(String errorCode, String message, String hint) {
        super(message);
        this.errorCode = errorCode;
        this.hint = hint;
    }

    public String errorCode() {
        return errorCode;
    }

    public String hint() {
        return hint;
    }

    public static CliError badInput(String errorCode, String message) {
        return new CliError(errorCode, message, "loopx --help");
    }
}
