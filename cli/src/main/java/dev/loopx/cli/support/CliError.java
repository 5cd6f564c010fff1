package dev.loopx.cli.support;

/**
 * A failure the CLI reports as a {@code loopx_error_v0} document. The exit code comes from
 * {@link ExitCodes}, never from the thrower.
 */
public final class CliError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String errorCode;
    private final String hint;
    private final int exitCode;
    private final boolean refusal;

    public CliError(String errorCode, String message, String hint) {
        this(errorCode, message, hint, ExitCodes.forError(errorCode), false);
    }

    private CliError(String errorCode, String message, String hint, int exitCode, boolean refusal) {
        super(message);
        this.errorCode = errorCode;
        this.hint = hint;
        this.exitCode = exitCode;
        this.refusal = refusal;
    }

    /** True when a decider refused (the answer then also names the {@code error_kind}). */
    public boolean refusal() {
        return refusal;
    }

    /** A decider's refusal: exit 1, or 2 when the refusal is about the input itself. */
    public static CliError of(dev.loopx.commands.Rejection rejection) {
        return new CliError(
                rejection.errorCode(),
                rejection.message(),
                RejectionHints.of(rejection),
                ExitCodes.forRejection(rejection),
                true);
    }

    public int exitCode() {
        return exitCode;
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
