package dev.loopx.ledger.audit;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.json.EnvelopeCodec;
import java.util.Iterator;
import java.util.Optional;

/**
 * Checks a stream of stored events: dense {@code seq} from 1, each {@code prev_hash} equal to the
 * previous {@code hash}, every {@code hash} and {@code event_id} recomputed from content, every
 * payload decodable (upcast to the current version). With the committed head marker it also
 * detects a truncated tail. Stops at the first bad event and names its {@code seq}.
 */
public final class LedgerVerifier {
    private final EventCodec codec;

    public LedgerVerifier(EventCodec codec) {
        this.codec = codec;
    }

    public VerifyReport verify(Iterator<Recorded> events, Optional<Head> committedHead) {
        Head last = Head.EMPTY;
        long checked = 0;
        while (true) {
            long expectedSeq = last.seq() + 1;
            Recorded r;
            try {
                if (!events.hasNext()) {
                    break;
                }
                r = events.next();
            } catch (LedgerException e) {
                return new VerifyReport(
                        checked,
                        last,
                        expectedSeq,
                        "the stored bytes of this event are damaged (" + e.getMessage() + ")");
            }
            Optional<String> problem = problem(r, last, expectedSeq);
            if (problem.isPresent()) {
                return new VerifyReport(checked, last, expectedSeq, problem.get());
            }
            last = new Head(r.seq(), r.hash());
            checked++;
        }
        if (committedHead.isPresent()) {
            Head marker = committedHead.get();
            if (marker.seq() > last.seq()) {
                return new VerifyReport(
                        checked,
                        last,
                        last.seq() + 1,
                        "the ledger ends at seq " + last.seq() + " but seq " + marker.seq()
                                + " was acknowledged: the tail is missing (truncated)");
            }
            if (marker.seq() == last.seq() && !marker.hash().equals(last.hash())) {
                return new VerifyReport(checked, last, last.seq(), "the last event differs from the one acknowledged");
            }
        }
        return new VerifyReport(checked, last, 0, "");
    }

    private Optional<String> problem(Recorded r, Head previous, long expectedSeq) {
        if (r.seq() != expectedSeq) {
            return Optional.of("expected seq " + expectedSeq + " but found seq " + r.seq()
                    + " (events missing, duplicated or reordered)");
        }
        if (!r.prevHash().equals(previous.hash())) {
            return Optional.of("prev_hash does not match the hash of seq " + previous.seq()
                    + " (an event was changed, removed or reordered)");
        }
        if (!EnvelopeCodec.expectedHash(r).equals(r.hash())) {
            return Optional.of("the hash does not match the content (the event was modified)");
        }
        if (!EnvelopeCodec.expectedEventId(r).equals(r.eventId())) {
            return Optional.of("the event_id does not match the content (the event was modified)");
        }
        try {
            codec.decode(r);
        } catch (LedgerException e) {
            return Optional.of("the payload does not decode: " + e.getMessage());
        }
        return Optional.empty();
    }
}
