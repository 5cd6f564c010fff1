package dev.loopx.ledger.event;

import java.util.List;
import java.util.Objects;

/**
 * {@code ledger.repaired} v1 (ADR 0012): {@code loopx ledger repair --execute} could not keep the
 * event that stood at this seq (its stored bytes were damaged: its line did not parse, or its hash
 * or event id did not recompute, or it was not the event that was acknowledged there), and took its
 * place, so every intact event after it keeps its seq. A runtime-wide event (empty {@code goal_id}).
 * Content-free: seqs, event types, times and a hash, never an event's payload.
 *
 * @param lostSeq          the seq whose event was lost (this event's own seq)
 * @param lostType         that event's type as far as its damaged bytes still read; empty when unreadable
 * @param lostRecordedAt   its {@code recorded_at} as far as still readable; empty when unreadable
 * @param damagedSeqs      every seq this repair lost, as ascending runs (each seq has its own
 *                         {@code ledger.repaired})
 * @param replacedHeadSeq  the head of the damaged journal the repair replaced (acknowledged, or last read)
 * @param replacedHeadHash that head's hash, which names the damaged journal kept under private/damaged-ledgers/
 * @param repairedAt       when the repair ran (the envelope's {@code recorded_at} is the previous event's,
 *                         so the times along the chain stay in order)
 */
public record LedgerRepaired(
        long lostSeq,
        String lostType,
        String lostRecordedAt,
        List<SeqRange> damagedSeqs,
        long replacedHeadSeq,
        String replacedHeadHash,
        String repairedAt)
        implements LoopxEvent {
    public LedgerRepaired {
        Objects.requireNonNull(lostType, "lostType");
        Objects.requireNonNull(lostRecordedAt, "lostRecordedAt");
        Objects.requireNonNull(replacedHeadHash, "replacedHeadHash");
        Objects.requireNonNull(repairedAt, "repairedAt");
        damagedSeqs = List.copyOf(damagedSeqs);
        if (damagedSeqs.stream().noneMatch(r -> r.from() <= lostSeq && lostSeq <= r.to())) {
            throw new IllegalArgumentException("a repair stands in for one of the seqs it lost");
        }
    }

    /** The seqs {@code from} to {@code to}, both included. */
    public record SeqRange(long from, long to) {
        public SeqRange {
            if (from < 1 || to < from) {
                throw new IllegalArgumentException("a seq range runs from 1 upwards: " + from + "-" + to);
            }
        }
    }
}
