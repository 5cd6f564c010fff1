package dev.loopx.projections;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.event.Decoded;
import java.util.ArrayList;
import java.util.List;

/**
 * Which events of a batch a store applies ({@link ProjectionStore#apply}): those after its
 * checkpoint, so a batch that overlaps what is applied already (two catch-ups at once) applies
 * each event once. Refuses ({@code projection_diverged}) a batch whose first such event does not
 * continue the checkpoint: a gap, or another ledger's chain.
 */
public final class FreshEvents {
    private FreshEvents() {}

    /** The events of {@code batch} after {@code checkpoint}: usually all of them (the batch itself, no copy). */
    public static List<Decoded> after(Head checkpoint, List<Decoded> batch) {
        List<Decoded> fresh = newer(batch, checkpoint.seq());
        if (!fresh.isEmpty()) {
            Decoded first = fresh.get(0);
            if (first.seq() != checkpoint.seq() + 1
                    || !first.envelope().prevHash().equals(checkpoint.hash())) {
                throw new LedgerException(
                        "projection_diverged", "the projection store does not continue at seq " + first.seq());
            }
        }
        return fresh;
    }

    private static List<Decoded> newer(List<Decoded> batch, long seq) {
        for (Decoded d : batch) {
            if (d.seq() <= seq) {
                List<Decoded> fresh = new ArrayList<>(batch.size());
                for (Decoded e : batch) {
                    if (e.seq() > seq) {
                        fresh.add(e);
                    }
                }
                return fresh;
            }
        }
        return batch;
    }
}
