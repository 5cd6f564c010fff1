package dev.loopx.cli.support;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An RRULE given on the command line, read as RFC 5545 reads it and mapped to the one form LoopX
 * keeps ({@code FREQ=MINUTELY;INTERVAL=n}, SPEC §S8): parts in any order, keys and values in any
 * case, an optional {@code RRULE:} prefix, {@code INTERVAL} defaulting to 1, and {@code HOURLY},
 * {@code DAILY} and {@code WEEKLY} turned into minutes. Anything else ({@code BYDAY}, {@code COUNT},
 * {@code UNTIL}, {@code SECONDLY}, {@code MONTHLY}…) is refused naming what is supported
 * ({@code invalid_value}, exit 2), the value never echoed. Pure.
 */
public final class RruleOption {
    static final int MAX_MINUTES = 99_999;
    private static final Map<String, Integer> MINUTES_PER =
            Map.of("MINUTELY", 1, "HOURLY", 60, "DAILY", 1_440, "WEEKLY", 10_080);

    private RruleOption() {}

    /** The canonical {@code FREQ=MINUTELY;INTERVAL=n} of {@code value}, or exit 2 for {@code option}. */
    public static String canonical(String option, String value) {
        String rule = value.strip();
        if (rule.regionMatches(true, 0, "RRULE:", 0, 6)) {
            rule = rule.substring(6);
        }
        Map<String, String> parts = new LinkedHashMap<>();
        for (String part : rule.split(";", -1)) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw refused(option, "every part must be KEY=VALUE");
            }
            String key = part.substring(0, eq).strip().toUpperCase(Locale.ROOT);
            if (parts.put(key, part.substring(eq + 1).strip().toUpperCase(Locale.ROOT)) != null) {
                throw refused(option, key + " is given twice");
            }
        }
        for (String key : parts.keySet()) {
            if (!key.equals("FREQ") && !key.equals("INTERVAL")) {
                throw refused(
                        option,
                        key.matches("[A-Z]{1,12}") ? key + " is not supported" : "it has a part LoopX does not read");
            }
        }
        Integer per = MINUTES_PER.get(parts.getOrDefault("FREQ", ""));
        if (per == null) {
            throw refused(option, parts.containsKey("FREQ") ? "that FREQ is not supported" : "FREQ is missing");
        }
        String interval = parts.getOrDefault("INTERVAL", "1");
        if (!interval.matches("[1-9][0-9]{0,5}")) {
            throw refused(option, "INTERVAL must be a whole number from 1");
        }
        long minutes = (long) per * Integer.parseInt(interval);
        if (minutes > MAX_MINUTES) {
            throw refused(option, "the rule repeats less often than every " + MAX_MINUTES + " minutes");
        }
        return "FREQ=MINUTELY;INTERVAL=" + minutes;
    }

    private static CliError refused(String option, String why) {
        return CliError.badInput(
                ErrorCode.INVALID_VALUE,
                option + " is not an RRULE LoopX can keep (" + why + "): use FREQ=MINUTELY, HOURLY, DAILY or WEEKLY"
                        + " with an optional INTERVAL=n (parts in any order, an optional RRULE: prefix),"
                        + " and an interval of at most " + MAX_MINUTES + " minutes, e.g. FREQ=MINUTELY;INTERVAL=30");
    }
}
