package dev.loopx.commands.scheduler;

import java.util.regex.Pattern;

/**
 * The one recurrence LoopX reads back from a host scheduler (SPEC §S8):
 * {@code FREQ=MINUTELY;INTERVAL=n}, {@code n} from 1 to 99999. Grammar only: pure, no state, so the
 * CLI may refuse a bad {@code --applied-rrule} before anything is opened. The Codex App keeps
 * its rules with an {@code RRULE:} prefix ({@code RRULE:FREQ=MINUTELY;INTERVAL=30}); that prefix
 * is accepted and dropped ({@link #canonical}), so a host may pass the value exactly as stored.
 */
public final class Rrule {
    private static final Pattern MINUTELY = Pattern.compile("FREQ=MINUTELY;INTERVAL=([1-9][0-9]{0,4})");

    private Rrule() {}

    private static final String PREFIX = "RRULE:";

    /** {@code rrule} without a leading {@code RRULE:} (as the Codex App stores rules); anything else unchanged. */
    public static String canonical(String rrule) {
        return rrule != null && rrule.startsWith(PREFIX) ? rrule.substring(PREFIX.length()) : rrule;
    }

    /** The interval of a minutely rule in minutes (0 when {@code rrule} is not one); an {@code RRULE:} prefix is accepted. */
    public static int minutes(String rrule) {
        var m = MINUTELY.matcher(canonical(rrule));
        return m.matches() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** True when {@code rrule} is one LoopX can read back. */
    public static boolean isMinutely(String rrule) {
        return minutes(rrule) > 0;
    }
}
