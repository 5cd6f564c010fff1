package dev.loopx.ledger;

import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/**
 * The append-only journal: the only source of truth. Implementations number events densely
 * from 1, chain their hashes, and make an acknowledged append survive the death of any process.
 *
 * <p>Every implementation passes {@code LedgerContract}. Writers must hold the ledger's write
 * lock (see {@link dev.loopx.ledger.lock.LedgerLock}) around read-decide-append; implementations
 * take it themselves when the caller has not.
 */
public interface Ledger extends AutoCloseable {

    /** The last stored event's seq and hash ({@link Head#EMPTY} for an empty ledger). */
    Head head();

    /**
     * Appends {@code events} in order if and only if the ledger's head seq still equals
     * {@code expectedHead}. Returns the stored envelopes, or the mismatch with nothing written.
     * An empty list appends nothing and returns an empty list when the head matches.
     */
    Either<HeadMismatch, List<Recorded>> appendIfHead(long expectedHead, List<ProposedEvent> events);

    /**
     * {@link #appendIfHead(long, List)} under {@code key}. A ledger whose append may end without a
     * known outcome (a server ledger: the connection may be lost after the commit was sent) stores
     * the key with the events in the same transaction, answers {@link #storedUnder} for it, and
     * fails an append of unknown outcome with {@link WriteOutcomeUnknown}; the default, for a
     * ledger whose append's outcome is always known to its caller, ignores the key.
     */
    default Either<HeadMismatch, List<Recorded>> appendIfHead(
            long expectedHead, List<ProposedEvent> events, RetryKey key) {
        return appendIfHead(expectedHead, events);
    }

    /** The write stored under {@code operationId} by {@link #appendIfHead(long, List, RetryKey)}; empty when none. */
    default Optional<RetryKey.Stored> storedUnder(String operationId) {
        return Optional.empty();
    }

    /** Events with {@code seq >= fromSeq} in order; {@code fromSeq} below 1 means from the start. */
    EventCursor readFrom(long fromSeq);

    @Override
    void close();
}
