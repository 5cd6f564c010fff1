package dev.loopx.commands.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.projections.goal.GoalView.QuotaPolicy;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.quota.QuotaStatus;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code QuotaStatus.at} (SPEC §S3, §S6): spent slots are the sum of unvoided spends in the rolling
 * window ending now; paused at compute 0; throttled once spent reaches allowed, with the moment a
 * slot comes back.
 */
class QuotaStatusTest {
    private static final Instant NOW = Instant.parse("2026-03-10T12:00:00Z");
    /** 2 h window of 60 min slots at compute 1: two slots allowed. */
    private static final QuotaPolicy TWO_SLOTS = new QuotaPolicy(BigDecimal.ONE, 2, 60);

    private static QuotaLog.Spend spend(long seq, int slots, Duration ago) {
        return new QuotaLog.Spend(seq, "a", slots, 1, NOW.minus(ago).toString(), 0);
    }

    private static QuotaLog.Spend voided(long seq, int slots, Duration ago) {
        return new QuotaLog.Spend(seq, "a", slots, 1, NOW.minus(ago).toString(), seq + 100);
    }

    private static QuotaLog log(QuotaLog.Spend... spends) {
        return QuotaLog.of("g1", List.of(), List.of(spends));
    }

    @Test
    void theDefaultPolicy_allows1440SlotsAndIsActiveWithNoSpends() {
        QuotaStatus status = QuotaStatus.at(QuotaPolicy.DEFAULT, log(), NOW);
        assertEquals(new QuotaStatus(BigDecimal.ONE, 24, 1, 1440, 0, QuotaState.ACTIVE, true, ""), status);
    }

    @Test
    void spentSlots_sumOnlySpendsInsideTheRollingWindow() {
        QuotaStatus status = QuotaStatus.at(
                QuotaPolicy.DEFAULT,
                log(
                        spend(10, 3, Duration.ofHours(1)),
                        spend(11, 2, Duration.ofHours(23).plusMinutes(59)),
                        spend(12, 5, Duration.ofHours(24)),
                        spend(13, 7, Duration.ofHours(30))),
                NOW);
        assertEquals(5, status.spentSlots());
        assertEquals(QuotaState.ACTIVE, status.state());
    }

    @Test
    void voidedSpends_doNotCount() {
        QuotaStatus status = QuotaStatus.at(
                QuotaPolicy.DEFAULT,
                log(spend(10, 1, Duration.ofMinutes(5)), voided(11, 4, Duration.ofMinutes(4))),
                NOW);
        assertEquals(1, status.spentSlots());
    }

    @Test
    void computeZero_isPausedAndNeverRuns() {
        QuotaStatus status = QuotaStatus.at(new QuotaPolicy(BigDecimal.ZERO, 24, 1), log(), NOW);
        assertEquals(new QuotaStatus(BigDecimal.ZERO, 24, 1, 0, 0, QuotaState.PAUSED, false, ""), status);
    }

    @Test
    void spentReachingAllowed_isThrottledUntilTheOldestSpendLeavesTheWindow() {
        QuotaStatus status = QuotaStatus.at(
                TWO_SLOTS, log(spend(10, 1, Duration.ofMinutes(90)), spend(11, 1, Duration.ofMinutes(30))), NOW);
        assertEquals(
                new QuotaStatus(BigDecimal.ONE, 2, 60, 2, 2, QuotaState.THROTTLED, false, "2026-03-10T12:30:00Z"),
                status);
    }

    @Test
    void spentBeyondAllowed_isThrottledUntilEnoughOldSpendsLeaveTheWindowToFreeOneSlot() {
        // spent 4 of 2 allowed: three slots must leave the window, i.e. the spends 100 and 60 min old
        QuotaStatus status = QuotaStatus.at(
                TWO_SLOTS,
                log(
                        spend(11, 2, Duration.ofMinutes(60)),
                        spend(10, 1, Duration.ofMinutes(100)),
                        spend(12, 1, Duration.ofMinutes(10))),
                NOW);
        assertEquals(QuotaState.THROTTLED, status.state());
        assertEquals(4, status.spentSlots());
        assertEquals("2026-03-10T13:00:00Z", status.nextEligibleAt());
    }

    @Test
    void spentBelowAllowed_isActive() {
        QuotaStatus status = QuotaStatus.at(TWO_SLOTS, log(spend(10, 1, Duration.ofMinutes(30))), NOW);
        assertEquals(new QuotaStatus(BigDecimal.ONE, 2, 60, 2, 1, QuotaState.ACTIVE, true, ""), status);
    }

    @Test
    void aFractionalComputeScalesAllowedSlots() {
        QuotaStatus status = QuotaStatus.at(new QuotaPolicy(new BigDecimal("0.5"), 24, 2), log(), NOW);
        assertEquals(360, status.allowedSlots());
    }

    @Test
    void spendsRecordedAfterNow_doNotCount() {
        QuotaStatus status = QuotaStatus.at(
                TWO_SLOTS,
                log(new QuotaLog.Spend(10, "a", 5, 1, NOW.plusSeconds(60).toString(), 0)),
                NOW);
        assertEquals(0, status.spentSlots());
    }
}
