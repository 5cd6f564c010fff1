package dev.loopx.commands.operation;

import dev.loopx.ledger.Recorded;
import java.util.List;

/**
 * What a write appended: the events' seqs, ids and types, or — for a repeated
 * {@code --operation-id} with the same intent — the original write's, with {@code replayed=true}.
 */
public record Receipt(List<Long> seqs, List<String> eventIds, List<String> eventTypes, boolean replayed) {
    public Receipt {
        seqs = List.copyOf(seqs);
        eventIds = List.copyOf(eventIds);
        eventTypes = List.copyOf(eventTypes);
    }

    public static Receipt of(List<Recorded> events) {
        return new Receipt(
                events.stream().map(Recorded::seq).toList(),
                events.stream().map(Recorded::eventId).toList(),
                events.stream().map(Recorded::type).toList(),
                false);
    }

    /** True when this write (not a replay) appended events. */
    public boolean changed() {
        return !replayed && !seqs.isEmpty();
    }

    public long lastSeq() {
        return seqs.isEmpty() ? 0 : seqs.get(seqs.size() - 1);
    }
}
