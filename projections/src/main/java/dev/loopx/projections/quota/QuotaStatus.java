package dev.loopx.projections.quota;

import dev.loopx.projections.goal.GoalView;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The quota answer at {@code now} (SPEC §S6): {@code spent_slots} is the sum of unvoided spends
 * recorded within the rolling window ending at {@code now}. {@code paused} when compute is 0,
 * {@code throttled} when spent reaches allowed, else {@code active} ({@link QuotaState}). Pure.
 *
 * @param nextEligibleAt when a throttled goal gets a slot back (RFC 3339), else empty
 */
public record QuotaStatus(
        BigDecimal compute,
        int windowHours,
        int slotMinutes,
        long allowedSlots,
        long spentSlots,
        QuotaState state,
        boolean shouldRun,
        String nextEligibleAt) {
    public QuotaStatus {
        Objects.requireNonNull(compute, "compute");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(nextEligibleAt, "nextEligibleAt");
    }

    public static QuotaStatus at(GoalView.QuotaPolicy policy, QuotaLog log, Instant now) {
        Instant windowStart = now.minus(Duration.ofHours(policy.windowHours()));
        List<QuotaLog.Spend> inWindow = new ArrayList<>();
        for (QuotaLog.Spend s : log.spendsWithin(windowStart, now)) {
            if (s.voidedSeq() == 0) {
                inWindow.add(s);
            }
        }
        long spent = inWindow.stream().mapToLong(QuotaLog.Spend::slots).sum();
        long allowed = policy.allowedSlots();
        if (policy.paused()) {
            return new QuotaStatus(
                    policy.compute(),
                    policy.windowHours(),
                    policy.slotMinutes(),
                    allowed,
                    spent,
                    QuotaState.PAUSED,
                    false,
                    "");
        }
        if (spent >= allowed) {
            return new QuotaStatus(
                    policy.compute(),
                    policy.windowHours(),
                    policy.slotMinutes(),
                    allowed,
                    spent,
                    QuotaState.THROTTLED,
                    false,
                    nextEligible(inWindow, spent - allowed + 1, policy.windowHours()));
        }
        return new QuotaStatus(
                policy.compute(),
                policy.windowHours(),
                policy.slotMinutes(),
                allowed,
                spent,
                QuotaState.ACTIVE,
                true,
                "");
    }

    /** The state an answer that folds the goal's lifecycle in shows: {@link QuotaState#STOPPED} for a stopped goal, else {@link #state}. */
    public QuotaState stateOf(boolean goalStopped) {
        return goalStopped ? QuotaState.STOPPED : state;
    }

    /** The moment enough of the oldest spends have left the window to free one slot. */
    private static String nextEligible(List<QuotaLog.Spend> inWindow, long slotsToFree, int windowHours) {
        inWindow.sort(Comparator.comparing(QuotaLog.Spend::recordedAt));
        long freed = 0;
        for (QuotaLog.Spend s : inWindow) {
            freed += s.slots();
            if (freed >= slotsToFree) {
                return Instant.parse(s.recordedAt())
                        .plus(Duration.ofHours(windowHours))
                        .toString();
            }
        }
        return "";
    }
}
