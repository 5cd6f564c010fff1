package dev.loopx.commands.privacy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A regular expression compiled the first time it is used. The privacy table has about sixty
 * expressions behind keyword pre-filters; compiling them all when the table is built took
 * 10–20 ms of every CLI start (every argument is checked for credentials), while a typical argument
 * or text meets none or a few of the keywords. {@link #compileAll} compiles every one made so far,
 * for the test that keeps them all valid.
 */
final class LazyPattern {
    private static final List<LazyPattern> MADE = Collections.synchronizedList(new ArrayList<>());

    private final String regex;
    private final int flags;
    private volatile Pattern pattern;

    LazyPattern(String regex) {
        this(regex, 0);
    }

    LazyPattern(String regex, int flags) {
        this.regex = regex;
        this.flags = flags;
        MADE.add(this);
    }

    Pattern pattern() {
        Pattern compiled = pattern;
        if (compiled == null) {
            compiled = Pattern.compile(regex, flags); // two threads may both compile it: the same pattern
            pattern = compiled;
        }
        return compiled;
    }

    Matcher matcher(CharSequence text) {
        return pattern().matcher(text);
    }

    /** Compiles every expression made so far (those of the classes initialised); returns how many. */
    static int compileAll() {
        List<LazyPattern> all;
        synchronized (MADE) {
            all = List.copyOf(MADE);
        }
        all.forEach(LazyPattern::pattern);
        return all.size();
    }
}
