package dev.loopx.ledger.memory;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMismatch;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.json.EnvelopeCodec;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;

/** A ledger in memory, for tests and previews. Thread-safe; lost with the process. */
public final class InMemoryLedger implements Ledger {
    private final List<Recorded> events = new ArrayList<>();

    @Override
    public synchronized Head head() {
        return events.isEmpty()
                ? Head.EMPTY
                : new Head(events.size(), events.get(events.size() - 1).hash());
    }

    @Override
    public synchronized Either<HeadMismatch, List<Recorded>> appendIfHead(
            long expectedHead, List<ProposedEvent> proposed) {
        Head head = head();
        if (head.seq() != expectedHead) {
            return Either.left(new HeadMismatch(expectedHead, head.seq()));
        }
        List<Recorded> sealed = EnvelopeCodec.sealAll(proposed, head);
        events.addAll(sealed);
        return Either.right(sealed);
    }

    @Override
    public synchronized EventCursor readFrom(long fromSeq) {
        int from = (int) Math.max(0, fromSeq - 1);
        List<Recorded> snapshot = List.copyOf(events.subList(Math.min(from, events.size()), events.size()));
        var it = snapshot.iterator();
        return new EventCursor() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Recorded next() {
                return it.next();
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public void close() {}
}
