package dev.loopx.ledger;

import java.util.List;
import java.util.Objects;

/**
 * What a damaged journal still holds: every event of its valid chain from seq 1 (read without the
 * journal's own machinery, which may be what is damaged), and what ends that chain (empty when
 * nothing does).
 */
public record Salvage(List<Recorded> events, String problem) {
    public Salvage {
        events = List.copyOf(events);
        Objects.requireNonNull(problem, "problem");
    }

    public Head head() {
        return events.isEmpty()
                ? Head.EMPTY
                : new Head(events.getLast().seq(), events.getLast().hash());
    }
}
