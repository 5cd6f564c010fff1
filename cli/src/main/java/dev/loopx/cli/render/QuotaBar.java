package dev.loopx.cli.render;

import dev.loopx.projections.quota.QuotaStatus;

/** A quota window as one line: {@code [#...................] 5/20 slots · active (24 h window)}. */
public final class QuotaBar {
    private static final int BAR = 20;

    private QuotaBar() {}

    public static String of(QuotaStatus q) {
        return of(q.allowedSlots(), q.spentSlots(), q.state().wire(), q.windowHours(), q.nextEligibleAt());
    }

    private static String of(long allowed, long spent, String state, int windowHours, String nextEligibleAt) {
        String next = nextEligibleAt.isEmpty() ? "" : " · next slot " + nextEligibleAt;
        if (allowed <= 0) {
            return "[" + "-".repeat(BAR) + "] " + state + " (nothing allowed)";
        }
        int filled = (int) Math.min(BAR, Math.max(spent > 0 ? 1 : 0, Math.round(BAR * (double) spent / allowed)));
        return "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + spent + "/" + allowed + " slots spent · "
                + state + " (" + windowHours + " h window)" + next;
    }
}
