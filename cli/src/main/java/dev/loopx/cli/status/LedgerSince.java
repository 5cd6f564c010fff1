package dev.loopx.cli.status;

import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Recorded;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts one goal's events by type after a seq, up to the views' checkpoint (so the counts agree
 * with the views read in the same invocation). Reads the journal; never writes or locks.
 */
final class LedgerSince {
    private LedgerSince() {}

    static Map<String, Long> countByType(LoopxRuntime runtime, String goalId, long afterSeq, long throughSeq) {
        Map<String, Long> counts = new TreeMap<>();
        if (afterSeq >= throughSeq) {
            return counts;
        }
        try (EventCursor cursor = runtime.ledger().readFrom(afterSeq + 1)) {
            while (cursor.hasNext()) {
                Recorded r = cursor.next();
                if (r.seq() > throughSeq) {
                    break;
                }
                if (r.goalId().equals(goalId)) {
                    counts.merge(r.type(), 1L, Long::sum);
                }
            }
        }
        return counts;
    }
}
