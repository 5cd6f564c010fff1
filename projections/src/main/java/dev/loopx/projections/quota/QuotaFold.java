package dev.loopx.projections.quota;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
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
    public record Summary(
            String goalId,
            long lastWritebackSeq,
            long latestAccountableSeq,
            Map<String, Long> latestAccountableByAgent) {
        public Summary {
            Objects.requireNonNull(goalId, "goalId");
            latestAccountableByAgent = Collections.unmodifiableMap(new TreeMap<>(latestAccountableByAgent));
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
        Documents.put(
                views,
                WRITEBACK_VIEW,
                rowKey(r.goalId(), r.seq()),
                new QuotaLog.Writeback(
                        r.seq(), e.agentId(), e.deliveryOutcome(), e.summary(), r.recordedAt(), accountable, 0));
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
        Optional<QuotaLog.Spend> found =
                Documents.get(views, SPEND_VIEW, rowKey(r.goalId(), e.spentSeq()), QuotaLog.Spend.class);
        if (found.isPresent() && found.get().voidedSeq() == 0) {
            QuotaLog.Spend s = found.get();
            putSpend(
                    views,
                    r.goalId(),
                    new QuotaLog.Spend(s.seq(), s.agentId(), s.slots(), s.writebackSeq(), s.recordedAt(), r.seq()));
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
        Documents.put(
                views,
                SPEND_AT_VIEW,
                goalId + "/" + timeKey(instant(spend.recordedAt())) + "/" + seqKey(spend.seq()),
                spend);
    }

    private static void markSpent(Views views, String goalId, long writebackSeq, long spentSeq) {
        Documents.get(views, WRITEBACK_VIEW, rowKey(goalId, writebackSeq), QuotaLog.Writeback.class)
                .ifPresent(w -> Documents.put(
                        views,
                        WRITEBACK_VIEW,
                        rowKey(goalId, w.seq()),
                        new QuotaLog.Writeback(
                                w.seq(),
                                w.agentId(),
                                w.deliveryOutcome(),
                                w.summary(),
                                w.recordedAt(),
                                w.accountable(),
                                spentSeq)));
    }

    static String rowKey(String goalId, long seq) {
        return goalId + "/" + seqKey(seq);
    }

    private static String seqKey(long seq) {
        String digits = Long.toString(seq);
        return "0".repeat(Math.max(0, 19 - digits.length())) + digits;
    }

    /**
     * {@link Instant#parse} of a recorded time: the shape the ledger stores
     * ({@code 2026-01-01T00:00:00Z}, optionally with 1–9 fraction digits) read directly — the JDK's
     * parser was ~9% of a rebuild's folding — and anything else (or anything out of range) by
     * {@link Instant#parse} itself, which also throws what it throws. {@code QuotaFoldTest} holds the
     * two equal.
     */
    static Instant instant(String text) {
        int n = text.length();
        if (n < 20
                || n > 30
                || n == 21
                || text.charAt(n - 1) != 'Z'
                || text.charAt(4) != '-'
                || text.charAt(7) != '-'
                || text.charAt(10) != 'T'
                || text.charAt(13) != ':'
                || text.charAt(16) != ':'
                || (n > 20 && text.charAt(19) != '.')) {
            return Instant.parse(text);
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 7);
        int day = digits(text, 8, 10);
        int hour = digits(text, 11, 13);
        int minute = digits(text, 14, 16);
        int second = digits(text, 17, 19);
        int nanos = 0;
        if (n > 20) {
            int fraction = digits(text, 20, n - 1);
            if (fraction < 0) {
                return Instant.parse(text);
            }
            nanos = fraction;
            for (int i = n - 1 - 20; i < 9; i++) {
                nanos *= 10;
            }
        }
        if (year < 0
                || month < 1
                || month > 12
                || day < 1
                || day > 31
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59
                || second < 0
                || second > 59) {
            return Instant.parse(text); // out of range (a leap second, say): the JDK's rules
        }
        long days;
        try {
            days = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return Instant.parse(text); // 31 April and the like: the JDK's answer
        }
        return Instant.ofEpochSecond(days * 86_400 + hour * 3_600 + minute * 60 + second, nanos);
    }

    /** The decimal value of {@code text[from, to)}, or -1 if it is not all ASCII digits. */
    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
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
            long seq = agentId.isEmpty()
                    ? s.latestAccountableSeq()
                    : s.latestAccountableByAgent().getOrDefault(agentId, 0L);
            return writeback(seq);
        }

        @Override
        public Optional<Spend> spendAt(long seq) {
            return Documents.get(views, SPEND_VIEW, rowKey(goalId, seq), Spend.class);
        }

        @Override
        public Optional<Writeback> writebackAt(long seq) {
            return writeback(seq);
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
            // "~" sorts after every "/<seq>" suffix: from excludes spends at exactly `after`, to includes those at
            // `upTo`.
            List<Spend> found = new ArrayList<>(Documents.range(
                    views,
                    SPEND_AT_VIEW,
                    goalId + "/" + timeKey(after) + "/~",
                    goalId + "/" + timeKey(upTo) + "/~",
                    Spend.class));
            found.sort(Comparator.comparingLong(Spend::seq));
            return found;
        }

        private Optional<Writeback> writeback(long seq) {
            return seq == 0
                    ? Optional.empty()
                    : Documents.get(views, WRITEBACK_VIEW, rowKey(goalId, seq), Writeback.class);
        }
    }
}
