package dev.loopx.projections.quota;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A goal's writebacks (evidence) and spends, the facts quota accounting is computed from
 * (SPEC §S6). Spent slots are summed over a rolling window at query time, never counted.
 *
 * <p>Read through the few questions the queries ask, so a store can answer each from a handful of
 * rows (the goal's summary, one writeback, the spends of one window) instead of the whole
 * history: {@link QuotaFold#log} reads the views on demand; {@link #of} holds lists (tests).
 */
public interface QuotaLog {
    String goalId();

    /** The newest accountable writeback (optionally of one agent), spent or not. */
    Optional<Writeback> latestAccountable(String agentId);

    /** The spend recorded at {@code seq} (voided or not). */
    Optional<Spend> spendAt(long seq);

    /** The writeback recorded at {@code seq}, spent or not. */
    Optional<Writeback> writebackAt(long seq);

    /** The goal's newest writeback of any outcome. */
    Optional<Writeback> lastWriteback();

    /**
     * Every spend (voided ones included) recorded after {@code after} and not after
     * {@code upTo}, in ledger order.
     */
    List<Spend> spendsWithin(Instant after, Instant upTo);

    /**
     * One {@code refresh-state} writeback. {@code accountable} when its outcome is
     * {@code outcome_progress} or {@code primary_goal_outcome}; {@code spentSeq} is the spend that
     * consumed it (0 while unspent; back to 0 when that spend is voided).
     */
    record Writeback(
            long seq,
            String agentId,
            String deliveryOutcome,
            String summary,
            String recordedAt,
            boolean accountable,
            long spentSeq) {
        public Writeback {
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(deliveryOutcome, "deliveryOutcome");
            Objects.requireNonNull(summary, "summary");
            Objects.requireNonNull(recordedAt, "recordedAt");
        }
    }

    /** One {@code quota.slot_spent}; {@code voidedSeq} is the compensating event (0 while it counts). */
    record Spend(long seq, String agentId, int slots, long writebackSeq, String recordedAt, long voidedSeq) {
        public Spend {
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(recordedAt, "recordedAt");
        }
    }

    static QuotaLog empty(String goalId) {
        return of(goalId, List.of(), List.of());
    }

    /** A log held in memory: writebacks and spends in ledger order. */
    static QuotaLog of(String goalId, List<Writeback> writebacks, List<Spend> spends) {
        return new InMemory(goalId, writebacks, spends);
    }

    /** A log held in memory (tests, previews). */
    record InMemory(String goalId, List<Writeback> writebacks, List<Spend> spends) implements QuotaLog {
        public InMemory {
            Objects.requireNonNull(goalId, "goalId");
            writebacks = List.copyOf(writebacks);
            spends = List.copyOf(spends);
        }

        @Override
        public Optional<Writeback> latestAccountable(String agentId) {
            for (int i = writebacks.size() - 1; i >= 0; i--) {
                Writeback w = writebacks.get(i);
                if (w.accountable() && (agentId.isEmpty() || w.agentId().equals(agentId))) {
                    return Optional.of(w);
                }
            }
            return Optional.empty();
        }

        @Override
        public Optional<Spend> spendAt(long seq) {
            return spends.stream().filter(s -> s.seq() == seq).findFirst();
        }

        @Override
        public Optional<Writeback> writebackAt(long seq) {
            return writebacks.stream().filter(w -> w.seq() == seq).findFirst();
        }

        @Override
        public Optional<Writeback> lastWriteback() {
            return writebacks.isEmpty() ? Optional.empty() : Optional.of(writebacks.get(writebacks.size() - 1));
        }

        @Override
        public List<Spend> spendsWithin(Instant after, Instant upTo) {
            List<Spend> found = new ArrayList<>();
            for (Spend s : spends) {
                Instant at = Instant.parse(s.recordedAt());
                if (at.isAfter(after) && !at.isAfter(upTo)) {
                    found.add(s);
                }
            }
            return found;
        }
    }
}
