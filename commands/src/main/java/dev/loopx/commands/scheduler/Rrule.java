package dev.loopx.commands.scheduler;

import java.util.regex.Pattern;

/**
 * The one recurrence LoopX reads back from a host scheduler (SPEC §S8):
 * {@code FREQ=MINUTELY;INTERVAL=n}, {@code n} from 1 to 99999. Grammar only: pure, no state, so the
 * CLI may refuse a bad {@code --applied-rrule} before anything is opened.
 */
public final class Rrule {
    private static final Pattern MINUTELY = Pattern.compile("FREQ=MINUTELY;INTERVAL=([1-9][0-9]{0,4})");

    private Rrule() {}

    /** The interval of a minutely rule in minutes (0 when {@code rrule} is not one). */
    public static int minutes(String rrule) {
        var m = MINUTELY.matcher(rrule);
        return m.matches() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** True when {@code rrule} is one LoopX can read back. */
    public static boolean isMinutely(String rrule) {
        return minutes(rrule) > 0;
    }
}
