package dev.loopx.commands.privacy;

import static dev.loopx.commands.privacy.PrivacyRules.NOT_A_VALUE;
import static dev.loopx.commands.privacy.PrivacyRules.pattern;
import static dev.loopx.commands.privacy.PrivacyRules.validated;

import dev.loopx.commands.privacy.PrivacyRules.Family;
import dev.loopx.commands.privacy.PublicTextViolation.Reason;
import java.util.List;

/**
 * The rule families of issue 35, part of the one table {@link PrivacyRules}: what the well-known
 * secret scanners find beyond the big three clouds — access keys of other cloud providers,
 * package-registry publish credentials and passwords on log-in command lines ({@link ProseSecrets}
 * and {@link ShellHistory} hold the other two: secrets given in prose, numbered shell history). The shapes follow gitleaks' rules, trufflehog's detectors and detect-secrets'
 * plugins; the expressions are LoopX's own. Every expression is linear (bounded look-arounds, no
 * nested unbounded quantifiers) and behind a keyword pre-filter.
 */
final class ScannerFamilies {
    private static final String B = "(?<![A-Za-z0-9_])";
    private static final String E = "(?![A-Za-z0-9_])";

    private ScannerFamilies() {}

    /**
     * Access keys of cloud providers beyond the big three, by documented prefix: Alibaba
     * {@code LTAI…}, Tencent {@code AKID…}, Scaleway {@code SCW…}, DigitalOcean Spaces {@code DO00…},
     * Exoscale {@code EXO…}, Yandex {@code AQVN…}, Akamai {@code akab-…}, 1Password secret keys
     * {@code A3-…}, Backblaze B2 {@code K00N…}, Cloudflare origin CA keys {@code v1.0-…}, OpenShift
     * {@code sha256~…}, AWS Bedrock {@code ABSK…}, 1Password service accounts {@code ops_eyJ…}.
     */
    static Family cloudProviderKey() {
        return pattern(
                "cloud-provider-key",
                Reason.PROVIDER_KEY,
                B + "(?:LTAI[A-Za-z0-9]{12,20}|AKID[A-Za-z0-9]{32}|SCW[A-Z0-9]{17}|DO00[A-Z0-9]{16}"
                        + "|EXO[a-f0-9]{24}|AQVN[A-Za-z0-9_-]{35,38}|akab-[a-z0-9]{16}-[a-z0-9]{16}"
                        + "|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})"
                        + E
                        + "|" + B + "K00\\d[A-Za-z0-9+/]{27}(?![A-Za-z0-9+/])"
                        + "|" + B + "v1\\.0-[a-f0-9]{24}-[a-f0-9]{100,}"
                        + "|" + B + "sha256~[A-Za-z0-9_-]{43}"
                        + "|" + B + "ABSK[A-Za-z0-9+/]{100,}"
                        + "|" + B + "ops_eyJ[A-Za-z0-9+/]{200,}",
                "ltai",
                "akid",
                "scw",
                "do00",
                "exo",
                "aqvn",
                "akab-",
                "a3-",
                "k00",
                "v1.0-",
                "sha256~",
                "absk",
                "ops_eyj");
    }

    /**
     * Package-registry publish tokens by prefix: crates.io {@code cio…}, JFrog {@code AKCp…} and
     * reference tokens, Clojars (npm, PyPI, RubyGems, NuGet, Docker Hub and GitHub have their own
     * families).
     */
    static Family registryToken() {
        return pattern(
                "registry-token",
                Reason.PROVIDER_KEY,
                B + "(?:cio[A-Za-z0-9]{32}|AKCp[A-Za-z0-9]{69}|cmVmdGtu[A-Za-z0-9]{56}|CLOJARS_[a-z0-9]{60})" + E,
                "cio",
                "akcp",
                "cmvmdgtu",
                "clojars_");
    }

    /** A Vault service token of the old {@code s.} + 24 shape, with a digit (so not a dotted word). */
    static Family vaultLegacyToken() {
        return validated(
                "vault-legacy-token",
                Reason.PROVIDER_KEY,
                "(?<![\\w.])s\\.[A-Za-z0-9]{24}(?![\\w.])",
                PrivacyRules::hasDigit,
                "s.");
    }

    /**
     * Registry and tool credentials written in their own files and command lines: npm's
     * {@code _auth}/{@code _password}, a Docker {@code config.json} {@code "auth"}, a password
     * element ({@code <password>…</password>} in Maven's settings), NuGet's {@code <add
     * key="ClearTextPassword" value="…"/>}, {@code config set KEY VALUE} of package managers and
     * cloud CLIs, log-in commands with a password option, {@code sqlplus user/password@db}.
     * (This one: the file shapes.)
     */
    static Family registryCredential() {
        return shapes(
                "registry-credential",
                Reason.SECRET_ASSIGNMENT,
                shape(
                        "(?<![A-Za-z0-9])_(?:auth|password)[\"']?\\s*[=:]\\s*[\"']?" + NOT_A_VALUE
                                + "[A-Za-z0-9+/=]{8,}",
                        "_auth",
                        "_password"),
                shape(
                        "\"(?:auth|identitytoken)\"\\s*:\\s*\"[A-Za-z0-9+/]{12,}={0,2}\"",
                        "\"auth\"",
                        "\"identitytoken\""),
                shape(
                        "<(?i:password|passphrase|secret|token|api[_-]?key|private[_-]?key)>" + NOT_A_VALUE
                                + "[^<\\s]{3,}</",
                        "<password>",
                        "<passphrase>",
                        "<secret>",
                        "<token>",
                        "<api",
                        "<private"),
                shape(
                        "(?i:key)\\s*=\\s*\"[\\w.:-]{0,40}?(?i:pass(?:word)?|secret|token|api[_-]?key)\"\\s+(?i:value)"
                                + "\\s*=\\s*\"" + NOT_A_VALUE + "[^\"\\s]{3,}\"",
                        "<add"));
    }

    /**
     * A camel-case key ending in a secret word ({@code ossrhPassword=}, {@code npmAuthToken:},
     * {@code signingInMemoryKeyPassword=}, {@code clientSecret:}) with an attached value, or a
     * quoted one, or one with a digit or symbol. The capitalised word is looked for as written, so
     * a text without one costs a few substring searches.
     */
    static Family camelCaseSecretAssignment() {
        List<String> words =
                List.of("Password", "Passwd", "Passphrase", "Secret", "Token", "AuthIdent", "ApiKey", "Cred");
        LazyPattern assignment =
                new LazyPattern("(?<=[a-z0-9])(?:Password|Passwd|Passphrase|Secret|Token|AuthIdent|ApiKey"
                        + "|Creds?|Credentials)(?![A-Za-z0-9])[\"']?\\s*(?:=[\"']?" + NOT_A_VALUE + "[^\\s\"'`,;=)&]"
                        + "|(?::=|=>|=|:)\\s*" + PrivacyRules.STRONG_VALUE + ")");
        return new Family("camel-case-secret-assignment", Reason.SECRET_ASSIGNMENT, subject -> {
            for (String word : words) {
                if (subject.text.contains(word)) {
                    return assignment.matcher(subject.text).find();
                }
            }
            return false;
        });
    }

    /** {@code npm|yarn|poetry|aliyun|tccli config[ure] [set] KEY VALUE} where KEY names a secret and VALUE looks like one. */
    static Family configSetSecret() {
        return validated(
                "config-set-secret",
                Reason.SECRET_ASSIGNMENT,
                "(?i)\\bconfig(?:ure)?\\s+(?:set\\s+)?(?:--global\\s+)?[\\w./:@-]{0,80}?"
                        + "(?:secret|password|passwd|token|api[_-]?key|apikey|_auth)[\\w.-]{0,20}\\s+[\"']?"
                        + NOT_A_VALUE + "[^\\s\"']{6,}",
                ScannerFamilies::endsInASecretValue,
                "config");
    }

    /**
     * Passwords on command lines of log-in tools: {@code docker|podman|helm|twine … -p}, {@code
     * sshpass -p}, {@code htpasswd -b}, OpenSSL's {@code pass:}, {@code echo … | sudo -S}, {@code
     * sqlplus user/password@db}, and long options ending in a secret word ({@code
     * --access-key-secret …}).
     */
    static Family loginCommandPassword() {
        return shapes(
                "login-command-password",
                Reason.SECRET_ASSIGNMENT,
                shape(
                        "(?<![\\w-])(?:docker|podman|buildah|skopeo|helm|oras|nerdctl|crane|twine)\\b[^\\n]{0,200}?\\s"
                                + "(?:-p|--password)[ =][\"']?(?![$<{-])[^\\s\"']{3,}",
                        "docker",
                        "podman",
                        "buildah",
                        "skopeo",
                        "helm",
                        "oras",
                        "nerdctl",
                        "crane",
                        "twine"),
                shape("(?<![\\w-])sshpass\\s+-p\\s*[\"']?(?![$<{-])[^\\s\"']{3,}", "sshpass"),
                shape(
                        "(?<![\\w-])htpasswd\\s+-\\w*b\\w*\\s+[^\\s]{1,200}\\s+[^\\s]{1,64}\\s+(?![$<{-])[^\\s]{3,}",
                        "htpasswd"),
                shape("(?<![\\w-])-pass(?:in|out)?\\s+[\"']?pass:(?![$<{])[^\\s\"']{3,}", "pass:"),
                shape("(?<![\\w-])echo\\s+[\"']?(?![$<{-])[^\\s|\"']{3,}[\"']?\\s*\\|\\s*sudo\\s+-S", "sudo"),
                shape(
                        "(?i:(?<![\\w-])(?:sqlplus|sqlldr|expdp|impdp)\\s+[\\w$#.-]{1,64}/(?![$<{])[^\\s@/\"']{3,}@)",
                        "sqlplus",
                        "sqlldr",
                        "expdp",
                        "impdp"),
                shape(
                        "(?<![\\w-])--(?:[a-z0-9]{1,20}-){1,4}(?:password|passwd|secret|token|api-key|apikey)[ =]"
                                + "(?![$<{*-])" + PrivacyRules.STRONG_VALUE,
                        "-password",
                        "-passwd",
                        "-secret",
                        "-token",
                        "-api-key",
                        "-apikey"));
    }

    /** One expression of a family with the lower-case keywords of which one must occur before it runs. */
    private record Shape(LazyPattern pattern, List<String> keywords) {}

    private static Shape shape(String regex, String... keywords) {
        return new Shape(new LazyPattern(regex), List.of(keywords));
    }

    /** A family of several expressions, each behind its own keywords. */
    private static Family shapes(String name, Reason reason, Shape... shapes) {
        List<Shape> all = List.of(shapes);
        return new Family(name, reason, subject -> {
            for (Shape shape : all) {
                if (containsAny(subject.lower, shape.keywords())
                        && shape.pattern().matcher(subject.text).find()) {
                    return true;
                }
            }
            return false;
        });
    }

    private static boolean endsInASecretValue(String match) {
        String value = match.substring(match.lastIndexOf(' ') + 1);
        value = value.startsWith("\"") || value.startsWith("'") ? value.substring(1) : value;
        return ProseSecrets.looksLikeASecret(value);
    }

    static boolean containsAny(String lower, String... keywords) {
        return containsAny(lower, List.of(keywords));
    }

    private static boolean containsAny(String lower, List<String> keywords) {
        for (String keyword : keywords) {
            if (lower.contains(keyword)) {
                return true;
            }
        }
        return false;
    }
}
