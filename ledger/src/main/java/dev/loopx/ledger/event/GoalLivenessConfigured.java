package dev.loopx.ledger.event;

/**
 * {@code goal.liveness_configured} v1 (issue 36): when a lane counts as silent — no recorded
 * activity for more than {@code silentAfterIntervals} of its expected interval while work waits for
 * it (1–100; a goal that never configured it uses 3) — and after how many hours of its holder's
 * silence a claim is stale when the holder has no known cadence ({@code staleClaimHours}, 1–8760;
 * default 36).
 */
public record GoalLivenessConfigured(int silentAfterIntervals, int staleClaimHours) implements LoopxEvent {
    public static final int DEFAULT_SILENT_AFTER_INTERVALS = 3;
    public static final int DEFAULT_STALE_CLAIM_HOURS = 36;

    public GoalLivenessConfigured {
        if (silentAfterIntervals < 1 || silentAfterIntervals > 100) {
            throw new IllegalArgumentException("silent_after_intervals out of range 1-100");
        }
        if (staleClaimHours < 1 || staleClaimHours > 8760) {
            throw new IllegalArgumentException("stale_claim_hours out of range 1-8760");
        }
    }
}
