package dev.loopx.ledger;

/**
 * The journal could not be read or written (I/O failure, foreign or corrupt files). Maps to
 * exit code 3; {@link #errorCode()} is the contract {@code error_code}.
 */
public class LedgerException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String errorCode;

    public LedgerException(String errorCode, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
    }

    public LedgerException(String errorCode, String message) {
        this(errorCode, message, null);
    }

    public String errorCode() {
        return errorCode;
    }
}
