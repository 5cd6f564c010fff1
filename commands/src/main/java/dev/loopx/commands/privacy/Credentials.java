package dev.loopx.commands.privacy;

import dev.loopx.commands.privacy.PublicTextViolation.Reason;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Credentials with a recognisable shape (SPEC §S14). Each rule is a named pattern; the first one
 * that matches wins. Fake-but-well-formed values match too: the validator cannot tell a test key
 * from a live one, and neither belongs in an append-only public ledger.
 *
 * <p>Secret-named assignments ({@code api_key=…}, {@code password=…}, {@code "token": "…"}) need a
 * value; these do not count as one: nothing ({@code password=}), an empty string, an environment
 * reference ({@code $API_KEY}, {@code ${TOKEN}}), a placeholder ({@code <token>}, {@code ***},
 * {@code xxx}, {@code ...}, {@code your_key}, {@code redacted}, {@code null}, {@code none}), or a
 * comparison ({@code password == null}). The words {@code password}, {@code secret}, {@code token}
 * and {@code passphrase} are also ordinary English, so after a colon they count only when the value
 * is quoted or contains a digit or symbol ({@code password: hunter2} is refused,
 * {@code Password: required for login} is not); unambiguous key names ({@code api_key},
 * {@code client_secret}, {@code access_token}, {@code passwd}…) count after {@code =} or {@code :}.
 */
final class Credentials {
    private static final String STRONG_KEY = "(?:api[_-]?key|apikey|access[_-]?key(?:[_-]?id)?|secret[_-]?key"
            + "|client[_-]?secret|private[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token"
            + "|id[_-]?token|session[_-]?token|passwd|pwd)";
    private static final String WEAK_KEY = "(?:password|passphrase|secret|token)";
    private static final String KEY_START = "(?<![a-z0-9])";
    private static final String KEY_END = "[\"']?\\s*";
    private static final String NOT_A_VALUE =
            "(?!\\$\\{?[a-z_]|<[^>\\n]{1,40}>|\\*{3}|x{3}|\\.{3}|…|your[_-]|redacted|null\\b|none\\b)";
    private static final String VALUE_START = "[\"']?" + NOT_A_VALUE + "[^\\s\"'`,;=)]";

    private record Rule(Reason reason, Pattern pattern) {}

    private static final List<Rule> RULES = List.of(
            rule(Reason.PRIVATE_KEY, "-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"),
            rule(
                    Reason.HTTP_CREDENTIAL,
                    "(?i)(?<![\\w-])(?:proxy-)?authorization[\"']?\\s*[:=]\\s*[\"']?"
                            + "(?:bearer|basic|token|digest|negotiate)\\s+[^\\s\"']{8,}"),
            rule(Reason.HTTP_CREDENTIAL, "(?i)(?<![\\w-])bearer\\s+(?=\\S*\\d)[A-Za-z0-9._~+/-]{16,}"),
            rule(Reason.URL_CREDENTIAL, "(?i)\\b[a-z][a-z0-9+.-]*://[^\\s/@:]+:[^\\s/@]+@"),
            rule(Reason.JWT, "(?<![\\w-])eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*"),
            rule(
                    Reason.PROVIDER_KEY,
                    "(?<![A-Za-z0-9])sk-(?=[A-Za-z0-9_-]*\\d)[A-Za-z0-9_-]{20,}"
                            + "|(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{30,}"
                            + "|(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{22,}"
                            + "|(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])"
                            + "|(?<![A-Za-z0-9])xox[abpr]-[A-Za-z0-9-]{10,}"
                            + "|(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{20,}"
                            + "|(?<![A-Za-z0-9])AIza[A-Za-z0-9_-]{35}"),
            rule(
                    Reason.SECRET_ASSIGNMENT,
                    "(?i)" + KEY_START + "(?:" + STRONG_KEY + "|" + WEAK_KEY + ")" + KEY_END + "=\\s*" + VALUE_START),
            rule(Reason.SECRET_ASSIGNMENT, "(?i)" + KEY_START + STRONG_KEY + KEY_END + ":\\s*" + VALUE_START),
            rule(
                    Reason.SECRET_ASSIGNMENT,
                    "(?i)" + KEY_START + WEAK_KEY + KEY_END + ":\\s*(?:[\"']" + NOT_A_VALUE + "[^\\s\"']|" + NOT_A_VALUE
                            + "(?=[^\\s]*[0-9!@#$%^&*])[^\\s\"'`,;]{4,})"));

    private Credentials() {}

    static Optional<Reason> find(String text) {
        return RULES.stream()
                .filter(rule -> rule.pattern().matcher(text).find())
                .map(Rule::reason)
                .findFirst();
    }

    private static Rule rule(Reason reason, String regex) {
        return new Rule(reason, Pattern.compile(regex));
    }
}
