package dev.loopx.projections.quota;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A goal's writebacks (evidence) and spends, the facts quota accounting is computed from
 * (SPEC §S6). Spent slots are summed over a rolling window at query time, never counted.
 */
public record QuotaLog(String goalId, List<Writeback> writebacks, List<Spend> spends) {
    public QuotaLog {
        Objects.requireNonNull(goalId, "goalId");
        writebacks = List.copyOf(writebacks);
        spends = List.copyOf(spends);
    }

    public static QuotaLog empty(String goalId) {
        return new QuotaLog(goalId, List.of(), List.of());
    }

    /**
     * One {@code refresh-state} writeback. {@code accountable} when its outcome is
     * {@code outcome_progress} or {@code primary_goal_outcome}; {@code spentSeq} is the spend that
     * consumed it (0 while unspent; back to 0 when that spend is voided).
     */
    public record Writeback(long seq, String agentId, String deliveryOutcome, String summary, String recordedAt,
            boolean accountable, long spentSeq) {
        public Writeback {
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(deliveryOutcome, "deliveryOutcome");
            Objects.requireNonNull(summary, "summary");
            Objects.requireNonNull(recordedAt, "recordedAt");
        }
    }

    /** One {@code quota.slot_spent}; {@code voidedSeq} is the compensating event (0 while it counts). */
    public record Spend(long seq, String agentId, int slots, long writebackSeq, String recordedAt, long voidedSeq) {
        public Spend {
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(recordedAt, "recordedAt");
        }
    }

    /** The newest accountable writeback (optionally of one agent), spent or not. */
    public Optional<Writeback> latestAccountable(String agentId) {
        for (int i = writebacks.size() - 1; i >= 0; i--) {
            Writeback w = writebacks.get(i);
            if (w.accountable() && (agentId.isEmpty() || w.agentId().equals(agentId))) {
                return Optional.of(w);
            }
        }
        return Optional.empty();
    }

    public Optional<Spend> spendAt(long seq) {
        return spends.stream().filter(s -> s.seq() == seq).findFirst();
    }

    public Optional<Writeback> lastWriteback() {
        return writebacks.isEmpty() ? Optional.empty() : Optional.of(writebacks.get(writebacks.size() - 1));
    }
}
