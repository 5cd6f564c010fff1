package dev.loopx.commands.privacy;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Long random-looking tokens: secrets without a recognisable prefix (SPEC §S14 "long random
 * tokens"). A candidate is a run of at least {@value #MIN_LENGTH} characters from the base64 and
 * base64url alphabets (letters, digits, {@code + _ -}; {@code /} and {@code .} separate runs so
 * that paths, URLs and dotted names are judged piece by piece).
 *
 * <p>A candidate is not a token when it is a digest named as such: a digest label
 * ({@code md5}, {@code sha1}, {@code sha256}, {@code sha-512}, {@code sha3}, {@code blake2b},
 * {@code digest}, {@code checksum}, {@code fingerprint}, {@code etag}, {@code integrity},
 * {@code hash:}) at most four short words before it — {@code MD5 (app.tar.gz) = …},
 * {@code sha256sum of the jar is …}, an SSH fingerprint {@code SHA256:…} (its base64 pieces
 * around a {@code /} too) — or a subresource-integrity value {@code sha512-…}. A named hex digest
 * has a digest length (32, 40, 56, 64, 96 or 128 digits), a named base64 one at most 128
 * characters. An unnamed 40-hex run is a git commit id, which evidence summaries need to cite.
 * Any other hex run (32-hex API keys, unlabelled 64-hex {@code openssl rand -hex 32} output) is
 * refused. Accepted risk: a 40-hex secret (an old-style GitHub OAuth token) passes as a commit id,
 * and a secret written right after a digest label passes as that digest.
 *
 * <p>Any other candidate is a token when it looks random rather than made of words: it mixes
 * letters and digits, its Shannon entropy is at least {@value #MIN_BITS_PER_CHAR} bits per
 * character, and less than {@value #MAX_WORD_SHARE} of it is covered by word-like stretches
 * ({@code Word}, {@code word}: three or more lower-case letters, optionally capitalised). Measured
 * on random base64url strings, this catches about 95% of 32-character and more of longer tokens,
 * while long identifiers ({@code domainNeverReadsTheClockRandomnessOrEnvironment},
 * {@code AbstractSingletonProxyFactoryBean2Impl_v3Handler}), UUIDs and relative paths pass.
 *
 * <p>Hex pieces joined by dashes are judged as hex runs, piece by piece. A base64 run that decodes to
 * readable text ({@link Base64Text}) is judged as that text, not as a token: base64 of a sentence
 * passes, base64 of a secret is still refused.
 */
final class RandomTokens {
    static final int MIN_LENGTH = 32;
    static final double MIN_BITS_PER_CHAR = 4.0;
    static final double MAX_WORD_SHARE = 0.4;

    private static final Pattern CANDIDATE = Pattern.compile("[A-Za-z0-9+_-]{" + MIN_LENGTH + ",}");
    private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]+");
    private static final Pattern DASHED_HEX = Pattern.compile("-?[0-9a-fA-F]+(?:-[0-9a-fA-F]*)+");
    private static final Pattern UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern DIGEST_LABEL = Pattern.compile("(?i)(?<![a-z0-9])(?:md5|sha-?(?:1|224|256|384|512)"
            + "|sha3(?:-\\d{3})?|blake2[bs]?|digest|checksum|fingerprint|etag|integrity|hash(?=\\s*[:=]))[a-z0-9]{0,4}"
            + "(?:[\\s:=(),\"'`]{1,4}[\\w.+-]{1,24}){0,4}?[\\s:=(),\"'`-]{1,4}(?:[A-Za-z0-9+=]{1,88}/){0,6}$");
    private static final Pattern INTEGRITY = Pattern.compile("(?i)sha(?:256|384|512)-[A-Za-z0-9+_-]+");
    private static final Set<Integer> HEX_DIGEST_LENGTHS = Set.of(32, 40, 56, 64, 96, 128);
    private static final int MAX_BASE64_DIGEST_LENGTH = 128;
    private static final int LABEL_WINDOW = 120;
    private static final Pattern WORD = Pattern.compile("[A-Z]?[a-z]{3,}");
    private static final int GIT_COMMIT_ID_LENGTH = 40;

    private RandomTokens() {}

    /** Whether the text holds a long random token; base64 of readable text is judged as nothing. */
    static boolean occursIn(String text) {
        return occursIn(text, decoded -> false);
    }

    /**
     * Whether the text holds a long random token. A base64 run that decodes to readable text is not
     * a token; its decoded text is judged by {@code decodedIsPrivate} instead (so base64 of a
     * secret or a transcript is still found).
     */
    static boolean occursIn(String text, Predicate<String> decodedIsPrivate) {
        Matcher candidates = CANDIDATE.matcher(text);
        Base64Text.Run judged = new Base64Text.Run(0, 0, Optional.empty());
        while (candidates.find()) {
            String candidate = candidates.group();
            String before = text.substring(Math.max(0, candidates.start() - LABEL_WINDOW), candidates.start());
            if (!isToken(candidate, before)) {
                continue;
            }
            if (HEX.matcher(candidate).matches()) {
                return true;
            }
            if (judged.contains(candidates.start())) {
                if (judged.readable().isEmpty()) {
                    return true;
                }
                continue; // a piece of a run already judged as readable text
            }
            judged = Base64Text.around(text, candidates.start(), candidates.end());
            if (judged.readable().isEmpty()
                    || decodedIsPrivate.test(judged.readable().get())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isToken(String candidate, String before) {
        boolean hex = HEX.matcher(candidate).matches();
        if (hex && candidate.length() == GIT_COMMIT_ID_LENGTH || isNamedDigest(candidate, hex, before)) {
            return false;
        }
        if (hex) {
            return true;
        }
        if (UUID.matcher(candidate).matches()) {
            return false;
        }
        if (DASHED_HEX.matcher(candidate).matches()) {
            return hasLongHexPiece(candidate);
        }
        return mixesLettersAndDigits(candidate)
                && entropyBitsPerChar(candidate) >= MIN_BITS_PER_CHAR
                && wordShare(candidate) < MAX_WORD_SHARE;
    }

    /**
     * Hex pieces joined by dashes ({@code v1.0-<24 hex>-<146 hex>}, a Cloudflare origin CA key) are
     * judged piece by piece like a hex run: their entropy can never reach the base64 threshold.
     */
    private static boolean hasLongHexPiece(String candidate) {
        for (String piece : candidate.split("-")) {
            if (piece.length() >= MIN_LENGTH && piece.length() != GIT_COMMIT_ID_LENGTH) {
                return true;
            }
        }
        return false;
    }

    private static boolean isNamedDigest(String candidate, boolean hex, String before) {
        if (INTEGRITY.matcher(candidate).matches()) {
            return candidate.length() <= MAX_BASE64_DIGEST_LENGTH + 8;
        }
        boolean digestLength =
                hex ? HEX_DIGEST_LENGTHS.contains(candidate.length()) : candidate.length() <= MAX_BASE64_DIGEST_LENGTH;
        return digestLength && DIGEST_LABEL.matcher(before).find();
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
