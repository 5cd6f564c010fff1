package dev.loopx.commands.privacy;

import static dev.loopx.commands.privacy.Fakes.join;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The generated privacy corpus (issue 24): private texts shaped after what public secret scanners
 * detect (gitleaks, trufflehog, detect-secrets, GitHub secret scanning rule families), transcripts
 * in every shape hosts paste, tool output and absolute local paths, and benign engineering prose
 * full of the traps that look like them (named digests, SSH fingerprints, the word {@code secret=},
 * API routes, prose about bearer tokens, placeholders); and the scanner families of issue 35 with
 * their look-alikes ({@link ScannerCorpus}). Deterministic: the same seed gives the same
 * corpus. Every value is generated at run time ({@link Fakes}); none is a real credential.
 *
 * <p>{@code secret} is the part of a private text that must never be echoed or stored (the value
 * for a credential, a turn for a transcript, the path for a local path).
 */
public final class PrivacyCorpus {
    public static final long SEED = 24;

    public record Sample(String family, String text, String secret, boolean isPrivate) {
        @Override
        public String toString() {
            return (isPrivate ? "private " : "benign ") + family;
        }
    }

    private final Fakes f;
    private final List<Sample> privateTexts = new ArrayList<>();
    private final List<Sample> benignTexts = new ArrayList<>();

    private PrivacyCorpus(long seed) {
        this.f = new Fakes(seed);
        credentials();
        transcripts();
        toolOutput();
        localPaths();
        benign();
        varied();
        ScannerCorpus.addTo(f, new ScannerCorpus.Sink() {
            @Override
            public void addPrivate(String family, String text, String secret) {
                PrivacyCorpus.this.addPrivate(family, text, secret);
            }

            @Override
            public void addBenign(String family, String text) {
                PrivacyCorpus.this.addBenign(family, text);
            }
        });
    }

    public static PrivacyCorpus generate() {
        return new PrivacyCorpus(SEED);
    }

    public static PrivacyCorpus generate(long seed) {
        return new PrivacyCorpus(seed);
    }

    public List<Sample> privateTexts() {
        return List.copyOf(privateTexts);
    }

    public List<Sample> benignTexts() {
        return List.copyOf(benignTexts);
    }

    public List<Sample> all() {
        List<Sample> all = new ArrayList<>(privateTexts);
        all.addAll(benignTexts);
        return all;
    }

    // ------------------------------------------------------------------ credentials

    /** Neutral surroundings: none of them names a secret, so the value's own shape must be found. */
    private static final List<String> SURROUNDINGS = List.of(
            "%s",
            "use %s for the staging deploy",
            "The nightly job failed because %s expired; rotate it before Friday.",
            "export DEPLOY_VALUE=%s",
            "{\"value\": \"%s\", \"env\": \"prod\"}",
            "config:\n  value: %s\n  region: eu-west-1",
            "const client = new Client(\"%s\");",
            "the key is `%s` (copied from the dashboard)",
            "2026-03-01 12:00:01 INFO loaded %s from cache",
            "docker run -e CRED=%s registry.example.com/app:1.4",
            "Fix the uploader (tested with %s locally)",
            "- [ ] revoke %s\n- [ ] update the runbook");

    private record ValueFamily(String family, Function<Fakes, String> value) {}

    private static List<ValueFamily> valueFamilies() {
        return List.of(
                new ValueFamily("openai-key", x -> join("sk-", "proj-", x.b64url(48))),
                new ValueFamily("openai-key", x -> join("sk-", x.alnum(48))),
                new ValueFamily("anthropic-key", x -> join("sk-", "ant-api03-", x.b64url(93), "AA")),
                new ValueFamily("github-token", x -> join(x.pick("ghp", "gho", "ghu", "ghs", "ghr"), "_", x.alnum(36))),
                new ValueFamily("github-token", x -> join("github", "_pat_", x.alnum(22), "_", x.alnum(59))),
                new ValueFamily(
                        "aws-access-key-id", x -> join(x.pick("AK", "AS"), "IA", x.of(Fakes.UPPER + "234567", 16))),
                new ValueFamily(
                        "slack-token",
                        x -> join(
                                "xox",
                                x.pick("b", "p", "a", "r"),
                                "-",
                                x.digits(11),
                                "-",
                                x.digits(12),
                                "-",
                                x.alnum(24))),
                new ValueFamily(
                        "slack-token",
                        x -> join(
                                "xa",
                                "pp-1-",
                                x.of(Fakes.UPPER + Fakes.DIGITS, 11),
                                "-",
                                x.digits(13),
                                "-",
                                x.hex(64))),
                new ValueFamily(
                        "slack-webhook",
                        x -> join(
                                "https://hooks.",
                                "slack.com/services/T",
                                x.of(Fakes.UPPER + Fakes.DIGITS, 8),
                                "/B",
                                x.of(Fakes.UPPER + Fakes.DIGITS, 10),
                                "/",
                                x.alnum(24))),
                new ValueFamily(
                        "discord-webhook",
                        x -> join("https://discord.com/api/", "webhooks/", x.digits(18), "/", x.b64url(68))),
                new ValueFamily(
                        "gitlab-token",
                        x -> join(
                                x.pick("glpat", "gldt", "glrt", "glcbt", "glft", "glsoat", "gloas"),
                                "-",
                                x.b64url(20))),
                new ValueFamily("gitlab-token", x -> join("gl", "ptt-", x.hex(40))),
                new ValueFamily("gitlab-token", x -> join("GR", "1348941", x.b64url(20))),
                new ValueFamily("google-api-key", x -> join("AI", "za", x.b64url(35))),
                new ValueFamily("google-oauth", x -> join("GOC", "SPX-", x.b64url(28))),
                new ValueFamily("google-oauth", x -> join("ya", "29.", x.b64url(120))),
                new ValueFamily(
                        "stripe-key",
                        x -> join(x.pick("sk", "rk"), "_", x.pick("live", "test"), "_", x.alnum(24 + x.nextInt(75)))),
                new ValueFamily("stripe-key", x -> join("wh", "sec_", x.alnum(32))),
                new ValueFamily("shopify-token", x -> join("shp", x.pick("at", "ca", "pa", "ss"), "_", x.hex(32))),
                new ValueFamily("square-token", x -> join("sq0", "atp-", x.b64url(22))),
                new ValueFamily("square-token", x -> join("sq0", "csp-", x.b64url(43))),
                new ValueFamily("square-token", x -> join("EA", "AA", x.b64url(60))),
                new ValueFamily("twilio-api-key", x -> join("S", "K", x.hex(32))),
                new ValueFamily("npm-token", x -> join("np", "m_", x.alnum(36))),
                new ValueFamily("sendgrid-key", x -> join("S", "G.", x.b64url(22), ".", x.b64url(43))),
                new ValueFamily("mailgun-key", x -> join("ke", "y-", x.hex(32))),
                new ValueFamily("mailchimp-key", x -> join(x.hex(32), "-us", String.valueOf(1 + x.nextInt(20)))),
                new ValueFamily("huggingface-token", x -> join("h", "f_", x.of(Fakes.LOWER + Fakes.UPPER, 34))),
                new ValueFamily("digitalocean-token", x -> join("do", x.pick("p", "o", "r"), "_v1_", x.hex(64))),
                new ValueFamily("pypi-token", x -> join("pypi-", "AgEIcHlwaS5vcmc", x.b64url(70))),
                new ValueFamily("docker-hub-token", x -> join("dckr", "_pat_", x.b64url(27))),
                new ValueFamily("telegram-bot-token", x -> join(x.digits(10), ":A", "A", x.b64url(33))),
                new ValueFamily("vault-token", x -> join("hv", "s.", x.b64url(90))),
                new ValueFamily("terraform-token", x -> join(x.alnum(14), ".atlas", "v1.", x.b64url(67))),
                new ValueFamily("databricks-token", x -> join("da", "pi", x.hex(32))),
                new ValueFamily("grafana-token", x -> join("gl", "sa_", x.alnum(32), "_", x.hex(8))),
                new ValueFamily("sentry-token", x -> join("sntr", "ys_", x.b64(64))),
                new ValueFamily("linear-key", x -> join("lin", "_api_", x.alnum(40))),
                new ValueFamily("postman-key", x -> join("PM", "AK-", x.hex(24), "-", x.hex(34))),
                new ValueFamily("newrelic-key", x -> join("NR", "AK-", x.of(Fakes.UPPER + Fakes.DIGITS, 27))),
                new ValueFamily("planetscale-token", x -> join("pscale", "_tkn_", x.b64url(43))),
                new ValueFamily("doppler-token", x -> join("dp", ".pt.", x.alnum(43))),
                new ValueFamily("supabase-token", x -> join("sb", "p_", x.hex(40))),
                new ValueFamily(
                        "azure-ad-client-secret",
                        x -> join(x.alnum(3), x.digits(1), "Q~", x.of(Fakes.ALNUM + "_~.-", 34))),
                new ValueFamily("jwt", x -> join("ey", "J", x.b64url(20), ".ey", "J", x.b64url(40), ".", x.b64url(43))),
                new ValueFamily("random-token", x -> x.b64url(40)),
                new ValueFamily("random-token", x -> x.hex(64)),
                new ValueFamily(
                        "age-secret-key",
                        x -> join("AGE-SECRET", "-KEY-1", x.of("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58))));
    }

    private void credentials() {
        for (ValueFamily family : valueFamilies()) {
            for (int i = 0; i < 12; i++) {
                String value = family.value().apply(f);
                addPrivate(
                        family.family(),
                        SURROUNDINGS.get(i % SURROUNDINGS.size()).formatted(value),
                        value);
            }
        }
        for (int i = 0; i < 24; i++) {
            String pw = f.password();
            String key = f.pick(
                    "DB_PASS",
                    "SMTP_PASS",
                    "MYSQL_ROOT_PASS",
                    "REDIS_PASSWORD",
                    "ADMIN_PW",
                    "LDAP_BIND_PASSWORD",
                    "KEYSTORE_PASS",
                    "RABBITMQ_DEFAULT_PASS",
                    "FTP_PASSWD",
                    "POSTGRES_PASSWORD",
                    "JWT_SECRET",
                    "GH_TOKEN",
                    "SLACK_BOT_TOKEN",
                    "NPM_AUTH",
                    "SIGNING_CREDS");
            String text = switch (i % 6) {
                case 0 -> key + "=" + pw;
                case 1 -> "export " + key + "=" + pw + " && ./deploy.sh";
                case 2 -> "environment:\n  - " + key + "=" + pw + "\n  - TZ=UTC";
                case 3 -> key.toLowerCase() + ": " + pw;
                case 4 -> "{\"" + key.toLowerCase() + "\": \"" + pw + "\"}";
                default -> "env:\n  - name: " + key + "\n    value: x\n" + key + ": '" + pw + "'";
            };
            addPrivate("compound-secret-assignment", text, pw);
        }
        for (int i = 0; i < 24; i++) {
            String value = i % 2 == 0 ? f.b64url(32) : f.password();
            String key = f.pick(
                    "api_key",
                    "apiKey",
                    "client_secret",
                    "secret_key",
                    "access_token",
                    "auth_token",
                    "refresh_token",
                    "private_key",
                    "app_secret",
                    "consumer_secret",
                    "encryption_key",
                    "passwd",
                    "pwd",
                    "PGPASSWORD",
                    "webhook_secret");
            String text = switch (i % 5) {
                case 0 -> key + " = \"" + value + "\"";
                case 1 -> key + ": " + value;
                case 2 -> "{\"" + key + "\": \"" + value + "\", \"region\": \"eu\"}";
                case 3 -> "settings." + key + "=" + value;
                default -> "--" + key.replace('_', '-') + "=" + value + " was passed on the command line";
            };
            addPrivate("strong-key-assignment", text, value);
        }
        for (int i = 0; i < 20; i++) {
            String pw = i % 5 == 3 ? f.b64url(24) : f.password();
            String text = switch (i % 5) {
                case 0 -> "password: " + pw;
                case 1 -> "login with password=" + pw + " then retry";
                case 2 -> "secret = \"" + pw + "\"";
                case 3 -> "token: '" + pw + "'";
                default -> "passphrase=" + pw;
            };
            addPrivate("weak-key-assignment", text, pw);
        }
        for (int i = 0; i < 24; i++) {
            String pw = f.password();
            String url = switch (i % 8) {
                case 0 -> "redis://:" + pw + "@cache.internal:6379/0";
                case 1 -> "postgres://app:" + pw + "@db.internal:5432/app";
                case 2 -> "mongodb+srv://svc:" + pw + "@cluster0.x1y2z.mongodb.net/prod";
                case 3 -> "amqp://worker:" + pw + "@rabbit:5672/";
                case 4 -> "https://deploy:" + f.alnum(20) + "@git.example.com/org/repo.git";
                case 5 -> "mysql://root:" + pw + "@127.0.0.1:3306/shop";
                case 6 -> "smtp://mailer:" + pw + "@smtp.example.com:587";
                default -> "rediss://default:" + pw + "@eu1-cache.example.io:6380";
            };
            String text = f.pick("DATABASE_URL=%s", "connect with %s", "{\"url\": \"%s\"}", "url: %s")
                    .formatted(url);
            addPrivate("url-credential", text, url.substring(url.indexOf(':', 8)));
        }
        for (int i = 0; i < 8; i++) {
            String pw = f.password();
            addPrivate(
                    "jdbc-password", "jdbc:sqlserver://db.internal:1433;databaseName=app;user=sa;password=" + pw, pw);
        }
        for (int i = 0; i < 24; i++) {
            String key = f.b64(43) + "=";
            String text = switch (i % 4) {
                case 0 ->
                    "Endpoint=sb://orders.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;"
                            + "SharedAccess" + "Key=" + key;
                case 1 ->
                    "DefaultEndpointsProtocol=https;AccountName=store1;Account" + "Key=" + f.b64(86) + "==;"
                            + "EndpointSuffix=core.windows.net";
                case 2 -> "HostName=hub1.azure-devices.net;DeviceId=sensor-7;SharedAccess" + "Key=" + key;
                default ->
                    "https://store1.blob.core.windows.net/backups?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-04-01" + "&s"
                            + "ig=" + f.b64(43) + "%3D";
            };
            addPrivate("azure-connection-string", text, key.substring(0, 20));
        }
        for (int i = 0; i < 8; i++) {
            String pw = f.password();
            addPrivate("netrc-password", "machine api.example.com login ci-bot password " + pw, pw);
        }
        for (int i = 0; i < 30; i++) {
            String token = switch (i % 6) {
                case 1 -> f.b64(28) + "=";
                case 4 -> f.b64url(20);
                default -> f.b64url(40);
            };
            String text = switch (i % 6) {
                case 0 -> "Authorization: Bearer " + token;
                case 1 -> "curl -H \"Authorization: Basic " + token + "\" https://api.example.com";
                case 2 -> "authorization: token " + token;
                case 3 -> "X-Api-Key: " + token;
                case 4 -> "Private-Token: " + token + " for the GitLab API";
                default -> "retry with Bearer " + token + " and log the response";
            };
            addPrivate("http-credential", text, token);
        }
        for (int i = 0; i < 24; i++) {
            String body = f.b64(64) + "\n" + f.b64(64) + "\n" + f.b64(20);
            String kind = f.pick("RSA ", "EC ", "OPENSSH ", "", "ENCRYPTED ", "DSA ");
            String text = switch (i % 4) {
                case 0 ->
                    "-----BEGIN " + kind + "PRIVATE" + " KEY-----\n" + body + "\n-----END " + kind + "PRIVATE KEY-----";
                case 1 ->
                    "{\"type\": \"service_account\", \"private_key_id\": \"" + f.hex(40) + "\", \"client_email\": "
                            + "\"ci@proj.iam.gserviceaccount.com\"}";
                case 2 ->
                    "PuTTY-User-Key-File-" + f.pick("2", "3") + ": ssh-ed25519\nEncryption: none\nComment: deploy\n"
                            + "Public-Lines: 2\n" + f.b64(64) + "\n" + f.b64(20) + "\nPrivate-Lines: 1\n" + f.b64(44)
                            + "\nPrivate-MAC: " + f.hex(64);
                default ->
                    "-----BEGIN PGP PRIVATE" + " KEY BLOCK-----\n\n" + body + "\n-----END PGP PRIVATE KEY BLOCK-----";
            };
            String family = i % 4 == 2 ? "putty-private-key" : i % 4 == 1 ? "gcp-service-account" : "private-key-block";
            addPrivate(family, text, body.substring(0, 30));
        }
    }

    // ------------------------------------------------------------------ transcripts

    private static final List<String[]> TURNS = List.of(
            new String[] {
                "please fix the failing build on main", "I ran mvn verify and the parser test fails on line 42"
            },
            new String[] {
                "why does the importer drop rows?", "The CSV reader stops at the first empty line, so the rest is lost"
            },
            new String[] {"summarise the open todos", "There are three open todos: the schema, the docs and the release"
            },
            new String[] {"can you rename the module", "Done. I renamed it to loopx-ledger and updated the poms"},
            new String[] {"what is in the repo", "A Maven project with seven modules and a bench folder"},
            new String[] {"write a test for the quota", "Added QuotaTest with four cases; all of them pass now"});

    private void transcripts() {
        for (int i = 0; i < 168; i++) {
            String[] turn = TURNS.get(i % TURNS.size());
            String q = turn[0] + " (" + f.digits(3) + ")";
            String a = turn[1];
            String secret = a;
            String text = switch (i % 21) {
                case 0 -> "User: " + q + "\nAssistant: " + a;
                case 1 -> "Human: " + q + "\n\nAssistant: " + a;
                case 2 -> "### User\n" + q + "\n\n### Assistant\n" + a;
                case 3 -> "## User\n\n" + q + "\n\n## Claude\n\n" + a;
                case 4 -> "Me: " + q + "\nClaude: " + a;
                case 5 -> "Me: " + q + "\nChatGPT: " + a + "\nMe: thanks";
                case 6 -> "[user] " + q + "\n[assistant] " + a;
                case 7 -> "[user]\n" + q + "\n[assistant]\n" + a;
                case 8 ->
                    "<|im_start|>system\nYou are a coding agent<|im_end|>\n<|im_start|>user\n" + q
                            + "<|im_end|>\n<|im_start|>assistant\n" + a + "<|im_end|>";
                case 9 ->
                    "<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\n" + q
                            + "<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n" + a + "<|eot_id|>";
                case 10 -> "<s>[INST] " + q + " [/INST] " + a + "</s>";
                case 11 -> "<start_of_turn>user\n" + q + "<end_of_turn>\n<start_of_turn>model\n" + a + "<end_of_turn>";
                case 12 -> "<|user|>\n" + q + "<|end|>\n<|assistant|>\n" + a + "<|end|>";
                case 13 ->
                    "[{\"role\": \"user\", \"content\": \"" + q + "\"}, {\"role\": \"assistant\", \"content\": \"" + a
                            + "\"}]";
                case 14 -> "{\"author\": \"assistant\", \"text\": \"" + a + "\"}";
                case 15 -> "> " + q + "\n\n⏺ " + a + "\n\n⏺ Bash(mvn -q verify)\n  ⎿  BUILD SUCCESS";
                case 16 -> "user\n" + q + "\n\ncodex\n" + a;
                case 17 -> "You: " + q + "\nChatGPT: " + a;
                case 18 -> "**User:** " + q + "\n**Assistant:** " + a;
                case 19 -> "> User: " + q + "\n> Assistant: " + a;
                default -> "USER: " + q + "\nASSISTANT: " + a + "\nUSER: ok, commit it";
            };
            addPrivate("transcript", text, secret);
        }
    }

    private void toolOutput() {
        for (int i = 0; i < 36; i++) {
            String text = switch (i % 4) {
                case 0 ->
                    "$ mvn -q verify\n[ERROR] Tests run: " + f.digits(2)
                            + ", Failures: 1\n$ git status\nmodified: pom.xml\n"
                            + "$ git stash\nSaved working directory";
                case 1 ->
                    "java.lang.IllegalStateException: quota exhausted\n\tat dev.loopx.Quota.check(Quota.java:"
                            + f.digits(2)
                            + ")\n\tat dev.loopx.Runner.run(Runner.java:88)\n\tat java.base/java.lang.Thread.run(Thread.java:1583)";
                case 2 ->
                    "Traceback (most recent call last):\n  File \"app.py\", line " + f.digits(2)
                            + ", in <module>\n    main()\n  File \"app.py\", line 8, in main\n    run()\n  File \"lib.py\", line 3, in run\n"
                            + "KeyError: 'x'";
                default -> {
                    StringBuilder log = new StringBuilder();
                    for (int line = 0; line < 60; line++) {
                        log.append("[INFO] step ")
                                .append(line)
                                .append(" ok ")
                                .append(f.digits(4))
                                .append('\n');
                    }
                    yield log.toString();
                }
            };
            addPrivate(
                    "tool-output",
                    text,
                    text.lines().skip(1).findFirst().orElse(text).trim());
        }
    }

    // ------------------------------------------------------------------ local paths

    private void localPaths() {
        List<String> users = List.of("alice", "bob", "dev", "runner", "mkowalski", "j.doe");
        for (int i = 0; i < 96; i++) {
            String user = users.get(i % users.size());
            String path = switch (i % 16) {
                case 0 -> "/home/" + user + "/projects/loopx/build.log";
                case 1 -> "/Users/" + user + "/Library/Logs/app.log";
                case 2 -> "~/.config/loopx/projects.json";
                case 3 -> "C:\\Users\\" + user + "\\AppData\\Local\\Temp\\x.log";
                case 4 -> "C:/work/" + user + "/repo/out.txt";
                case 5 -> "file:///var/tmp/report-" + f.digits(3) + ".html";
                case 6 -> "/tmp/loopx-" + f.digits(5) + "/out.json";
                case 7 -> "/var/log/nginx/error.log";
                case 8 -> "/etc/ssl/private/server.key";
                case 9 -> "/opt/app/releases/1.4/config.yml";
                case 10 -> "/root/.ssh/id_ed25519";
                case 11 -> "/mnt/data/" + user + "/dump.sql";
                case 12 -> "/workspace/" + user + "/app/lib.rs";
                case 13 -> "\\\\fileserver\\builds\\" + f.digits(3);
                case 14 -> "/private/var/folders/xy/" + f.alnum(8).toLowerCase() + "/T/x.log";
                default -> "~" + user + "/notes/todo.md";
            };
            String text = f.pick(
                            "log in %s",
                            "the stack trace points at %s:42",
                            "(see %s)",
                            "config at %s.",
                            "{\"file\": \"%s\"}",
                            "Open %s and fix the typo",
                            "copied to %s, then uploaded")
                    .formatted(path);
            addPrivate("local-path", text, path);
        }
    }

    // ------------------------------------------------------------------ benign engineering prose

    private static final List<String> VERBS =
            List.of("Fix", "Add", "Refactor", "Document", "Test", "Rename", "Remove", "Split", "Speed up", "Review");
    private static final List<String> THINGS = List.of(
            "the quota calculator",
            "the ledger replay",
            "the CSV importer",
            "the status command",
            "the retry policy",
            "the projection rebuild",
            "the webhook client",
            "the login form",
            "the release notes",
            "the schema migration",
            "the scheduler hint",
            "the todo list output",
            "the JSON encoder",
            "the config loader",
            "the agent registry");
    private static final List<String> TAILS = List.of(
            "before the 1.4 release",
            "so replay stays deterministic",
            "and add a regression test",
            "(see docs/cli.md)",
            "after the review in PR #212",
            "for the 100k-event ledger",
            "without touching the public API",
            "— 42 tests pass in 3m12s",
            "and update CHANGELOG.md",
            "behind the --dry-run flag");

    private void benign() {
        for (int i = 0; i < 220; i++) {
            addBenign("prose", f.pick(VERBS) + " " + f.pick(THINGS) + " " + f.pick(TAILS));
        }
        digests();
        secretWordsInProse();
        apiRoutes();
        bearerProse();
        placeholders();
        lookalikes();
        transcriptLookalikes();
    }

    private void digests() {
        for (int i = 0; i < 96; i++) {
            String text = switch (i % 16) {
                case 0 -> "md5 " + f.hex(32) + " matches the mirror";
                case 1 -> "MD5 (loopx-1.4.tar.gz) = " + f.hex(32);
                case 2 -> "sha1: " + f.hex(40);
                case 3 -> "SHA-256: " + f.hex(64);
                case 4 -> "sha256sum of the jar is " + f.hex(64);
                case 5 -> "image pinned to registry.example.com/app@sha256:" + f.hex(64);
                case 6 -> "SHA512 " + f.hex(128) + " verified";
                case 7 -> "The ED25519 key fingerprint is SHA256:" + f.b64(43) + ".";
                case 8 -> "ssh-keygen -lf prints 256 SHA256:" + f.b64(43) + " ci@runner (ED25519)";
                case 9 -> "host key fingerprint MD5:" + colonHex();
                case 10 -> "\"integrity\": \"sha512-" + f.b64(86) + "==\"";
                case 11 -> "checksum " + f.hex(64) + " in SHA256SUMS";
                case 12 -> "Fixed in commit " + f.hex(40) + ", see the PR";
                case 13 -> "etag: \"" + f.hex(32) + "\"";
                case 14 -> "blake2b digest " + f.hex(128);
                default -> "sha384 integrity sha384-" + f.b64(64);
            };
            addBenign("named-digest", text);
        }
    }

    private String colonHex() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            out.append(i == 0 ? "" : ":").append(f.hex(2));
        }
        return out.toString();
    }

    private void secretWordsInProse() {
        List<String> texts = List.of(
                "Pass secret= with nothing after it to disable signing",
                "The secret= option names the environment variable, not the value",
                "secret=true turns on masking in the log formatter",
                "set `secret=` in the config, then restart",
                "Document that secret= is ignored when --dry-run is given",
                "The token= query parameter is deprecated; use the header instead",
                "password= must never appear in a URL; the linter checks it",
                "Explain secret= and token= in docs/cli.md",
                "Password: required for login, see the auth module",
                "Token: the number of input tokens is capped at 4096",
                "password reset emails are sent by the mailer",
                "Rotate the password policy: require 12+ characters",
                "if (password == null) return defaultPassword();",
                "The passphrase prompt appears twice on macOS",
                "secret handling is documented in SECURITY.md",
                "Secret scanning runs on every push",
                "the secret is read from $SIGNING_KEY at start-up",
                "password: ${{ secrets.DB_PASSWORD }} in the workflow",
                "token: ${GITHUB_TOKEN} comes from the runner",
                "api_key=<your key> goes in .env, which is git-ignored",
                "export OPENAI_API_KEY=$OPENAI_API_KEY before the run",
                "leave password=\"\" empty; token=*** is masked",
                "client_secret: xxx is a placeholder in the example",
                "DB_PASS is read from the environment, never from the file",
                "set DB_PASS=$DB_PASS in the CI settings",
                "PASSWORD_MIN_LENGTH=12 and PASSWORD_MAX_AGE_DAYS=90",
                "max_tokens: 4096 for the summariser",
                "Tests: pass=42 fail=0 skip=3",
                "secret=value pairs are parsed by the config loader",
                "The CSRF token rotates per session; see TokenService",
                "access_token: null when the user is logged out",
                "password == confirmPassword is checked client side",
                "use `password:` (with nothing after it) to prompt interactively",
                "the token bucket refills every second",
                "retry_token_ttl: 30s");
        for (int i = 0; i < 70; i++) {
            addBenign(
                    "secret-word-prose",
                    texts.get(i % texts.size()) + (i >= texts.size() ? " (" + f.pick(TAILS) + ")" : ""));
        }
    }

    private void apiRoutes() {
        List<String> texts = List.of(
                "GET /api/v1/todos returns the open todos",
                "POST /api/v2/goals/{id}/pause pauses a goal",
                "nginx serves /static/ and /assets/app.css from the image",
                "the /static/ folder is cached for a day",
                "/healthz returns 200 when the store is current",
                "Move /api/v1/users/me behind the auth filter",
                "/graphql answers 400 on a bad query",
                "the OAuth redirect lands on /auth/callback?code=x",
                "/.well-known/openid-configuration is fetched at start-up",
                "DELETE /todos/42 is idempotent",
                "PUT /v1/settings/theme stores the theme",
                "route /api/v1/todos/:id to TodoController",
                "the webhook posts to /webhooks/github/push",
                "/metrics/jvm is scraped every 15 s",
                "GET /orders/2026/03 lists March orders",
                "See https://example.com/api/v1/todos for the public docs",
                "the admin UI lives at /admin/dashboard",
                "/public/index.html is the entry point of the SPA");
        for (int i = 0; i < 54; i++) {
            addBenign("api-route", texts.get(i % texts.size()) + (i >= texts.size() ? "; " + f.pick(TAILS) : ""));
        }
    }

    private void bearerProse() {
        List<String> texts = List.of(
                "Bearer tokens expire after 3600 seconds",
                "send the Authorization: Bearer header with every request",
                "Authorization: Bearer <token> is required on /api/v1",
                "bearer token auth is configured in SecurityConfig",
                "Authorization: Bearer $TOKEN (read from the environment)",
                "use `Authorization: Bearer ${API_TOKEN}` in the curl example",
                "Rotate bearer tokens monthly and after each incident",
                "Add Bearer authentication to the webhook client",
                "The API answers 401 when the Bearer token is missing",
                "Authorization: Basic auth is disabled in production",
                "the X-Api-Key: header is checked before the body is read",
                "Private-Token: header support for the GitLab client",
                "Authorization: Bearer authentication replaces cookies",
                "explain Bearer vs Basic in docs/security.md");
        for (int i = 0; i < 42; i++) {
            addBenign("bearer-prose", texts.get(i % texts.size()) + (i >= texts.size() ? " — " + f.pick(TAILS) : ""));
        }
    }

    private void placeholders() {
        List<String> texts = List.of(
                "Keys start with sk- or ghp_ and must only come from the environment",
                "GitHub tokens look like ghp_XXXXXXXX; never paste one",
                "AWS key ids start with AKIA",
                "GitLab deploy tokens (gldt-…) are scoped to one project",
                "npm_ tokens are created on npmjs.com under Access Tokens",
                "The Slack webhook URL (hooks.slack.com/services/…) lives in the vault",
                "SharedAccessKey=<key> goes in the connection string template",
                "redis://redis:6379/0 is the local default",
                "postgres://localhost:5432/app for development",
                "redis://:${REDIS_PASSWORD}@redis:6379 in docker-compose.yml",
                "postgres://user:password@localhost/app is the documented example",
                "https://user@git.example.com/repo.git asks for the password",
                "Shopify access tokens start with shpat_ and Square ones with sq0atp-",
                "Twilio API keys start with SK; account SIDs with AC",
                "PuTTY .ppk files must be converted with puttygen",
                "-----BEGIN PUBLIC KEY----- blocks are fine to commit",
                "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 is the public key prefix",
                "the JWT header is base64 of {\"alg\":\"HS256\"}");
        for (int i = 0; i < 54; i++) {
            addBenign("placeholder", texts.get(i % texts.size()) + (i >= texts.size() ? " " + f.pick(TAILS) : ""));
        }
    }

    private void lookalikes() {
        for (int i = 0; i < 72; i++) {
            String text = switch (i % 12) {
                case 0 -> "Goal " + uuid() + " is paused";
                case 1 -> "Rename domainNeverReadsTheClockRandomnessOrEnvironment to pureDecider";
                case 2 -> "Bump jackson to 2.21." + f.nextInt(9) + " and junit to 5.14." + f.nextInt(9);
                case 3 -> "Edit src/main/java/dev/loopx/commands/privacy/PublicText.java";
                case 4 -> "Docs at https://example.com/a/b and http://localhost:8080/api/v1/goals";
                case 5 -> "short sha " + f.hex(7) + " and range " + f.hex(7) + ".." + f.hex(7);
                case 6 -> "Build target x86_64-unknown-linux-gnu-gcc-13.2.0-release-build";
                case 7 -> "git@github.com:owner/repo.git is the remote";
                case 8 -> "Compare 1/2 and a/b; and/or is fine; 2026/03/01 release";
                case 9 -> "Run /loopx-global-summary before the weekly review";
                case 10 -> "Move fixtures/compat/v0.0.1/ledger into ./build/tmp";
                default -> "todo_" + f.hex(12) + " depends on todo_" + f.hex(12);
            };
            addBenign("lookalike", text);
        }
    }

    private String uuid() {
        return f.hex(8) + "-" + f.hex(4) + "-4" + f.hex(3) + "-a" + f.hex(3) + "-" + f.hex(12);
    }

    private void transcriptLookalikes() {
        List<String> texts = List.of(
                "User: clicks Save\nSystem: stores the draft",
                "Codex: implement the parser\nClaude: review the parser",
                "[user]\n\tname = Alice\n\temail = alice@example.com",
                "### User stories\n- import a CSV\n\n### Acceptance\n- rows are kept",
                "strip the <|im_end|> token from model output",
                "Q: does replay read the clock?\nA: no, the decider is pure",
                "User: the person running the CLI",
                "Assistant: (none yet)",
                "Claude: owns the docs this week",
                "Run:\n$ ./mvnw -q verify\n$ git push",
                "The stack trace shows at dev.loopx.Quota.check(Quota.java:42)",
                "the [INST] marker is specific to Mistral templates",
                "> keep the ledger append-only\n\n**Why:** replay must be deterministic",
                "Human review needed before merge",
                "user and assistant roles map to todo roles user and agent");
        for (int i = 0; i < 45; i++) {
            addBenign(
                    "transcript-lookalike",
                    texts.get(i % texts.size()) + (i >= texts.size() ? "\n(" + f.pick(TAILS) + ")" : ""));
        }
    }

    // ------------------------------------------------------------------ varied shapes

    /**
     * Shapes written apart from the templates above, as a check against tuning the rules to them:
     * passwords in prose and command lines, a Discord bot token, XML role tags, "You said:" copies,
     * time-stamped and emoji-prefixed turns, paths under other roots; and benign look-alikes.
     */
    private void varied() {
        Fakes f = this.f;
        List<String> priv = List.of(
                "Use the staging creds: user admin / pass " + f.password(),
                "curl -u admin:" + f.password() + " https://api.example.com/v1/items",
                "mysql -u root -p" + f.password() + " shop < dump.sql",
                "docker login -u bot --password " + f.password() + " registry.example.com",
                "export AWS_SECRET_ACCESS_KEY=" + f.b64(40),
                "pw: " + f.password(),
                "Login: admin Password: " + f.password(),
                "Cookie: sessionid=" + f.b64url(32) + "; path=/",
                "data:\n  password: " + f.b64(16) + "=",
                "aws configure set aws_secret_access_key " + f.b64(40),
                "Discord bot token " + join("MT", f.alnum(24), ".", f.b64url(6), ".", f.b64url(27)),
                "HRKU-" + f.b64url(60),
                "<user>\nfix the build\n</user>\n<assistant>\nI ran the tests\n</assistant>",
                "You said:\nfix the build please\nChatGPT said:\nSure, here is a patch",
                "[10:01] user: fix the build\n[10:02] assistant: done, tests pass",
                "> **You:** fix it\n> **Claude:** done",
                "👤 User: fix it\n🤖 Assistant: done",
                "/srv/app/current/log/production.log has the error",
                "/Volumes/External/backup/db.sql",
                "D:\\projects\\acme\\secrets.txt",
                "/nix/store/" + f.alnum(32).toLowerCase() + "-jdk/bin/java",
                "token=" + f.b64url(20) + "&user=bob",
                "?access_token=" + f.b64url(30),
                "\"password\":\"" + f.password() + "\"",
                "ADMIN_PASSWORD = " + f.password(),
                "secrets:\n  stripe: " + join("sk", "_live_", f.alnum(24)),
                "key=" + f.b64url(40),
                "PRIVATE KEY: " + f.b64(64),
                "ssh -i id_rsa -o IdentityFile=/home/bob/.ssh/id_rsa host",
                "Set the GitLab runner token " + join("glrt", "-", f.b64url(20)) + " in config.toml",
                "npm config set //registry.npmjs.org/:_authToken " + f.b64url(36),
                "git remote set-url origin https://oauth2:" + join("glpat", "-", f.b64url(20)) + "@gitlab.com/g/p.git",
                "SLACK_WEBHOOK="
                        + join(
                                "https://hooks.",
                                "slack.com/services/T",
                                "ABCDEFGH1",
                                "/B",
                                "ABCDEFGHI12",
                                "/",
                                f.alnum(24)),
                "PuTTY-User-Key-File-3: ecdsa-sha2-nistp256",
                "conn = psycopg2.connect(\"dbname=app user=app password=" + f.password() + "\")",
                "Server=db;Database=app;User Id=sa;Password=" + f.password() + ";",
                "redis-cli -a " + f.password() + " ping",
                "human: fix\nai: fixed");
        List<String> more = List.of(
                "spring.datasource.password=" + f.password(),
                "ConnectionStrings__Default=Server=db;Database=app;User Id=sa;Password=" + f.password(),
                "<add key=\"ApiKey\" value=\"" + f.b64url(32) + "\" />",
                "private static final String API_KEY = \"" + f.b64url(32) + "\";",
                "os.environ[\"OPENAI_API_KEY\"] = \"" + join("sk-", "proj-", f.b64url(40)) + "\"",
                "headers = {\"Authorization\": f\"Bearer " + f.b64url(40) + "\"}",
                "wget --header='Authorization: token " + f.alnum(40) + "' https://x",
                "git clone https://" + join("ghp", "_", f.alnum(36)) + "@github.com/acme/app.git",
                "http://admin:" + f.password() + "@192.168.1.10:8080/manager",
                "ftp://anonymous:" + f.password() + "@ftp.example.com/",
                "The webhook secret is " + join("wh", "sec_", f.alnum(32)),
                "STRIPE_SECRET_KEY: " + join("sk", "_live_", f.alnum(30)),
                "kubectl create secret generic db --from-literal=password=" + f.password(),
                "--from-literal=DB_PASS=" + f.password(),
                "helm install app --set auth.password=" + f.password(),
                "terraform: token = \"" + f.alnum(14) + ".atlasv1." + f.b64url(67) + "\"",
                "[default]\naws_access_key_id = " + join("AK", "IA", f.of(Fakes.UPPER + "234567", 16))
                        + "\naws_secret_access_key = " + f.b64(40),
                "\"password\": \"" + f.password() + "\",\n\"username\": \"admin\"",
                "PASS=" + f.password() + " ./run.sh",
                "Here is my key: " + join("sk", "-ant-api03-", f.b64url(93), "AA"),
                "assistant: I ran the tests\nuser: thanks",
                "Human: hi\n\nAssistant: hello",
                "SYSTEM: you are helpful\nUSER: fix it\nASSISTANT: done",
                "<|im_start|>assistant\nDone, the build passes",
                "**Human**: fix\n\n**Assistant**: fixed",
                "Cursor: I updated the file\nMe: thanks",
                "/home/runner/work/app/app/target/surefire-reports",
                "C:\\Program Files\\Java\\jdk-21\\bin\\java.exe",
                "/Users/Shared/data.csv",
                "\\\\nas01\\backup\\2026",
                "file:/home/me/x.txt",
                "the key was in /etc/letsencrypt/live/example.com/privkey.pem",
                "sessionToken=" + f.b64url(40),
                "X-Shopify-Access-Token: " + join("shp", "at_", f.hex(32)),
                "SENTRY_DSN=https://" + f.hex(32) + "@o12345.ingest.sentry.io/678",
                "auth:\n  username: ci\n  password: " + f.password(),
                "pwd=" + f.password(),
                "DATABASE_URL=postgresql://app:" + f.password() + "@localhost/app",
                "secret_access_key: " + f.b64(40));
        priv = new ArrayList<>(priv);
        priv.addAll(more);
        for (String text : priv) {
            String longest = java.util.Arrays.stream(text.split("\\s+"))
                    .max(java.util.Comparator.comparingInt(String::length))
                    .orElse(text);
            addPrivate("varied", text, longest);
        }
        List<String> ben = List.of(
                "see /docs/cli.md for the flags",
                "the secret_key_base is generated by rails",
                "api_key: string (required)",
                "| api_key | string | the key |",
                "token_type: bearer",
                "NEXT_AUTH_URL=http://localhost:3000",
                "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
                "password_hash = bcrypt(password)",
                "set secret: true in values.yaml",
                "the token is valid for 7 days",
                "Run `openssl rand -hex 32` to generate a key",
                "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx3 ci@runner",
                "pass --token to the CLI when the env var is not set",
                "use --password-stdin with docker login",
                "grant_type=client_credentials",
                "The login form posts to /login?next=/home",
                "GET /users/42/orders",
                "Tests pass: 42 of 42",
                "pass=42 fail=0",
                "keys: primary_key: id, sort_key: created_at",
                "Remember: the user is the operator and the assistant is the agent",
                "User story: as a user I want to import",
                "Assistant mode is off by default",
                "The ai: prefix marks generated commits",
                "Answer: yes. Question: why?",
                "See README.md#privacy and docs/adr/0001.md",
                "2026-03-01T12:00:00Z build 1234 ok",
                "version 1.4.0-rc.2+build.77",
                "Rotate keys every 90 days; document in SECURITY.md",
                "the password field is masked in the UI",
                "mysql -u root -p shop (prompts for the password)",
                "curl -u \"$USER:$TOKEN\" https://api.example.com",
                "Cookie: session cookies are HttpOnly",
                "src/main/resources/application.yml sets server.port: 8080",
                "git log --format=%H | head",
                "AKIA is the prefix of long-term AWS key ids",
                "bcrypt cost 12",
                "ETag: W/\"5e-1a2b\"",
                "The fingerprint is shown by ssh-keygen -l",
                "sha256 checks run in CI",
                "Base64 of hello is aGVsbG8=",
                "0x7fffffff is the max",
                "jwt.io decodes a token",
                "Bearer",
                "redis://localhost",
                "mongodb://mongo:27017/app",
                "/src/main/java is the source root");
        List<String> moreBenign = List.of(
                "spring.datasource.password=${DB_PASSWORD}",
                "Set the password via the PGPASSWORD environment variable",
                "The ApiKey attribute maps to the header",
                "private static final String API_KEY_HEADER = \"X-Api-Key\";",
                "os.environ[\"OPENAI_API_KEY\"] must be set",
                "headers = {\"Authorization\": f\"Bearer {token}\"}",
                "git clone https://github.com/acme/app.git",
                "http://192.168.1.10:8080/manager is the admin UI",
                "kubectl create secret generic db --from-file=./db.env",
                "helm install app --set auth.enabled=true",
                "terraform: token is read from TF_TOKEN_app_terraform_io",
                "[default]\nregion = eu-west-1\noutput = json",
                "\"username\": \"admin\"",
                "Here is my plan: split the importer",
                "The assistant role is called agent in LoopX",
                "Human-in-the-loop review is required",
                "Prompt engineering notes: keep it short",
                "Cursor and Claude both edit the docs",
                "target/surefire-reports has the XML",
                "Program Files is on the C drive",
                "data.csv has 1,204 rows",
                "the NAS backup runs nightly",
                "privkey.pem must be 0600",
                "sessionToken is rotated on login",
                "SENTRY_DSN is set in the deploy job",
                "auth:\n  username: ci\n  password: ${CI_PASSWORD}",
                "pwd prints the working directory",
                "DATABASE_URL=postgresql://localhost/app",
                "The Secret Access Key is shown only once",
                "Use AES-256-GCM with a 96-bit nonce",
                "sk-learn and tf are both installed",
                "npm install --save-dev typescript",
                "pip install -r requirements.txt",
                "Merge PR #212 after the review from @alice",
                "p95 latency: 120 ms; p99: 340 ms",
                "Coverage 87.5% (+1.2%)",
                "Renamed LedgerHead -> HeadMarker in 3f78685",
                "Goal g1 paused by operator at 2026-03-01T12:00:00Z",
                "token limit 200k, output 8k",
                "see RFC 6750 (Bearer Token Usage)");
        ben = new ArrayList<>(ben);
        ben.addAll(moreBenign);
        for (String text : ben) {
            addBenign("varied", text);
        }
    }

    private void addPrivate(String family, String text, String secret) {
        privateTexts.add(new Sample(family, text, secret, true));
    }

    private void addBenign(String family, String text) {
        benignTexts.add(new Sample(family, text, "", false));
    }
}
