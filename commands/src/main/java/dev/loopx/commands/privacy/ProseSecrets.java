package dev.loopx.commands.privacy;

import static dev.loopx.commands.privacy.PrivacyRules.NOT_A_VALUE;

import dev.loopx.commands.privacy.PrivacyRules.Family;
import dev.loopx.commands.privacy.PublicTextViolation.Reason;
import java.util.regex.Matcher;

/**
 * Secrets given in prose (issue 35), a family of the one table {@link PrivacyRules}: a secret word,
 * an optional qualifier and a connector, then a value that is quoted or looks like a secret rather
 * than a word. Shaped after detect-secrets' keyword plugin; the expressions are LoopX's own and
 * linear (bounded look-arounds and regions). Pure and thread-safe.
 */
final class ProseSecrets {
    private ProseSecrets() {}

    /** The words that name a secret in prose; a bare {@code key} only after a qualifier ({@code api key}). */
    private static final LazyPattern PROSE_WORD = new LazyPattern(
            "(?i)(?<![a-z0-9_-])(?:token|passw(?:or)?d|passphrase|passcode|pass|pwd?|secret|credentials?|key)");

    private static final LazyPattern KEY_QUALIFIER = new LazyPattern(
            "(?i)(?<![a-z0-9])(?:api|access|secret|private|license|encryption|signing|master|ssh|deploy)[ _-]?$");

    /** {@code use password …}, {@code with the token …}: a verb right before the word, then the value. */
    private static final LazyPattern VERB_BEFORE =
            new LazyPattern("(?i)(?<![a-z0-9_-])(?:use|with|enter|type|try)\\s+(?:the\\s+)?$");

    /** {@code for the admin account}, {@code of prod}, {@code on staging}: one short qualifier. */
    private static final String QUALIFIER = "(?:\\s+(?:for|of|on|to|in)\\s+(?:the\\s+|my\\s+|our\\s+|this\\s+)?"
            + "[\\w.@/-]{1,40}(?:\\s+(?:account|server|user|bot|box|db|database|channel|environment|env|instance"
            + "|cluster|runner|site|repo|vm|host))?)?";

    private static final String CONNECTOR = "(?:\\s*(?::|=|->)\\s*|\\s+(?:is|was|are|equals|should be|will be)"
            + "(?:\\s+(?:now|still|set to|just))?\\s+)";

    /** What follows the word: a qualifier, a connector (or only a space, after a verb), the value. */
    private static final LazyPattern AFTER_WORD = new LazyPattern(
            "(?i)s?" + QUALIFIER + "(?:" + CONNECTOR + "|(\\s+))([`\"']?)" + NOT_A_VALUE + "([^\\s`\"',;()<>]{6,128})");

    private static final int LOOK_BEHIND = 24;
    private static final int LOOK_AHEAD = 400;

    /**
     * A secret given in prose: {@code the token is …}, {@code my password was …}, {@code api key:
     * …}, {@code secret = …}, {@code pw for the admin account is …}, {@code use password … to log
     * in}. The value counts when it is quoted, or when it looks like a secret rather than a word
     * ({@link #looksLikeASecret}): {@code the token is valid for 7 days}, {@code password is at least
     * 12 characters}, {@code the token is 3600 seconds}, {@code Token: base64-encoded} are prose.
     * Each occurrence of a secret word is judged from where it ends, so a text costs one scan for
     * the words.
     */
    static Family proseSecret() {
        return new Family("prose-secret", Reason.SECRET_ASSIGNMENT, subject -> {
            if (!ScannerFamilies.containsAny(subject.lower, "key", "token", "pass", "pw", "secret", "credential")) {
                return false;
            }
            String text = subject.text;
            Matcher word = PROSE_WORD.matcher(text);
            Matcher after = AFTER_WORD.matcher(text).useTransparentBounds(true);
            while (word.find()) {
                String before = text.substring(Math.max(0, word.start() - LOOK_BEHIND), word.start());
                if (word.group().equalsIgnoreCase("key")
                        && !KEY_QUALIFIER.matcher(before).find()) {
                    continue;
                }
                after.region(word.end(), Math.min(text.length(), word.end() + LOOK_AHEAD));
                if (!after.lookingAt()
                        || after.group(1) != null
                                && !VERB_BEFORE.matcher(before).find()) {
                    continue;
                }
                String value = trimEnd(after.group(3));
                boolean quoted = !after.group(2).isEmpty();
                if (quoted ? value.length() >= 6 && !value.contains("*") : looksLikeASecret(value)) {
                    return true;
                }
            }
            return false;
        });
    }

    private static final LazyPattern VERSION = new LazyPattern("(?i)v?\\d+(?:\\.\\d+)+(?:[-+.][\\w.+-]*)?");
    private static final LazyPattern NUMBER_WITH_UNIT = new LazyPattern(
            "(?i)\\d+(?:[.,]\\d+)?(?:[a-z%]{0,3}|(?:day|hour|minute|second|week|month|year|byte|time|char|line|step)s?)");
    private static final LazyPattern DATE = new LazyPattern("\\d{4}-\\d{2}-\\d{2}(?:[T ][\\d:.]+Z?)?");
    /** Letter-and-digit words of engineering prose: {@code base64}, {@code SHA256}, {@code argon2id}, {@code 1Password}. */
    private static final LazyPattern TECH_WORD =
            new LazyPattern("(?i)(?:sha|md|base|utf|ucs|ipv|http|oauth|int|uint|float"
                    + "|aes|rsa|hs|rs|es|ps|ed|pkcs|x|v|rfc|iso|tls|ssl|crc|argon|bcrypt|scrypt|pbkdf|jwt|s|ec|h|k|p|rc|beta"
                    + "|alpha|gpt|win|arm|amd|i|jdk|java|node|python|py|mp|cp|e|n|m|t|c|l|ubuntu|debian|ecma|x86_|k8s|gcp|p)"
                    + "\\d{1,4}[a-z]{0,2}|\\d{1,4}(?:password|fa|k|m|g|ms|s|h|d|x|th|st|nd|rd|px|kb|mb|gb|am|pm)");

    private static final LazyPattern WORD = new LazyPattern("[A-Z]?[a-z]{3,}");

    /**
     * Whether an unquoted value after a secret's name in prose is a secret: at least 6 characters,
     * letters and digits in one piece that is not a version, a number with a unit, a date or a
     * technical word; or 16 characters and more that look random.
     */
    static boolean looksLikeASecret(String value) {
        if (value.length() < 6
                || VERSION.matcher(value).matches()
                || NUMBER_WITH_UNIT.matcher(value).matches()
                || DATE.matcher(value).matches()) {
            return false;
        }
        for (String piece : value.split("[-_.:/]")) {
            if (mixesLettersAndDigits(piece)
                    && !TECH_WORD.matcher(piece).matches()
                    && !VERSION.matcher(piece).matches()) {
                return true;
            }
        }
        return value.length() >= 16 && RandomTokens.entropyBitsPerChar(value) >= 3.5 && wordShare(value) < 0.3;
    }

    private static String trimEnd(String value) {
        int end = value.length();
        while (end > 0 && ".:!?".indexOf(value.charAt(end - 1)) >= 0 && end > 6) {
            end--;
        }
        return value.substring(0, end);
    }

    private static boolean mixesLettersAndDigits(String s) {
        return s.chars().anyMatch(Character::isDigit) && s.chars().anyMatch(Character::isLetter);
    }

    private static double wordShare(String s) {
        Matcher words = WORD.matcher(s);
        int covered = 0;
        while (words.find()) {
            covered += words.end() - words.start();
        }
        return (double) covered / s.length();
    }
}
