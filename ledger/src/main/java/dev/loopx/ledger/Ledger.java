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

    /**
     * Damage that this ledger's own store records for every reader (a server ledger: rows changed
     * under the chain, found by the server itself or by any machine's check; ADR 0013), as of the
     * last {@link #head()} read. Empty when none is recorded, and for a ledger that keeps no such
     * record: an embedded journal's checks are recorded beside it, in its runtime root (ADR 0011).
     */
    default Optional<LedgerDamage> recordedDamage() {
        return Optional.empty();
    }

    /**
     * Records damage a check of this ledger found where every reader of it sees it, until a repair
     * (a server ledger). The default keeps nothing: an embedded journal's checks are recorded in its
     * runtime root.
     */
    default void recordDamage(LedgerDamage damage, String foundBy) {}

    /** Events with {@code seq >= fromSeq} in order; {@code fromSeq} below 1 means from the start. */
    EventCursor readFrom(long fromSeq);

    @Override
    void close();
}
