package dev.loopx.projections.quota;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Folds writebacks and spends into small rows, so each event touches a fixed number of them
 * however long the goal's history:
 * <ul>
 *   <li>view {@code quota} (key: goal id) — a {@link Summary}: the newest writeback and the newest
 *       accountable writeback overall and per agent (by seq);</li>
 *   <li>view {@code quota_writeback} (key {@code <goal>/<seq>}) — one {@link QuotaLog.Writeback};</li>
 *   <li>view {@code quota_spend} (key {@code <goal>/<seq>}) — one {@link QuotaLog.Spend};</li>
 *   <li>view {@code quota_spend_at} (key {@code <goal>/<recorded time>/<seq>}) — the same spend,
 *       ordered by time, so a quota window is one key range.</li>
 * </ul>
 * Seqs in keys are zero-padded to 19 digits and times are fixed-width, so key order is numeric order.
 */
public final class QuotaFold {
    public static final String VIEW = "quota";
    public static final String WRITEBACK_VIEW = "quota_writeback";
    public static final String SPEND_VIEW = "quota_spend";
    public static final String SPEND_AT_VIEW = "quota_spend_at";
    private static final Set<String> ACCOUNTABLE = Set.of("outcome_progress", "primary_goal_outcome");
    /** Added to epoch seconds so times from year 1200 BC on are non-negative (fixed width, 13 digits). */
    private static final long SECONDS_OFFSET = 100_000_000_000L;

    private QuotaFold() {}

    /**
     * A goal's quota facts that do not grow with its history.
     *
     * @param lastWritebackSeq the newest writeback (0: none)
     * @param latestAccountableSeq the newest accountable writeback (0: none)
     * @param latestAccountableByAgent agent id → its newest accountable writeback
     */
    public record Summary(String goalId, long lastWritebackSeq, long latestAccountableSeq,
            Map<String, Long> latestAccountableByAgent) {
        public Summary {
            Objects.requireNonNull(goalId, "goalId");
            latestAccountableByAgent = java.util.Collections.unmodifiableMap(new TreeMap<>(latestAccountableByAgent));
        }

        static Summary empty(String goalId) {
            return new Summary(goalId, 0, 0, Map.of());
        }
    }

    /** The goal's quota log, read from the views on demand (valid while {@code views} is). */
    public static QuotaLog log(Views views, String goalId) {
        return new Stored(views, goalId);
    }

    public static void evidence(Views views, Recorded r, EvidenceRecorded e) {
        boolean accountable = ACCOUNTABLE.contains(e.deliveryOutcome());
        Documents.put(views, WRITEBACK_VIEW, rowKey(r.goalId(), r.seq()), new QuotaLog.Writeback(r.seq(), e.agentId(),
                e.deliveryOutcome(), e.summary(), r.recordedAt(), accountable, 0));
        Summary s = summary(views, r.goalId());
        Map<String, Long> byAgent = s.latestAccountableByAgent();
        long latest = s.latestAccountableSeq();
        if (accountable) {
            byAgent = new TreeMap<>(byAgent);
            byAgent.put(e.agentId(), r.seq());
            latest = r.seq();
        }
        Documents.put(views, VIEW, r.goalId(), new Summary(r.goalId(), r.seq(), latest, byAgent));
    }

    public static void spent(Views views, Recorded r, QuotaSlotSpent e) {
        QuotaLog.Spend spend = new QuotaLog.Spend(r.seq(), e.agentId(), e.slots(), e.writebackSeq(), r.recordedAt(), 0);
        putSpend(views, r.goalId(), spend);
        markSpent(views, r.goalId(), e.writebackSeq(), r.seq());
    }

    public static void voided(Views views, Recorded r, QuotaSlotVoided e) {
        Optional<QuotaLog.Spend> found = Documents.get(views, SPEND_VIEW, rowKey(r.goalId(), e.spentSeq()), QuotaLog.Spend.class);
        if (found.isPresent() && found.get().voidedSeq() == 0) {
            QuotaLog.Spend s = found.get();
            putSpend(views, r.goalId(), new QuotaLog.Spend(s.seq(), s.agentId(), s.slots(), s.writebackSeq(), s.recordedAt(), r.seq()));
            if (s.writebackSeq() != 0) {
                markSpent(views, r.goalId(), s.writebackSeq(), 0);
            }
        }
    }

    private static Summary summary(Views views, String goalId) {
        return Documents.get(views, VIEW, goalId, Summary.class).orElse(Summary.empty(goalId));
    }

    private static void putSpend(Views views, String goalId, QuotaLog.Spend spend) {
        Documents.put(views, SPEND_VIEW, rowKey(goalId, spend.seq()), spend);
        Documents.put(views, SPEND_AT_VIEW, goalId + "/" + timeKey(Instant.parse(spend.recordedAt())) + "/" + seqKey(spend.seq()), spend);
    }

    private static void markSpent(Views views, String goalId, long writebackSeq, long spentSeq) {
        Documents.get(views, WRITEBACK_VIEW, rowKey(goalId, writebackSeq), QuotaLog.Writeback.class).ifPresent(w ->
                Documents.put(views, WRITEBACK_VIEW, rowKey(goalId, w.seq()), new QuotaLog.Writeback(w.seq(), w.agentId(),
                        w.deliveryOutcome(), w.summary(), w.recordedAt(), w.accountable(), spentSeq)));
    }

    static String rowKey(String goalId, long seq) {
        return goalId + "/" + seqKey(seq);
    }

    private static String seqKey(long seq) {
        String digits = Long.toString(seq);
        return "0".repeat(Math.max(0, 19 - digits.length())) + digits;
    }

    /** Fixed-width, so text order is time order: 13 digits of offset seconds, '.', 9 digits of nanos. */
    static String timeKey(Instant at) {
        long seconds = Math.min(9_999_999_999_999L, Math.max(0, at.getEpochSecond() + SECONDS_OFFSET));
        String s = Long.toString(seconds);
        String n = Integer.toString(at.getNano());
        return "0".repeat(Math.max(0, 13 - s.length())) + s + "." + "0".repeat(9 - n.length()) + n;
    }

    /** Reads the rows a question needs: the summary, one writeback, one spend or one window. */
    private record Stored(Views views, String goalId) implements QuotaLog {
        @Override
        public Optional<Writeback> latestAccountable(String agentId) {
            Summary s = summary(views, goalId);
            long seq = agentId.isEmpty() ? s.latestAccountableSeq() : s.latestAccountableByAgent().getOrDefault(agentId, 0L);
            return writeback(seq);
        }

        @Override
        public Optional<Spend> spendAt(long seq) {
            return Documents.get(views, SPEND_VIEW, rowKey(goalId, seq), Spend.class);
        }

        @Override
        public Optional<Writeback> lastWriteback() {
            return writeback(summary(views, goalId).lastWritebackSeq());
        }

        @Override
        public List<Spend> spendsWithin(Instant after, Instant upTo) {
            if (!upTo.isAfter(after)) {
                return List.of();
            }
            // "~" sorts after every "/<seq>" suffix: from excludes spends at exactly `after`, to includes those at `upTo`.
            List<Spend> found = new ArrayList<>(Documents.range(views, SPEND_AT_VIEW, goalId + "/" + timeKey(after) + "/~",
                    goalId + "/" + timeKey(upTo) + "/~", Spend.class));
            found.sort(Comparator.comparingLong(Spend::seq));
            return found;
        }

        private Optional<Writeback> writeback(long seq) {
            return seq == 0 ? Optional.empty() : Documents.get(views, WRITEBACK_VIEW, rowKey(goalId, seq), Writeback.class);
        }
    }
}
