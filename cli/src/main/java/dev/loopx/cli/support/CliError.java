package dev.loopx.cli.support;

import dev.loopx.application.InvalidRequest;
import dev.loopx.cli.render.CommandLines;
import dev.loopx.commands.Rejection;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.LedgerException;
import dev.loopx.projections.next.Remedy;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure the CLI reports as a {@code loopx_error_v0} document. The exit code is decided by
 * {@link ExitCodes} from the failure's type or its {@link ErrorCode}, never by the thrower.
 */
public final class CliError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String errorCode;
    private final String hint;
    private final int exitCode;
    private final boolean refusal;
    /** Where damage to the ledger lies ({@code valid_through_seq}, {@code first_bad_seq}, {@code acknowledged_seq}). */
    private final Map<String, Long> damage;
    /**
     * Fields a command adds to every refusal of its own, after the damage ({@code should_run=false}:
     * the heartbeat question fails closed), so the document is decided where the error is thrown.
     */
    private final Map<String, Boolean> flags;
    /**
     * A refusal's hint as a value ({@link Remedy#NONE} for the others, whose hint is text): the
     * document spells it after the command's own options filled what they know ({@link Hints#fill}).
     */
    private final Remedy remedy;

    public CliError(ErrorCode errorCode, String message, String hint) {
        this(errorCode.wire(), message, hint, ExitCodes.forError(errorCode), false);
    }

    /** A code given as text by a value of a lower floor (a privacy violation, a refused connect); it must be an {@link ErrorCode}. */
    public CliError(String errorCode, String message, String hint) {
        this(ErrorCode.of(errorCode), message, hint);
    }

    private CliError(String errorCode, String message, String hint, int exitCode, boolean refusal) {
        this(errorCode, message, hint, exitCode, refusal, Map.of());
    }

    private CliError(
            String errorCode, String message, String hint, int exitCode, boolean refusal, Map<String, Long> damage) {
        this(errorCode, message, hint, exitCode, refusal, damage, Map.of(), Remedy.NONE);
    }

    private CliError(
            String errorCode,
            String message,
            String hint,
            int exitCode,
            boolean refusal,
            Map<String, Long> damage,
            Map<String, Boolean> flags,
            Remedy remedy) {
        super(message);
        this.flags = flags;
        this.remedy = remedy;
        this.errorCode = errorCode;
        this.hint = hint;
        this.exitCode = exitCode;
        this.refusal = refusal;
        this.damage = damage;
    }

    /** The damage fields of a {@code ledger_corrupt}/{@code ledger_tail_lost} answer (empty otherwise), in order. */
    public Map<String, Long> damage() {
        return damage;
    }

    /** The fields a command adds to this error's document, in order ({@link #withFlag}). */
    public Map<String, Boolean> flags() {
        return flags;
    }

    /** This error with one more field in its document ({@code should_run=false}). */
    public CliError withFlag(String name, boolean value) {
        Map<String, Boolean> more = new LinkedHashMap<>(flags);
        more.put(name, value);
        return new CliError(errorCode, getMessage(), hint, exitCode, refusal, damage, more, remedy);
    }

    /**
     * This error as {@code command} reports it: bad input names the command's own help page
     * ({@code loopx todo claim --help}), not the top level's.
     */
    public CliError forCommand(String command) {
        return hint.equals("loopx --help") ? withHint(command + " --help") : this;
    }

    /** True when a decider refused (the answer then also names the {@code error_kind}). */
    public boolean refusal() {
        return refusal;
    }

    /** A decider's refusal: exit 1, or 2 when the refusal is about the input itself (by type). */
    public static CliError of(Rejection rejection) {
        Remedy remedy = RejectionHints.of(rejection);
        return new CliError(
                rejection.errorCode(),
                rejection.message(),
                CommandLines.of(remedy),
                ExitCodes.forRejection(rejection),
                true,
                Map.of(),
                Map.of(),
                remedy);
    }

    /** A service refused the request before opening anything: exit 2 by type. */
    public static CliError of(InvalidRequest invalid) {
        String message = invalid.input()
                .map(input -> CommandLines.flag(input) + " " + invalid.problem())
                .orElse(invalid.getMessage());
        return new CliError(invalid.errorCode(), message, "loopx --help", ExitCodes.BAD_INPUT, false);
    }

    /**
     * The journal, its lock or the runtime root failed: exit 3 by type, unless its code is one the
     * contract gives another exit (a missing runtime root is bad input, a lock timeout a refusal).
     */
    public static CliError of(LedgerException failure, String hint) {
        int exit =
                ErrorCode.fromWire(failure.errorCode()).map(ExitCodes::forError).orElse(ExitCodes.ENVIRONMENT);
        Map<String, Long> damage = new LinkedHashMap<>();
        if (failure instanceof LedgerDamage d) {
            damage.put("valid_through_seq", d.validThroughSeq());
            damage.put("first_bad_seq", d.firstBadSeq());
            if (d.acknowledgedSeq() >= 0) {
                damage.put("acknowledged_seq", d.acknowledgedSeq());
            }
        }
        return new CliError(failure.errorCode(), failure.getMessage(), hint, exit, false, damage);
    }

    /** The same failure with another hint (a command's own {@code --help} instead of the top level's). */
    public CliError withHint(String newHint) {
        return new CliError(errorCode, getMessage(), newHint, exitCode, refusal, damage, flags, Remedy.NONE);
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

    /** A refusal's hint as a value, or {@link Remedy#NONE} when the hint is text ({@link #hint}). */
    public Remedy remedy() {
        return remedy;
    }

    public static CliError badInput(ErrorCode errorCode, String message) {
        return new CliError(errorCode, message, "loopx --help");
    }

    /** {@link #badInput(ErrorCode, String)} for a code given as text; it must be an {@link ErrorCode}. */
    public static CliError badInput(String errorCode, String message) {
        return badInput(ErrorCode.of(errorCode), message);
    }
}
