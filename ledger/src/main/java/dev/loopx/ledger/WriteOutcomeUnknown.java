package dev.loopx.ledger;

import java.util.Objects;

/**
 * An append whose outcome this process cannot know: the connection to a server ledger was lost
 * after its commit was sent (the commit may have been stored), or after the commit was stored but
 * before the command's answer could be read. Error code {@value #CODE}, exit 3. Repeating the
 * write under {@link #operationId()} answers with the original receipt when it was stored and
 * writes it once when it was not; a caller that gave no operation id gets the one the ledger
 * stored the write under.
 */
public final class WriteOutcomeUnknown extends LedgerException {
    private static final long serialVersionUID = 1L;

    public static final String CODE = "ledger_write_outcome_unknown";

    private final String operationId;
    private final boolean stored;

    /**
     * @param operationId the key the write was sent under (never empty)
     * @param stored true when the commit is known to be stored (only the answer could not be read)
     */
    public WriteOutcomeUnknown(String operationId, boolean stored, String sqlStateNote) {
        super(
                CODE,
                (stored
                                ? "the write was stored, but the connection to the PostgreSQL server of this runtime root's"
                                        + " ledger was lost before its answer could be read"
                                : "the connection to the PostgreSQL server of this runtime root's ledger was lost after"
                                        + " the write's commit was sent: the write may have been stored")
                        + sqlStateNote + "; repeat it with --operation-id " + operationId
                        + " to get its receipt (it is written once either way)",
                null);
        this.operationId = Objects.requireNonNull(operationId, "operationId");
        if (operationId.isEmpty()) {
            throw new IllegalArgumentException("an unknown outcome names the write's operation id");
        }
        this.stored = stored;
    }

    /** The operation id the write was sent under: repeating the write with it is always safe. */
    public String operationId() {
        return operationId;
    }

    /** True when the commit is known to be stored and only the answer was lost. */
    public boolean stored() {
        return stored;
    }
}
