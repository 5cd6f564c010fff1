package dev.loopx.cli.support;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * The one place numbers and times given on the command line are read. Only ASCII digits count
 * (Java's own parsers take fullwidth and other Unicode digits, surrounding spaces, {@code Infinity},
 * exponents and hexadecimal floats); a value out of range, overflowing or malformed is exit 2
 * ({@code invalid_value} / {@code invalid_time}) with the option named and the value never echoed.
 * picocli's {@code int}/{@code long} options use {@link #converters} so its answers follow the same
 * rule.
 */
public final class NumberOptions {
    private static final Pattern WHOLE = Pattern.compile("-?[0-9]{1,18}");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,9}(?:\\.[0-9]{1,9})?");
    private static final Pattern TIME = Pattern.compile(
            "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]{1,9})?(?:Z|[+-][0-9]{2}:[0-9]{2})");

    private NumberOptions() {}

    /** A whole number from {@code min} to {@code max}, ASCII digits only. */
    public static long whole(String option, String text, long min, long max) {
        String range = option + " must be a whole number from " + min + " to " + max + " (digits 0-9)";
        if (text == null || !WHOLE.matcher(text).matches()) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, range);
        }
        long value = Long.parseLong(text);
        if (value < min || value > max) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, range);
        }
        return value;
    }

    /** A non-negative decimal number ({@code 0.5}, {@code 2}), ASCII digits only, at most {@code max}. */
    public static BigDecimal decimal(String option, String text, BigDecimal max, int maxScale) {
        String range = option + " must be a number from 0 to " + max.toPlainString() + " with at most " + maxScale
                + " decimals, e.g. 0.5";
        if (text == null || !DECIMAL.matcher(text).matches()) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, range);
        }
        BigDecimal value = new BigDecimal(text);
        if (value.compareTo(max) > 0 || value.stripTrailingZeros().scale() > maxScale) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, range);
        }
        return value;
    }

    /**
     * An RFC 3339 time with a four-digit year and an offset ({@code 2026-01-01T00:00:00Z},
     * {@code 2026-05-01T09:00:00+02:00}); exit 2 {@code invalid_time} otherwise.
     */
    public static Instant time(String option, String text) {
        String rule = option + " must be RFC 3339 with a four-digit year and an offset, e.g. 2026-01-01T00:00:00Z";
        if (text == null || !TIME.matcher(text).matches()) {
            throw CliError.badInput(ErrorCode.INVALID_TIME, rule);
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeException e) {
            throw CliError.badInput(ErrorCode.INVALID_TIME, rule);
        }
    }

    /** Whether {@code text} is a time {@link #time} takes. */
    public static boolean isTime(String text) {
        if (text == null || !TIME.matcher(text).matches()) {
            return false;
        }
        try {
            OffsetDateTime.parse(text);
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    /** {@code resume_at:<time>} holds a time {@link #time} takes; any other condition is left to its parser. */
    public static boolean resumeTimeWellFormed(String condition) {
        return !condition.startsWith("resume_at:") || isTime(condition.substring("resume_at:".length()));
    }

    /** Registers strict converters for picocli's {@code int}, {@code Integer}, {@code long} and {@code Long} options. */
    public static void converters(CommandLine cl) {
        CommandLine.ITypeConverter<Integer> ints = text -> (int) convert(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
        CommandLine.ITypeConverter<Long> longs = text -> convert(text, Long.MIN_VALUE, Long.MAX_VALUE);
        cl.registerConverter(int.class, ints);
        cl.registerConverter(Integer.class, ints);
        cl.registerConverter(long.class, longs);
        cl.registerConverter(Long.class, longs);
    }

    private static long convert(String text, long min, long max) {
        if (text == null || !WHOLE.matcher(text).matches()) {
            throw new CommandLine.TypeConversionException("not a whole number (digits 0-9)");
        }
        long value = Long.parseLong(text);
        if (value < min || value > max) {
            throw new CommandLine.TypeConversionException("out of range");
        }
        return value;
    }
}
