package dev.loopx.commands.monitor;

/**
 * How a poll sets a monitor's next interval. A material change resets it to the base cadence.
 * The first unchanged poll after a change (or the first poll ever) keeps the base cadence; each
 * further unchanged poll doubles the interval, up to {@link #CAP_MINUTES} (24 h), or up to the
 * base cadence when that is longer. With a 30-minute cadence, unchanged polls wait 30, 60, 120,
 * 240, 480, 960, 1440, 1440… minutes. Pure.
 */
public final class MonitorCadence {
    /** The longest stretched interval: one day. */
    public static final int CAP_MINUTES = 1_440;

    private MonitorCadence() {}

    /**
     * @param base the monitor's base cadence in minutes (at least 1)
     * @param unchangedBefore unchanged polls since the last material change, before this poll
     * @param materialChange this poll saw a material change
     */
    public static int nextInterval(int base, int unchangedBefore, boolean materialChange) {
        if (materialChange || unchangedBefore <= 0) {
            return base;
        }
        long cap = Math.max(base, CAP_MINUTES);
        long interval = base;
        for (int i = 0; i < unchangedBefore && interval < cap; i++) {
            interval *= 2;
        }
        return (int) Math.min(interval, cap);
    }
}
