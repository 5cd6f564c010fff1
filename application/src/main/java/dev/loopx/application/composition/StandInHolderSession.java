package dev.loopx.application.composition;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMismatch;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.lock.WriteLock;
import dev.loopx.ledger.remote.ServerLedgerSession;
import io.vavr.control.Either;
import java.util.List;

/**
 * The session behind the training run's stand-in head holder ({@link Composition#standInHeadHolder},
 * for {@code debug train-reads}): an empty ledger's head, nothing else (the training's reads never
 * need more). Training only.
 */
final class StandInHolderSession implements ServerLedgerSession, Ledger {
    static final StandInHolderSession EMPTY_LEDGER = new StandInHolderSession();

    private StandInHolderSession() {}

    /** The session a read asking the stand-in would open itself: none, the stand-in answers the head. */
    static ServerLedgerSession noOwnSession() {
        throw new IllegalStateException("the training's stand-in holder answers the head; no session opens");
    }

    @Override
    public Ledger ledger() {
        return this;
    }

    @Override
    public WriteLock lock() {
        throw new IllegalStateException("the training's stand-in holder has no lock");
    }

    @Override
    public Health health() {
        throw new IllegalStateException("the training's stand-in holder has no server");
    }

    @Override
    public Head head() {
        return Head.EMPTY;
    }

    @Override
    public Either<HeadMismatch, List<Recorded>> appendIfHead(long expectedHead, List<ProposedEvent> events) {
        throw new IllegalStateException("the training's stand-in holder takes no events");
    }

    @Override
    public EventCursor readFrom(long fromSeq) {
        throw new IllegalStateException("the training's stand-in holder has no events");
    }

    @Override
    public void close() {}
}
