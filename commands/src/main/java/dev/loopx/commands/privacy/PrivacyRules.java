package dev.loopx.commands.privacy;

import dev.loopx.commands.privacy.PublicTextViolation.Reason;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one rule table of the privacy guard (SPEC §S14): every family of private text that
 * {@link PublicText} refuses, by name, in the order they are tried (the first match wins). The
 * credential families follow the rule families of public secret scanners (gitleaks, trufflehog,
 * detect-secrets, GitHub secret scanning): provider tokens by their documented prefix and shape,
 * webhook URLs, connection strings, private key files, secret-named assignments and credentials
 * in URLs. Then long random tokens ({@link RandomTokens}), transcripts and tool output dumps, and
 * absolute local paths ({@link LocalPath}, shared with the read-side redactor).
 *
 * <p>Each pattern family names the lower-case keywords of which at least one must occur before
 * its expression runs (the scanners' keyword pre-filter), so a typical text costs one lower-casing
 * and a few substring searches. Every expression is linear: no nested unbounded quantifiers, and
 * look-arounds are bounded.
 *
 * <p>Fake-but-well-formed values match too: the guard cannot tell a test key from a live one, and
 * neither belongs in an append-only public ledger. Values that are clearly not secrets do not count
 * after a secret-named key: nothing, an empty string, an environment or template reference
 * ({@code $API_KEY}, {@code ${TOKEN}}, {@code %TOKEN%}, {@code {{ secrets.X }}}), a placeholder ({@code <token>},
 * {@code ***}, {@code xxx}, {@code ...}, {@code your_key}, {@code redacted}, {@code changeme}), a
 * literal ({@code null}, {@code none}, {@code true}, {@code false}) or a comparison
 * ({@code password == null}).
 */
final class PrivacyRules {
    /** What a detector looks at: the text, its lower-case form and its lines, each computed once. */
    static final class Subject {
        final String text;
        final String lower;
        private List<String> lines;

        Subject(String text) {
            this.text = text;
            this.lower = text.toLowerCase(Locale.ROOT);
        }

        List<String> lines() {
            if (lines == null) {
                lines = text.lines().toList();
            }
            return lines;
        }
    }

    /** One family: its name (used by tests and docs, never shown with a value), its reason and how it is found. */
    record Family(String name, Reason reason, Predicate<Subject> detector) {
        boolean occursIn(Subject subject) {
            return detector.test(subject);
        }
    }

    // ------------------------------------------------------------------ shared pieces

    /** Not part of a longer word or token on the left. */
    private static final String B = "(?<![A-Za-z0-9_])";
    /** Not followed by more token characters. */
    private static final String E = "(?![A-Za-z0-9_])";

    /** Values that are not secrets: references, placeholders and literals. */
    static final String NOT_A_VALUE = "(?!\\$|=|%\\(|%s\\b|%\\w{1,64}%|\\{\\{|<[^>\\n]{1,40}>|\\*{3}|(?i:x{3})|\\.{3}|…"
            + "|(?i:your[_-]|redacted|changeme|placeholder|example\\b|null\\b|none\\b|nil\\b|true\\b|false\\b"
            + "|undefined\\b|value\\b|required\\b|optional\\b|string\\b|os\\.environ|process\\.env|getenv|env\\(|secrets\\.|!vault))";

    /** A value after {@code =} with nothing in between (an environment or query assignment). */
    private static final String ATTACHED_VALUE = "=[\"']?" + NOT_A_VALUE + "[^\\s\"'`,;=)&]";

    /**
     * Technical words with digits that name a format or a quantity, not a value ({@code Token:
     * base64-encoded}, {@code secret: sha256 of the body}, {@code Session token: 15min TTL}).
     */
    private static final String NOT_A_FORMAT = "(?!(?i:base\\d\\d|sha-?\\d{1,3}|md5|utf-?(?:8|16)|crc32|aes-?\\d{3}"
            + "|rsa-?\\d{4}|[hre]s\\d{3}|u?int\\d\\d|argon2\\w{0,2}|v\\d{1,2}|\\d{1,6}(?:ms|s|min|h|d|w|k|kb|mb|gb))"
            + "(?:-[a-z]+)?(?:[\\s,;.)]|$))";

    /** A quoted value, or an unquoted one that contains a digit or symbol (so it is not an English word). */
    static final String STRONG_VALUE = "(?:[\"']" + NOT_A_VALUE + "[^\\s\"']|" + NOT_A_VALUE + NOT_A_FORMAT
            + "(?=[^\\s\"'`,;]{0,200}?[0-9!@#%^&*+/=_~-])[^\\s\"'`,;]{4,})";

    /**
     * A value after an unambiguous key and {@code :} or a spaced {@code =}: quoted, or containing a
     * digit or symbol, or a single word that ends the line ({@code db_password: hunter}), so that
     * prose ({@code the X-Api-Key: header is checked}) is not a value.
     */
    private static final String ANY_VALUE = "(?:[\"']" + NOT_A_VALUE + "[^\\s\"']|" + NOT_A_VALUE
            + "(?:(?=[^\\s\"'`,;]{0,200}?[0-9!@#%^&*+/=_~-])[^\\s\"'`,;]{4,}|[^\\s\"'`,;<>]{4,200}[ \\t]*(?:$|[\\r\\n,;}])))";

    /** A credential after an HTTP scheme word: not a placeholder, and not an English word. */
    private static final String HTTP_VALUE =
            NOT_A_VALUE + "(?=[^\\s\"']{0,300}?(?:[0-9+/=_~.-]|[a-z][A-Z]))[^\\s\"']{8,}";

    /** Key names that mean a secret wherever they appear. */
    private static final String STRONG_KEY = "(?:api[_-]?(?:key|secret|token)|apikey|access[_-]?key(?:[_-]?id)?"
            + "|secret[_-]?(?:access[_-]?)?key|client[_-]?secret|private[_-]?key|account[_-]?key"
            + "|auth[_-]?token|access[_-]?token|refresh[_-]?token|id[_-]?token|session[_-]?(?:token|secret)"
            + "|bot[_-]?token|app[_-]?secret|consumer[_-]?secret|encryption[_-]?key|signing[_-]?(?:key|secret)"
            + "|master[_-]?key|webhook[_-]?secret|passwd|pwd|pgpassword|mysql[_-]?pwd|pass[_-]phrase"
            + "|application[_-]?key)";

    /** Key names that are also English words. */
    private static final String WEAK_KEY = "(?:password|passphrase|secret|token|pw)";

    /**
     * The last segment of a compound key ({@code DB_PASS}, {@code SMTP_PASSWORD}, {@code JWT_SECRET},
     * {@code GH_TOKEN}, {@code NPM_AUTH}): preceded by a letter or digit and {@code _} or {@code -}.
     */
    private static final String COMPOUND_TAIL =
            "(?<=[A-Za-z0-9][_-])(?i:pass(?:word|wd|phrase)?|pw|pwd|secret|token|auth|creds?|credentials)";

    private static final String KEY_END = "(?![A-Za-z0-9])[\"']?\\s*";

    // ------------------------------------------------------------------ the table

    static final List<Family> FAMILIES = List.of(
            // private key files
            pattern(
                    "private-key-block",
                    Reason.PRIVATE_KEY,
                    "-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----",
                    "private key"),
            pattern(
                    "putty-private-key",
                    Reason.PRIVATE_KEY,
                    "PuTTY-User-Key-File-\\d+\\s*:|(?m)^Private-Lines\\s*:\\s*\\d+",
                    "putty-user-key-file",
                    "private-lines"),
            pattern("age-secret-key", Reason.PRIVATE_KEY, "AGE-SECRET-KEY-1[0-9A-Z]{50,}", "age-secret-key-1"),
            // HTTP credentials
            pattern(
                    "http-authorization-header",
                    Reason.HTTP_CREDENTIAL,
                    "(?<![\\w-])(?i:(?:proxy-)?authorization)[\"']?\\s*[:=]\\s*[\"']?"
                            + "(?i:bearer|basic|token|digest|negotiate|bot|sso-key|apikey)\\s+" + HTTP_VALUE,
                    "authorization"),
            pattern(
                    "api-key-header",
                    Reason.HTTP_CREDENTIAL,
                    "(?<![\\w-])(?i:x-api-key|x-auth-token|x-access-token|private-token|x-goog-api-key"
                            + "|ocp-apim-subscription-key|x-figma-token|x-shopify-access-token)[\"']?\\s*[:=]\\s*[\"']?"
                            + HTTP_VALUE.replace("{8,}", "{12,}"),
                    "x-api-key",
                    "x-auth-token",
                    "x-access-token",
                    "private-token",
                    "x-goog-api-key",
                    "ocp-apim-subscription-key",
                    "x-figma-token",
                    "x-shopify-access-token"),
            validated(
                    "bearer-credential",
                    Reason.HTTP_CREDENTIAL,
                    "(?<![\\w-])(?i:bearer)\\s+" + NOT_A_VALUE + "[A-Za-z0-9._~+/-]{16,}",
                    PrivacyRules::hasDigit,
                    "bearer"),
            // credentials in URLs and connection strings
            pattern(
                    "url-credential",
                    Reason.URL_CREDENTIAL,
                    "(?i:\\b[a-z][a-z0-9+.-]{1,20}://)[^\\s/@:\"'<>]{0,100}:"
                            + "(?![<$*{%]|(?i:pass(?:word)?|secret|pw|pwd|token)@)[^\\s/@\"'<>]{1,200}@",
                    "://"),
            pattern(
                    "jdbc-password",
                    Reason.URL_CREDENTIAL,
                    "(?i:jdbc:[a-z0-9]+:)[^\\s]{0,200}?[;?&](?i:password|pwd)=" + NOT_A_VALUE + "[^\\s;&]",
                    "jdbc:"),
            pattern(
                    "azure-connection-string",
                    Reason.SECRET_ASSIGNMENT,
                    "(?<![A-Za-z0-9])(?i:sharedaccesskey|accountkey|primarykey|secondarykey|sharedaccesssignature)\\s*=\\s*"
                            + NOT_A_VALUE + "[A-Za-z0-9+/%]{20,}"
                            + "|[?&]sig=[A-Za-z0-9%+/]{20,}",
                    "sharedaccesskey",
                    "accountkey",
                    "primarykey",
                    "secondarykey",
                    "sharedaccesssignature",
                    "sig="),
            pattern(
                    "azure-ad-client-secret",
                    Reason.PROVIDER_KEY,
                    "(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])",
                    "q~"),
            pattern(
                    "webhook-url",
                    Reason.WEBHOOK_URL,
                    "(?i:hooks\\.slack\\.com/(?:services|workflows|triggers)/)[A-Za-z0-9_/+-]{20,}"
                            + "|(?i:discord(?:app)?\\.com/api/webhooks/)\\d{5,}/[\\w-]{20,}"
                            + "|(?i:\\.webhook\\.office\\.com/webhookb2/)[\\w@./-]{20,}",
                    "hooks.slack.com",
                    "/api/webhooks/",
                    "webhook.office.com"),
            // provider tokens, by documented prefix
            validated(
                    "openai-anthropic-key",
                    Reason.PROVIDER_KEY,
                    "(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{20,}",
                    PrivacyRules::hasDigit,
                    "sk-"),
            pattern(
                    "github-token",
                    Reason.PROVIDER_KEY,
                    B + "gh[pousr]_[A-Za-z0-9]{30,}|" + B + "github_pat_[A-Za-z0-9_]{22,}",
                    "ghp_",
                    "gho_",
                    "ghu_",
                    "ghs_",
                    "ghr_",
                    "github_pat_"),
            pattern(
                    "gitlab-token",
                    Reason.PROVIDER_KEY,
                    "(?<![A-Za-z0-9])(?:glpat|gldt|glrt|glptt|glcbt|glft|glimt|glagent|gloas|glsoat|glffct|glwt)"
                            + "-[A-Za-z0-9_-]{20,}|" + B + "GR1348941[A-Za-z0-9_-]{20,}",
                    "glpat-",
                    "gldt-",
                    "glrt-",
                    "glptt-",
                    "glcbt-",
                    "glft-",
                    "glimt-",
                    "glagent-",
                    "gloas-",
                    "glsoat-",
                    "glffct-",
                    "glwt-",
                    "gr1348941"),
            pattern(
                    "aws-access-key-id",
                    Reason.PROVIDER_KEY,
                    "(?<![A-Za-z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}"
                            + "(?![A-Za-z0-9])",
                    "akia",
                    "asia",
                    "agpa",
                    "aida",
                    "aroa",
                    "aipa",
                    "anpa",
                    "anva",
                    "abia",
                    "acca",
                    "a3t"),
            pattern(
                    "aws-secret-access-key",
                    Reason.PROVIDER_KEY,
                    "(?i:aws_?secret(?:_?access)?(?:_?key)?)[\"']?(?:\\s*(?:=|:|=>)\\s*|\\s+)[\"']?" + NOT_A_VALUE
                            + "[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])",
                    "aws"),
            pattern(
                    "slack-token",
                    Reason.PROVIDER_KEY,
                    "(?<![A-Za-z0-9])xox[abposre]-[A-Za-z0-9-]{10,}|(?<![A-Za-z0-9])xapp-\\d-[A-Za-z0-9-]{10,}",
                    "xox",
                    "xapp-"),
            pattern(
                    "google-credential",
                    Reason.PROVIDER_KEY,
                    "(?<![A-Za-z0-9])AIza[A-Za-z0-9_-]{35}|" + B + "GOCSPX-[A-Za-z0-9_-]{28}|" + B
                            + "ya29\\.[A-Za-z0-9_-]{30,}",
                    "aiza",
                    "gocspx-",
                    "ya29."),
            pattern(
                    "gcp-service-account",
                    Reason.PROVIDER_KEY,
                    "\"private_key_id\"\\s*:\\s*\"[0-9a-f]{16,}\"",
                    "private_key_id"),
            pattern(
                    "stripe-key",
                    Reason.PROVIDER_KEY,
                    B + "(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,}|" + B + "whsec_[A-Za-z0-9]{24,}",
                    "sk_live_",
                    "sk_test_",
                    "sk_prod_",
                    "rk_live_",
                    "rk_test_",
                    "rk_prod_",
                    "whsec_"),
            pattern("shopify-token", Reason.PROVIDER_KEY, B + "shp(?:at|ca|pa|ss|ua)_[a-fA-F0-9]{32}" + E, "shp"),
            pattern(
                    "square-token",
                    Reason.PROVIDER_KEY,
                    B + "sq0(?:atp|csp|idp)-[A-Za-z0-9_-]{22,}|" + B + "EAAA[A-Za-z0-9_-]{60,}",
                    "sq0",
                    "eaaa"),
            pattern("twilio-api-key", Reason.PROVIDER_KEY, "(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])", "sk"),
            pattern(
                    "npm-token",
                    Reason.PROVIDER_KEY,
                    B + "npm_[A-Za-z0-9]{36}" + E + "|(?i:_authToken)\\s*=\\s*" + NOT_A_VALUE + "[^\\s\"']{8,}",
                    "npm_",
                    "_authtoken"),
            pattern(
                    "sendgrid-key",
                    Reason.PROVIDER_KEY,
                    "(?<![A-Za-z0-9])SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}",
                    "sg."),
            pattern(
                    "mailgun-mailchimp-key",
                    Reason.PROVIDER_KEY,
                    B + "key-[0-9a-f]{32}" + E + "|" + B + "[0-9a-f]{32}-us\\d{1,2}" + E,
                    "key-",
                    "-us"),
            pattern("huggingface-token", Reason.PROVIDER_KEY, B + "hf_[A-Za-z]{30,}" + E, "hf_"),
            pattern(
                    "digitalocean-token",
                    Reason.PROVIDER_KEY,
                    B + "do[opr]_v1_[a-f0-9]{64}" + E,
                    "dop_v1_",
                    "doo_v1_",
                    "dor_v1_"),
            pattern("pypi-token", Reason.PROVIDER_KEY, "pypi-AgE[A-Za-z0-9_-]{50,}", "pypi-age"),
            pattern("docker-hub-token", Reason.PROVIDER_KEY, B + "dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}", "dckr_"),
            pattern("telegram-bot-token", Reason.PROVIDER_KEY, "(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{32,}", ":aa"),
            pattern(
                    "hashicorp-token",
                    Reason.PROVIDER_KEY,
                    B + "hv[sb]\\.[A-Za-z0-9_-]{24,}|[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,}",
                    "hvs.",
                    "hvb.",
                    "atlasv1"),
            pattern(
                    "saas-api-token",
                    Reason.PROVIDER_KEY,
                    B + "(?:dapi[a-f0-9]{32}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}"
                            + "|sntry[su]_[A-Za-z0-9+/=_]{40,}|lin_api_[A-Za-z0-9]{40}|PMAK-[a-f0-9]{24}-[a-f0-9]{34}"
                            + "|NRAK-[A-Z0-9]{27}|ATATT3[A-Za-z0-9_=-]{100,}|pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,}"
                            + "|dp\\.(?:pt|st|ct|sa|scim|audit)\\.[A-Za-z0-9]{40,}|pul-[a-f0-9]{40}|sbp_[a-f0-9]{40}"
                            + "|fo1_[A-Za-z0-9_-]{43}|HRKU-[A-Za-z0-9_-]{60}|rubygems_[a-f0-9]{48}|sk\\.eyJ[A-Za-z0-9_-]{50,}\\.[A-Za-z0-9_-]{20,}"
                            + "|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}|CFPAT-[A-Za-z0-9_-]{43}|sgp_[a-f0-9]{16,}_?[a-f0-9]{40}"
                            + "|dt0c01\\.[A-Z0-9]{24}\\.[A-Z0-9]{64}|shippo_(?:live|test)_[a-f0-9]{40}"
                            + "|FLWSECK(?:_TEST)?-[a-h0-9]{32}-X|oy2[a-z0-9]{43})",
                    "dapi",
                    "glsa_",
                    "glc_",
                    "sntry",
                    "lin_api_",
                    "pmak-",
                    "nrak-",
                    "atatt3",
                    "pscale_",
                    "dp.",
                    "pul-",
                    "sbp_",
                    "fo1_",
                    "hrku-",
                    "rubygems_",
                    "sk.eyj",
                    "xkeysib-",
                    "cfpat-",
                    "sgp_",
                    "dt0c01.",
                    "shippo_",
                    "flwseck",
                    "oy2"),
            ScannerFamilies.cloudProviderKey(),
            ScannerFamilies.registryToken(),
            ScannerFamilies.vaultLegacyToken(),
            pattern(
                    "discord-bot-token",
                    Reason.PROVIDER_KEY,
                    "(?<![A-Za-z0-9_-])[MN][A-Za-z0-9_-]{23,27}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}(?![A-Za-z0-9_-])",
                    "."),
            pattern(
                    "jwt",
                    Reason.JWT,
                    "(?<![\\w-])eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*",
                    "eyj"),
            // secret-named assignments
            pattern(
                    "netrc-password",
                    Reason.SECRET_ASSIGNMENT,
                    "(?<![A-Za-z0-9])machine\\s+[^\\s]{1,200}\\s+(?:login\\s+[^\\s]{1,200}\\s+)?password\\s+"
                            + NOT_A_VALUE + "[^\\s]",
                    "machine"),
            pattern(
                    "compound-secret-assignment",
                    Reason.SECRET_ASSIGNMENT,
                    COMPOUND_TAIL + KEY_END + "(?:" + ATTACHED_VALUE + "|(?::=|=>|=|:)\\s*" + ANY_VALUE + ")"
                            + "|(?<![A-Za-z0-9_-])(?:PASS|PW|PWD)" + ATTACHED_VALUE,
                    "pass",
                    "pw",
                    "secret",
                    "token",
                    "auth",
                    "cred"),
            pattern(
                    "strong-key-assignment",
                    Reason.SECRET_ASSIGNMENT,
                    "(?i)(?<![a-z0-9])" + STRONG_KEY + KEY_END + "(?::=|=>|=|:)\\s*" + ANY_VALUE,
                    "key",
                    "secret",
                    "token",
                    "passwd",
                    "pwd",
                    "pgpassword"),
            pattern(
                    "weak-key-assignment",
                    Reason.SECRET_ASSIGNMENT,
                    "(?i)(?<![a-z0-9])" + WEAK_KEY + KEY_END + "(?:" + ATTACHED_VALUE + "|(?::=|=>|=|:)\\s*"
                            + STRONG_VALUE + ")",
                    "password",
                    "passphrase",
                    "secret",
                    "token",
                    "pw"),
            validated(
                    "password-in-prose",
                    Reason.SECRET_ASSIGNMENT,
                    "(?i)(?<![a-z0-9_-])(?:pass|password|passwd|pw)\\s+(?:is\\s+)?" + NOT_A_VALUE
                            + "[^\\s\"'`,;()]{8,64}(?![^\\s,;)])",
                    PrivacyRules::looksLikeAPassword,
                    "pass",
                    "pw"),
            pattern(
                    "cli-credential-flag",
                    Reason.SECRET_ASSIGNMENT,
                    "(?<![\\w-])(?:-u|--user)\\s+[\"']?[^\\s:\"'$]{1,64}:(?![$<{*])[^\\s\"']{3,}"
                            + "|(?<![\\w-])(?:mysql|mysqldump|mysqladmin|mariadb)\\b[^\\n]{0,200}?\\s-p(?![\\s$])[^\\s]{3,}"
                            + "|(?<![\\w-])redis-cli\\b[^\\n]{0,200}?\\s-a\\s+(?![$<{-])[^\\s]{3,}"
                            + "|(?<![\\w-])--(?i:password|passwd|pass|token|api-key|apikey|secret|client-secret|auth-token"
                            + "|access-token)[ =](?![$<{*-])" + STRONG_VALUE,
                    "-u ",
                    "--user",
                    "mysql",
                    "mariadb",
                    "redis-cli",
                    "--pass",
                    "--token",
                    "--api",
                    "--secret",
                    "--client-secret",
                    "--auth-token",
                    "--access-token"),
            ScannerFamilies.camelCaseSecretAssignment(),
            ScannerFamilies.registryCredential(),
            ScannerFamilies.configSetSecret(),
            ScannerFamilies.loginCommandPassword(),
            ProseSecrets.proseSecret(),
            // unprefixed secrets
            new Family(
                    "random-token",
                    Reason.RANDOM_TOKEN,
                    s -> RandomTokens.occursIn(
                            s.text, decoded -> firstIn(decoded).isPresent())),
            // transcripts
            new Family("chat-role-turns", Reason.TRANSCRIPT, s -> Transcripts.chatTurns(s.lines())),
            new Family("chat-template-markers", Reason.TRANSCRIPT, Transcripts::templateMarkers),
            new Family("message-json", Reason.TRANSCRIPT, Transcripts::messageJson),
            new Family("agent-ui-session", Reason.TRANSCRIPT, s -> Transcripts.agentUi(s.lines())),
            // tool output
            new Family("shell-session", Reason.TOOL_OUTPUT, s -> Transcripts.shellSession(s.lines())),
            new Family(
                    "shell-history",
                    Reason.TOOL_OUTPUT,
                    s -> s.text.indexOf('\n') >= 0 && ShellHistory.shellHistory(s.lines())),
            new Family("stack-trace", Reason.TOOL_OUTPUT, s -> Transcripts.stackTrace(s.lines())),
            new Family("long-output", Reason.TOOL_OUTPUT, s -> s.lines().size() > PublicText.MAX_LINES),
            // local paths
            new Family("local-path", Reason.LOCAL_PATH, s -> LocalPath.occursIn(s.text)));

    private PrivacyRules() {}

    /** The first family found in the text, if any. */
    static Optional<Family> firstIn(String text) {
        return firstIn(text, family -> true);
    }

    /** The first of the families {@code considered} found in the text, if any. */
    static Optional<Family> firstIn(String text, Predicate<Family> considered) {
        Subject subject = new Subject(text);
        for (Family family : FAMILIES) {
            if (considered.test(family) && family.occursIn(subject)) {
                return Optional.of(family);
            }
        }
        return Optional.empty();
    }

    static Optional<Family> named(String name) {
        return FAMILIES.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** Every family's verdict on the text, for tests: which families see it. */
    static Set<String> allIn(String text) {
        Subject subject = new Subject(text);
        Set<String> found = new HashSet<>();
        for (Family family : FAMILIES) {
            if (family.occursIn(subject)) {
                found.add(family.name());
            }
        }
        return found;
    }

    static Family pattern(String name, Reason reason, String regex, String... keywords) {
        return validated(name, reason, regex, match -> true, keywords);
    }

    /**
     * A family whose expression finds candidates and whose validator decides on each one; used
     * instead of a look-ahead over the candidate so that repeated near-candidates stay linear.
     */
    static Family validated(String name, Reason reason, String regex, Predicate<String> validator, String... keywords) {
        LazyPattern compiled = new LazyPattern(regex);
        String[] lowerKeywords = new String[keywords.length]; // a loop, not a stream: built at every start
        for (int i = 0; i < keywords.length; i++) {
            lowerKeywords[i] = keywords[i].toLowerCase(Locale.ROOT);
        }
        return new Family(name, reason, subject -> {
            for (String keyword : lowerKeywords) {
                if (subject.lower.contains(keyword)) {
                    Matcher candidates = compiled.matcher(subject.text);
                    while (candidates.find()) {
                        if (validator.test(candidates.group())) {
                            return true;
                        }
                    }
                    return false;
                }
            }
            return false;
        });
    }

    /** A pass word next to {@code pass}: letters, digits and both cases, not a version or a target triple. */
    private static boolean looksLikeAPassword(String match) {
        String value = match.substring(match.lastIndexOf(' ') + 1);
        return hasDigit(value)
                && value.chars().anyMatch(Character::isUpperCase)
                && value.chars().anyMatch(Character::isLowerCase);
    }

    static boolean hasDigit(String s) {
        return s.chars().anyMatch(c -> c >= '0' && c <= '9');
    }

    /** Transcript and tool output shapes, judged line by line. */
    static final class Transcripts {
        static final int MIN_PROMPT_LINES = 3;

        private static final String ROLES = "user|human|me|you|system|developer|assistant|ai|gpt|chatgpt|claude"
                + "|codex|model|bot|gemini|copilot|cursor|bard|llama|mistral|agent";
        private static final Set<String> PERSON_OR_SYSTEM_ROLES =
                Set.of("user", "human", "me", "you", "system", "developer");
        /** A role as a line prefix: {@code User:}, {@code **User:**}, {@code > User:}, {@code [user]:}. */
        /** What may precede a role: a time stamp, an emoji, list, quote, heading or emphasis marks. */
        private static final String LINE_START = "^\\s*(?:\\[?\\d{1,2}:\\d{2}(?::\\d{2})?\\]?\\s*[-–]?\\s*)?"
                + "(?:[\\p{So}\\p{Sk}\\x{FE0F}]{1,3}\\s*)?(?:[*_#>-]+\\s*){0,3}";

        private static final LazyPattern ROLE_COLON = new LazyPattern(
                LINE_START + "\\[?(" + ROLES + ")\\]?[*_]*(?:\\s+(?:said|wrote|asked|replied|answered))?\\s*:",
                Pattern.CASE_INSENSITIVE);
        /** A role line on its own: {@code ### User}, {@code **Assistant**}, {@code [user]}, {@code user}. */
        private static final LazyPattern ROLE_ALONE = new LazyPattern(
                "^\\s*(?:#{1,6}\\s*|[*_]{1,2})?(" + ROLES + ")(?:[*_]{1,2})?\\s*:?\\s*$", Pattern.CASE_INSENSITIVE);
        /** {@code [user] text} and {@code [assistant] text}: a bracketed role then the turn. */
        private static final LazyPattern ROLE_BRACKET =
                new LazyPattern("^\\s*\\[(" + ROLES + ")\\]", Pattern.CASE_INSENSITIVE);

        private static final LazyPattern TEMPLATE_MARKER = new LazyPattern(
                "<\\|(?:im_start|im_end|im_sep|eot_id|start_header_id|end_header_id|begin_of_text|endoftext"
                        + "|system|user|assistant|end|eom_id)\\|>|\\[/?INST\\]|<</?SYS>>|<(?:start|end)_of_turn>");
        private static final LazyPattern ROLE_TAG = new LazyPattern("</?(user|human|system|assistant|model|ai)>");
        private static final LazyPattern TEMPLATE_ROLE = new LazyPattern(
                "(?:<\\|im_start\\|>|<\\|start_header_id\\|>|<start_of_turn>)\\s*(?:user|assistant|system|model)");

        private static final LazyPattern MESSAGE_ROLE = new LazyPattern(
                "\"(?:role|author|speaker|from)\"\\s*:\\s*\"(?:user|assistant|system|developer|tool|human|ai|model|gpt)\"",
                Pattern.CASE_INSENSITIVE);
        private static final LazyPattern MESSAGE_BODY = new LazyPattern("\"(?:content|parts|text|value)\"\\s*:");

        private static final LazyPattern AGENT_UI_LINE = new LazyPattern("^\\s*[⏺⎿✻●]\\s");

        private static final LazyPattern PROMPT_LINE = new LazyPattern(
                "^\\s*(?:\\$|%|>>>|❯|PS [^>\\n]{0,200}>|[\\w.-]{1,64}@[\\w.-]{1,64}:\\S{0,200}[$#])\\s+\\S");
        private static final LazyPattern STACK_FRAME =
                new LazyPattern("^\\s+at [\\w$.<>/]+\\(|^\\s*File \"[^\"\\n]{0,400}\", line \\d+");

        private Transcripts() {}

        /**
         * At least two lines that start a turn, among them a person or system role ({@code User},
         * {@code Human}, {@code Me}, {@code System}) and an assistant role ({@code Assistant},
         * {@code Claude}, {@code Codex}…). Requiring both sides keeps use-case prose ({@code User:
         * clicks / System: responds}), per-agent task lists ({@code Codex: implement / Claude:
         * review}) and a git config {@code [user]} section acceptable.
         */
        static boolean chatTurns(List<String> lines) {
            Set<String> roles = new HashSet<>();
            int roleLines = 0;
            for (String line : lines) {
                String role = roleOf(line);
                if (role != null) {
                    roles.add(role);
                    roleLines++;
                }
            }
            boolean personOrSystem = roles.stream().anyMatch(PERSON_OR_SYSTEM_ROLES::contains);
            boolean assistant = roles.stream().anyMatch(role -> !PERSON_OR_SYSTEM_ROLES.contains(role));
            return roleLines >= 2 && personOrSystem && assistant;
        }

        private static String roleOf(String line) {
            if (line.length() > 4_000) {
                return null;
            }
            for (LazyPattern shape : List.of(ROLE_COLON, ROLE_ALONE, ROLE_BRACKET)) {
                Matcher role = shape.matcher(line);
                if (role.find()) {
                    return role.group(1).toLowerCase(Locale.ROOT);
                }
            }
            return null;
        }

        /**
         * Two chat-template special tokens, or one that opens a role's turn, or XML role tags of
         * both sides ({@code <user>…</user><assistant>…</assistant>}).
         */
        static boolean templateMarkers(Subject s) {
            if (s.text.contains("</")) {
                Set<String> sides = new HashSet<>();
                Matcher tags = ROLE_TAG.matcher(s.text);
                while (tags.find() && sides.size() < 2) {
                    sides.add(PERSON_OR_SYSTEM_ROLES.contains(tags.group(1)) ? "person" : "assistant");
                }
                if (sides.size() == 2) {
                    return true;
                }
            }
            if (!s.text.contains("<|")
                    && !s.text.contains("[INST]")
                    && !s.text.contains("<<SYS>>")
                    && !s.text.contains("_of_turn>")) {
                return false;
            }
            Matcher markers = TEMPLATE_MARKER.matcher(s.text);
            int count = 0;
            while (markers.find()) {
                if (++count >= 2) {
                    return true;
                }
            }
            return TEMPLATE_ROLE.matcher(s.text).find();
        }

        /** A {@code "role": "user|assistant|…"} member next to a {@code "content"} member, even one message. */
        static boolean messageJson(Subject s) {
            return (s.lower.contains("\"role\"")
                            || s.lower.contains("\"author\"")
                            || s.lower.contains("\"speaker\"")
                            || s.lower.contains("\"from\""))
                    && MESSAGE_ROLE.matcher(s.text).find()
                    && MESSAGE_BODY.matcher(s.text).find();
        }

        /** An agent's terminal UI copied out: two lines that start with its tool or answer bullets. */
        static boolean agentUi(List<String> lines) {
            return count(lines, AGENT_UI_LINE) >= 2;
        }

        /** At least {@value #MIN_PROMPT_LINES} lines that start with a shell or REPL prompt. */
        static boolean shellSession(List<String> lines) {
            return count(lines, PROMPT_LINE) >= MIN_PROMPT_LINES;
        }

        /** At least {@value #MIN_PROMPT_LINES} Java or Python stack frames. */
        static boolean stackTrace(List<String> lines) {
            return count(lines, STACK_FRAME) >= MIN_PROMPT_LINES;
        }

        private static long count(List<String> lines, LazyPattern pattern) {
            long n = 0;
            for (String line : lines) {
                if (line.length() <= 4_000 && pattern.matcher(line).find()) {
                    n++;
                }
            }
            return n;
        }
    }
}
