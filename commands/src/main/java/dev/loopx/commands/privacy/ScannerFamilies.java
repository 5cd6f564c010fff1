package dev.loopx.commands.privacy;

import static dev.loopx.commands.privacy.PrivacyRules.NOT_A_VALUE;
import static dev.loopx.commands.privacy.PrivacyRules.pattern;
import static dev.loopx.commands.privacy.PrivacyRules.validated;

import dev.loopx.commands.privacy.PrivacyRules.Family;
import dev.loopx.commands.privacy.PublicTextViolation.Reason;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rule families of issue 35, part of the one table {@link PrivacyRules}: what the well-known
 * secret scanners find beyond the big three clouds — access keys of other cloud providers,
 * package-registry publish credentials, secrets given in prose ({@code the token is …}) and numbered
 * shell history. The shapes follow gitleaks' rules, trufflehog's detectors and detect-secrets'
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
        Pattern assignment = Pattern.compile("(?<=[a-z0-9])(?:Password|Passwd|Passphrase|Secret|Token|AuthIdent|ApiKey"
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
    private record Shape(Pattern pattern, List<String> keywords) {}

    private static Shape shape(String regex, String... keywords) {
        return new Shape(Pattern.compile(regex), List.of(keywords));
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

    // ------------------------------------------------------------------ secrets in prose

    /** The words that name a secret in prose; a bare {@code key} only after a qualifier ({@code api key}). */
    private static final Pattern PROSE_WORD = Pattern.compile(
            "(?i)(?<![a-z0-9_-])(?:token|passw(?:or)?d|passphrase|passcode|pass|pwd?|secret|credentials?|key)");

    private static final Pattern KEY_QUALIFIER = Pattern.compile(
            "(?i)(?<![a-z0-9])(?:api|access|secret|private|license|encryption|signing|master|ssh|deploy)[ _-]?$");

    /** {@code use password …}, {@code with the token …}: a verb right before the word, then the value. */
    private static final Pattern VERB_BEFORE =
            Pattern.compile("(?i)(?<![a-z0-9_-])(?:use|with|enter|type|try)\\s+(?:the\\s+)?$");

    /** {@code for the admin account}, {@code of prod}, {@code on staging}: one short qualifier. */
    private static final String QUALIFIER = "(?:\\s+(?:for|of|on|to|in)\\s+(?:the\\s+|my\\s+|our\\s+|this\\s+)?"
            + "[\\w.@/-]{1,40}(?:\\s+(?:account|server|user|bot|box|db|database|channel|environment|env|instance"
            + "|cluster|runner|site|repo|vm|host))?)?";

    private static final String CONNECTOR = "(?:\\s*(?::|=|->)\\s*|\\s+(?:is|was|are|equals|should be|will be)"
            + "(?:\\s+(?:now|still|set to|just))?\\s+)";

    /** What follows the word: a qualifier, a connector (or only a space, after a verb), the value. */
    private static final Pattern AFTER_WORD = Pattern.compile(
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
            if (!containsAny(subject.lower, "key", "token", "pass", "pw", "secret", "credential")) {
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

    private static final Pattern VERSION = Pattern.compile("(?i)v?\\d+(?:\\.\\d+)+(?:[-+.][\\w.+-]*)?");
    private static final Pattern NUMBER_WITH_UNIT = Pattern.compile(
            "(?i)\\d+(?:[.,]\\d+)?(?:[a-z%]{0,3}|(?:day|hour|minute|second|week|month|year|byte|time|char|line|step)s?)");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}(?:[T ][\\d:.]+Z?)?");
    /** Letter-and-digit words of engineering prose: {@code base64}, {@code SHA256}, {@code argon2id}, {@code 1Password}. */
    private static final Pattern TECH_WORD = Pattern.compile("(?i)(?:sha|md|base|utf|ucs|ipv|http|oauth|int|uint|float"
            + "|aes|rsa|hs|rs|es|ps|ed|pkcs|x|v|rfc|iso|tls|ssl|crc|argon|bcrypt|scrypt|pbkdf|jwt|s|ec|h|k|p|rc|beta"
            + "|alpha|gpt|win|arm|amd|i|jdk|java|node|python|py|mp|cp|e|n|m|t|c|l|ubuntu|debian|ecma|x86_|k8s|gcp|p)"
            + "\\d{1,4}[a-z]{0,2}|\\d{1,4}(?:password|fa|k|m|g|ms|s|h|d|x|th|st|nd|rd|px|kb|mb|gb|am|pm)");

    private static final Pattern WORD = Pattern.compile("[A-Z]?[a-z]{3,}");

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

    private static boolean endsInASecretValue(String match) {
        String value = match.substring(match.lastIndexOf(' ') + 1);
        value = value.startsWith("\"") || value.startsWith("'") ? value.substring(1) : value;
        return looksLikeASecret(value);
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

    private static boolean containsAny(String lower, String... keywords) {
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

    // ------------------------------------------------------------------ shell history

    /** A line as {@code history} prints it: its number, two spaces, an optional time stamp, the command. */
    private static final Pattern HISTORY_LINE = Pattern.compile(
            "^\\s{0,8}\\d{1,6}\\*?\\s{2,}(?:\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(?::\\d{2})?\\s+)?([^\\s]+)");

    private static final Set<String> SHELL_COMMANDS = Set.of(
            "cd",
            "ls",
            "ll",
            "la",
            "git",
            "export",
            "unset",
            "env",
            "set",
            "source",
            ".",
            "curl",
            "wget",
            "ssh",
            "scp",
            "rsync",
            "sudo",
            "su",
            "vim",
            "vi",
            "nvim",
            "nano",
            "emacs",
            "code",
            "cat",
            "less",
            "more",
            "echo",
            "printf",
            "grep",
            "rg",
            "find",
            "rm",
            "mv",
            "cp",
            "mkdir",
            "touch",
            "chmod",
            "chown",
            "tar",
            "unzip",
            "docker",
            "podman",
            "kubectl",
            "helm",
            "npm",
            "npx",
            "yarn",
            "pnpm",
            "mvn",
            "./mvnw",
            "gradle",
            "./gradlew",
            "make",
            "python",
            "python3",
            "pip",
            "pip3",
            "node",
            "java",
            "go",
            "cargo",
            "rustup",
            "psql",
            "mysql",
            "redis-cli",
            "mongo",
            "mongosh",
            "aws",
            "gcloud",
            "az",
            "terraform",
            "systemctl",
            "journalctl",
            "top",
            "htop",
            "ps",
            "kill",
            "tail",
            "head",
            "brew",
            "apt",
            "apt-get",
            "yum",
            "dnf",
            "pacman",
            "open",
            "man",
            "which",
            "whoami",
            "exit",
            "clear",
            "ping",
            "nc",
            "openssl",
            "gpg",
            "sshpass",
            "htpasswd",
            "vault",
            "op",
            "gh",
            "history",
            "pwd",
            "df",
            "du",
            "free",
            "crontab",
            "tmux",
            "screen",
            "loopx",
            "claude",
            "codex");

    /**
     * Numbered shell history ({@code history}'s output): two or more lines of {@code N  command}, one
     * of which starts with a shell command. A single numbered line is judged by its content only.
     */
    static boolean shellHistory(List<String> lines) {
        int numbered = 0;
        boolean command = false;
        for (String line : lines) {
            if (line.length() > 4_000) {
                continue;
            }
            Matcher m = HISTORY_LINE.matcher(line);
            if (m.find()) {
                numbered++;
                String word = m.group(1).toLowerCase(Locale.ROOT);
                command |= SHELL_COMMANDS.contains(word) || word.startsWith("./");
            }
        }
        return numbered >= 2 && command;
    }
}
