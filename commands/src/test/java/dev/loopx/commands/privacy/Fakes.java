package dev.loopx.commands.privacy;

import java.util.List;
import java.util.Random;

/**
 * Deterministic, generated credential-shaped values for tests and the corpus. Nothing here is a
 * real credential, and no complete credential is written in a source file: every value is built
 * at run time from a prefix and seeded random characters, so repository scanners and push
 * protection see only prefixes.
 */
public final class Fakes {
    static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    static final String LOWER = "abcdefghijklmnopqrstuvwxyz";
    static final String DIGITS = "0123456789";
    static final String HEX = "0123456789abcdef";
    static final String ALNUM = UPPER + LOWER + DIGITS;
    static final String B64URL = ALNUM + "-_";
    static final String B64 = ALNUM + "+/";

    private final Random random;

    public Fakes(long seed) {
        this.random = new Random(seed);
    }

    /** {@code n} characters of the alphabet, always with at least one digit when the alphabet has digits. */
    public String of(String alphabet, int n) {
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        if (n > 2
                && alphabet.chars().anyMatch(Character::isDigit)
                && out.chars().noneMatch(Character::isDigit)) {
            out.setCharAt(random.nextInt(n), DIGITS.charAt(random.nextInt(10)));
        }
        if (n > 2
                && alphabet.contains("a")
                && alphabet.contains("A")
                && out.chars().noneMatch(Character::isUpperCase)) {
            out.setCharAt(random.nextInt(n), UPPER.charAt(random.nextInt(26)));
        }
        return out.toString();
    }

    public String alnum(int n) {
        return of(ALNUM, n);
    }

    public String hex(int n) {
        return of(HEX, n);
    }

    public String digits(int n) {
        return of(DIGITS, n);
    }

    public String b64url(int n) {
        return of(B64URL, n);
    }

    public String b64(int n) {
        return of(B64, n);
    }

    public int nextInt(int bound) {
        return random.nextInt(bound);
    }

    public <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    @SafeVarargs
    public final <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }

    /** A password as people choose them: a word, digits and a symbol. */
    public String password() {
        return pick("hunter", "Winter", "dragon", "Orchid", "tango", "Falcon", "maple", "Quartz")
                + digits(2 + nextInt(3))
                + pick("!", "#", "%", "", "_", ".")
                + of(LOWER + UPPER, 3 + nextInt(3));
    }

    /** Joins parts, so a prefix and its value never appear together in a source file. */
    public static String join(String... parts) {
        return String.join("", parts);
    }
}
