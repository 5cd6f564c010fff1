package dev.loopx.commands.privacy;

import static dev.loopx.commands.privacy.Fakes.join;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.commands.privacy.PrivacyRules.Family;
import dev.loopx.commands.privacy.PrivacyRules.Subject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * One test per family of the rule table {@link PrivacyRules}: generated values of the family's
 * shape are found by that family and refused by {@link PublicText}; near misses (too short, wrong
 * alphabet, placeholders, prose about the thing) are not found by it and are accepted. A family
 * added to the table without cases here fails {@link #everyFamilyOfTheTableHasCasesHere()}.
 */
class PrivacyRulesTest {
    private record Cases(List<String> positives, List<String> negatives) {}

    private static final Fakes F = new Fakes(2024);

    private static Cases cases(List<String> positives, List<String> negatives) {
        return new Cases(positives, negatives);
    }

    private static final Map<String, Cases> CASES = buildCases();

    private static Map<String, Cases> buildCases() {
        Map<String, Cases> c = new LinkedHashMap<>();
        c.put(
                "private-key-block",
                cases(
                        List.of(
                                "-----BEGIN RSA PRIVATE" + " KEY-----\n" + F.b64(64),
                                "key: -----BEGIN OPENSSH PRIVATE" + " KEY----- " + F.b64(20),
                                "-----BEGIN PGP PRIVATE KEY" + " BLOCK-----",
                                "-----BEGIN ENCRYPTED PRIVATE" + " KEY-----"),
                        List.of("-----BEGIN PUBLIC KEY----- is fine to share", "the private key stays in the HSM")));
        c.put(
                "putty-private-key",
                cases(
                        List.of(
                                "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none",
                                "PuTTY-User-Key-File-2: ssh-rsa",
                                "Public-Lines: 2\n" + F.b64(40) + "\nPrivate-Lines: 1\n" + F.b64(44)),
                        List.of("convert the PuTTY key with puttygen", "Private lines of the report: 3")));
        c.put(
                "age-secret-key",
                cases(
                        List.of(join("AGE-SECRET", "-KEY-1", F.of("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58))),
                        List.of("age keys start with AGE-SECRET-KEY-1", "AGE-SECRET-KEY-1XYZ is too short")));
        c.put(
                "http-authorization-header",
                cases(
                        List.of(
                                "Authorization: Bearer " + F.b64url(32),
                                "-H 'authorization: basic " + F.b64(16) + "=='",
                                "\"Authorization\": \"token " + F.alnum(40) + "\"",
                                "Proxy-Authorization: Digest " + F.b64url(20),
                                "Authorization: Basic dXNlcjpwYXNz"),
                        List.of(
                                "send the Authorization: Bearer header with every request",
                                "Authorization: Bearer <token> is required",
                                "Authorization: Bearer $TOKEN",
                                "Authorization: Basic auth is disabled")));
        c.put(
                "api-key-header",
                cases(
                        List.of(
                                "X-Api-Key: " + F.b64url(32),
                                "curl -H 'Private-Token: " + F.b64url(20) + "' https://gitlab.example.com/api/v4",
                                "x-goog-api-key=" + F.b64url(39)),
                        List.of(
                                "the X-Api-Key: header is checked first",
                                "X-Api-Key: ${API_KEY}",
                                "X-Api-Key: $API_KEY")));
        c.put(
                "bearer-credential",
                cases(
                        List.of("retry with Bearer " + F.b64url(40), "bearer " + F.alnum(16) + " in the log"),
                        List.of(
                                "Bearer tokens expire after 3600 seconds",
                                "bearer authentication in SecurityConfig",
                                "Bearer ${API_TOKEN}")));
        c.put(
                "url-credential",
                cases(
                        List.of(
                                "redis://:" + F.password() + "@cache:6379/0",
                                "postgres://app:" + F.password() + "@db:5432/app",
                                "mongodb+srv://svc:" + F.password() + "@cluster0.example.net/prod",
                                "clone https://deploy:" + F.alnum(20) + "@git.example.com/repo.git",
                                "amqp://guest:" + F.password() + "@rabbit:5672/"),
                        List.of(
                                "redis://redis:6379/0",
                                "postgres://user:password@localhost/app is the documented example",
                                "redis://:${REDIS_PASSWORD}@redis:6379",
                                "http://localhost:8080/api?email=a@example.com",
                                "git@github.com:owner/repo.git")));
        c.put(
                "jdbc-password",
                cases(
                        List.of(
                                "jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=" + F.password(),
                                "jdbc:mysql://db:3306/app?user=app&password=" + F.password()),
                        List.of(
                                "jdbc:postgresql://localhost:5432/app",
                                "jdbc:mysql://db/app?user=app&password=${DB_PASS}")));
        c.put(
                "azure-connection-string",
                cases(
                        List.of(
                                "Endpoint=sb://x.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccess" + "Key="
                                        + F.b64(43) + "=",
                                "DefaultEndpointsProtocol=https;AccountName=a;Account" + "Key=" + F.b64(86) + "==",
                                "https://a.blob.core.windows.net/c?sv=2022-11-02&s" + "ig=" + F.b64(43) + "%3D"),
                        List.of(
                                "SharedAccessKey=<key> goes in the template",
                                "read AccountKey=$AZURE_STORAGE_KEY from the vault",
                                "SharedAccessKeyName=RootManageSharedAccessKey names the policy")));
        c.put(
                "azure-ad-client-secret",
                cases(
                        List.of(join(F.alnum(3), "8Q~", F.of(Fakes.ALNUM + "_~.-", 34))),
                        List.of("the Q~ marker is part of Entra client secrets", "abc8Q~short")));
        c.put(
                "webhook-url",
                cases(
                        List.of(
                                join(
                                        "https://hooks.",
                                        "slack.com/services/T",
                                        F.of(Fakes.UPPER, 8),
                                        "/B",
                                        F.of(Fakes.UPPER, 10),
                                        "/",
                                        F.alnum(24)),
                                join("https://discord.com/api/", "webhooks/", F.digits(18), "/", F.b64url(68)),
                                join(
                                        "https://acme.webhook.office.com/",
                                        "webhookb2/",
                                        F.hex(8),
                                        "-",
                                        F.hex(4),
                                        "@",
                                        F.hex(8),
                                        "/IncomingWebhook/",
                                        F.hex(32))),
                        List.of(
                                "The Slack webhook URL (hooks.slack.com/services/…) lives in the vault",
                                "post to https://hooks.slack.com/ with the URL from the settings")));
        c.put(
                "openai-anthropic-key",
                cases(
                        List.of(
                                join("sk-", "proj-", F.b64url(48)),
                                join("sk-", "ant-api03-", F.b64url(93), "AA"),
                                join("OPENAI_KEY is sk-", F.alnum(32))),
                        List.of(
                                "Keys start with sk- and come from the environment",
                                "sk-learn is a Python library",
                                "task-0123456789abcdefghijk")));
        c.put(
                "github-token",
                cases(
                        List.of(
                                join("ghp", "_", F.alnum(36)),
                                join("gho", "_", F.alnum(36)),
                                join("ghs", "_", F.alnum(36)),
                                join("github", "_pat_", F.alnum(22), "_", F.alnum(59))),
                        List.of("GitHub tokens look like ghp_XXXXXXXX", "ghp_short", "the github_pat_ prefix")));
        c.put(
                "gitlab-token",
                cases(
                        List.of(
                                join("glpat", "-", F.b64url(20)),
                                join("gldt", "-", F.b64url(20)),
                                join("glrt", "-", F.b64url(20)),
                                join("glptt", "-", F.hex(40)),
                                join("GR", "1348941", F.b64url(20)),
                                join("glcbt", "-", F.b64url(24))),
                        List.of(
                                "GitLab deploy tokens (gldt-…) are scoped to one project",
                                "glrt-short",
                                "the glptt- prefix")));
        c.put(
                "aws-access-key-id",
                cases(
                        List.of(
                                join("AK", "IA", F.of(Fakes.UPPER + "234567", 16)),
                                join("AS", "IA", F.of(Fakes.UPPER + "234567", 16))),
                        List.of("AWS key ids start with AKIA", "AKIA1234 is too short", "ASIAN markets")));
        c.put(
                "aws-secret-access-key",
                cases(
                        List.of("aws_secret_access_key = " + F.b64(40), "AWS_SECRET=" + F.b64(40)),
                        List.of(
                                "aws_secret_access_key = ${AWS_SECRET_ACCESS_KEY}",
                                "set the AWS secret in the vault")));
        c.put(
                "slack-token",
                cases(
                        List.of(
                                join("xox", "b-", F.digits(11), "-", F.digits(12), "-", F.alnum(24)),
                                join("xa", "pp-1-", F.alnum(11), "-", F.digits(13))),
                        List.of("Slack bot tokens start with xoxb-", "xoxb-short")));
        c.put(
                "google-credential",
                cases(
                        List.of(
                                join("AI", "za", F.b64url(35)),
                                join("GOC", "SPX-", F.b64url(28)),
                                join("ya", "29.", F.b64url(60))),
                        List.of("Google API keys start with AIza", "AIzaShort")));
        c.put(
                "gcp-service-account",
                cases(
                        List.of("{\"type\": \"service_account\", \"private_key_id\": \"" + F.hex(40) + "\"}"),
                        List.of("the private_key_id field names the key", "\"private_key_id\": \"<id>\"")));
        c.put(
                "stripe-key",
                cases(
                        List.of(
                                join("sk", "_live_", F.alnum(24)),
                                join("rk", "_test_", F.alnum(30)),
                                join("wh", "sec_", F.alnum(32))),
                        List.of(
                                "Stripe secret keys start with sk_live_",
                                "pk_live_ keys are publishable",
                                "sk_live_short")));
        c.put(
                "shopify-token",
                cases(
                        List.of(
                                join("shp", "at_", F.hex(32)),
                                join("shp", "ss_", F.hex(32)),
                                join("shp", "ca_", F.hex(32))),
                        List.of("Shopify access tokens start with shpat_", join("shp", "at_", F.hex(16)))));
        c.put(
                "square-token",
                cases(
                        List.of(
                                join("sq0", "atp-", F.b64url(22)),
                                join("sq0", "csp-", F.b64url(43)),
                                join("EA", "AA", F.b64url(60))),
                        List.of("Square tokens start with sq0atp-", "sq0csp-short", "EAAA is a prefix")));
        c.put(
                "twilio-api-key",
                cases(
                        List.of(
                                join("S", "K", F.hex(32)),
                                "twilio key " + join("S", "K", F.hex(32).toUpperCase())),
                        List.of(
                                "Twilio API keys start with SK",
                                "SKU1234 in the catalogue",
                                join("S", "K", F.hex(20)))));
        c.put(
                "npm-token",
                cases(
                        List.of(join("np", "m_", F.alnum(36)), "//registry.npmjs.org/:_auth" + "Token=" + F.b64url(36)),
                        List.of(
                                "npm_ tokens are created on npmjs.com",
                                "//registry.npmjs.org/:_authToken=${NPM_TOKEN}",
                                "npm_config_cache")));
        c.put(
                "sendgrid-key",
                cases(
                        List.of(join("S", "G.", F.b64url(22), ".", F.b64url(43))),
                        List.of("SendGrid keys start with SG.", "SG.short.x")));
        c.put(
                "mailgun-mailchimp-key",
                cases(
                        List.of(join("ke", "y-", F.hex(32)), join(F.hex(32), "-us", "12")),
                        List.of("Mailgun keys start with key-", "key-value store", "primary-us1 region")));
        c.put(
                "huggingface-token",
                cases(
                        List.of(join("h", "f_", F.of(Fakes.LOWER + Fakes.UPPER, 34))),
                        List.of("hf_transformers_cache", "Hugging Face tokens start with hf_")));
        c.put(
                "digitalocean-token",
                cases(
                        List.of(join("do", "p_v1_", F.hex(64)), join("do", "r_v1_", F.hex(64))),
                        List.of("DigitalOcean tokens start with dop_v1_", join("do", "p_v1_", F.hex(12)))));
        c.put(
                "pypi-token",
                cases(
                        List.of(join("pypi-", "AgEIcHlwaS5vcmc", F.b64url(70))),
                        List.of("PyPI tokens start with pypi-", "pypi-AgEIcHlwaS5vcmc is the prefix")));
        c.put(
                "docker-hub-token",
                cases(
                        List.of(join("dckr", "_pat_", F.b64url(27))),
                        List.of("Docker Hub tokens start with dckr_pat_", "dckr_pat_short")));
        c.put(
                "telegram-bot-token",
                cases(
                        List.of(join(F.digits(10), ":A", "A", F.b64url(33))),
                        List.of("bot id 1234567890 only", "12:AA is a ratio")));
        c.put(
                "hashicorp-token",
                cases(
                        List.of(join("hv", "s.", F.b64url(90)), join(F.alnum(14), ".atlas", "v1.", F.b64url(67))),
                        List.of("Vault tokens start with hvs.", "hvs.short")));
        c.put(
                "saas-api-token",
                cases(
                        List.of(
                                join("da", "pi", F.hex(32)),
                                join("gl", "sa_", F.alnum(32), "_", F.hex(8)),
                                join("lin", "_api_", F.alnum(40)),
                                join("PM", "AK-", F.hex(24), "-", F.hex(34)),
                                join("NR", "AK-", F.of(Fakes.UPPER + Fakes.DIGITS, 27)),
                                join("pscale", "_tkn_", F.b64url(43)),
                                join("dp", ".pt.", F.alnum(43)),
                                join("sb", "p_", F.hex(40)),
                                join("sntr", "ys_", F.b64(64))),
                        List.of(
                                "Databricks tokens start with dapi",
                                "lin_api_ keys belong to Linear",
                                "dp.pt. tokens are Doppler's")));
        c.put(
                "jwt",
                cases(
                        List.of(join("ey", "J", F.b64url(20), ".ey", "J", F.b64url(40), ".", F.b64url(43))),
                        List.of(
                                "the JWT header is base64 of {\"alg\":\"HS256\"}",
                                "eyJ is how JSON starts in base64")));
        c.put(
                "netrc-password",
                cases(
                        List.of("machine api.example.com login bot password " + F.password()),
                        List.of("the machine needs a password reset", "machine api.example.com login bot")));
        c.put(
                "compound-secret-assignment",
                cases(
                        List.of(
                                "DB_PASS=" + F.password(),
                                "SMTP_PASS=" + F.password(),
                                "export MYSQL_ROOT_PASSWORD=" + F.password(),
                                "redis_password: " + F.password(),
                                "JWT_SECRET=" + F.b64url(24),
                                "GH_TOKEN=" + F.alnum(20),
                                "admin_pw: hunter",
                                "{\"db_pass\": \"" + F.password() + "\"}"),
                        List.of(
                                "DB_PASS is read from the environment",
                                "set DB_PASS=$DB_PASS in CI",
                                "PASSWORD_MIN_LENGTH=12",
                                "max_tokens: 4096",
                                "DB_PASSWORD: ${{ secrets.DB_PASSWORD }}",
                                "the Private-Token: header support")));
        c.put(
                "strong-key-assignment",
                cases(
                        List.of(
                                "api_key=" + F.alnum(20),
                                "apikey: " + F.alnum(10),
                                "{\"client_secret\": \"" + F.b64url(24) + "\"}",
                                "passwd=" + F.password(),
                                "PGPASSWORD=" + F.password(),
                                "access_token = '" + F.b64url(30) + "'"),
                        List.of(
                                "api_key=<your key> goes in .env",
                                "export OPENAI_API_KEY=$OPENAI_API_KEY",
                                "client_secret: xxx in the example",
                                "access_token: null when logged out",
                                "the X-Api-Key: header is checked first")));
        c.put(
                "weak-key-assignment",
                cases(
                        List.of(
                                "password: " + F.password(),
                                "password=" + F.password(),
                                "secret = \"" + F.b64url(16) + "\"",
                                "token: '" + F.b64url(24) + "'",
                                "passphrase=" + F.password()),
                        List.of(
                                "Password: required for login",
                                "Pass secret= with nothing after it to disable signing",
                                "secret=true turns on masking",
                                "leave password=\"\" empty; token=*** is masked",
                                "if (password == null) return;",
                                "Token: the number of tokens is capped")));
        c.put(
                "password-in-prose",
                cases(
                        List.of(
                                "Use the staging creds: user admin / pass " + F.password(),
                                "the password is Winter2026!Qx"),
                        List.of(
                                "pass the x86_64-unknown-linux-gnu target",
                                "password reset emails are sent by the mailer",
                                "pass v1.2.3 to the release job")));
        c.put(
                "cli-credential-flag",
                cases(
                        List.of(
                                "curl -u admin:" + F.password() + " https://api.example.com",
                                "mysql -u root -p" + F.password() + " shop",
                                "docker login -u bot --password " + F.password() + " registry.example.com",
                                "redis-cli -a " + F.password() + " ping",
                                "gh auth login --token=" + F.alnum(20)),
                        List.of(
                                "pass --token to the CLI when the variable is unset",
                                "use --password-stdin with docker login",
                                "mysql -u root -p shop (prompts for the password)",
                                "curl -u \"$USER:$TOKEN\" https://api.example.com")));
        c.put(
                "discord-bot-token",
                cases(
                        List.of(join("MT", F.alnum(24), ".", F.b64url(6), ".", F.b64url(27))),
                        List.of("Discord bot tokens have three dot-separated parts", "MTIzNDU2.abc.def")));
        c.put(
                "random-token",
                cases(
                        List.of(
                                "cookie " + F.of(Fakes.UPPER + Fakes.DIGITS + "-_", 40),
                                "signing key " + F.hex(32),
                                "value " + F.hex(64)),
                        List.of(
                                "md5 " + F.hex(32),
                                "SHA-256: " + F.hex(64),
                                "fingerprint SHA256:" + F.b64(43),
                                "commit " + F.hex(40),
                                "\"integrity\": \"sha512-" + F.b64(86) + "==\"",
                                "123e4567-e89b-42d3-a456-426614174000",
                                "AbstractSingletonProxyFactoryBean2Impl_v3Handler")));
        c.put(
                "chat-role-turns",
                cases(
                        List.of(
                                "User: fix it\nAssistant: done",
                                "### User\nfix the build\n\n### Assistant\nI ran the tests",
                                "Me: rename it\nClaude: renamed",
                                "[user] fix it\n[assistant] fixed",
                                "[user]\nfix it\n[assistant]\nfixed",
                                "**User:** hi\n**Claude:** hello",
                                "user\nfix the build\n\ncodex\nI ran the tests",
                                "You said:\nfix the build\nChatGPT said:\nSure",
                                "[10:01] user: fix it\n[10:02] assistant: done",
                                "> **You:** fix it\n> **Claude:** done",
                                "👤 User: fix it\n🤖 Assistant: done"),
                        List.of(
                                "User: clicks Save\nSystem: stores the draft",
                                "Codex: implement the parser\nClaude: review the parser",
                                "[user]\n\tname = Alice\n\temail = alice@example.com",
                                "### User stories\n- import\n### Acceptance\n- kept",
                                "User: the person running the CLI")));
        c.put(
                "chat-template-markers",
                cases(
                        List.of(
                                "<|im_start|>user\nfix it<|im_end|>",
                                "<|start_header_id|>assistant<|end_header_id|>\n\ndone",
                                "<s>[INST] fix it [/INST] done",
                                "<start_of_turn>model\ndone",
                                "<|user|>\nfix it<|end|>",
                                "<user>\nfix it\n</user>\n<assistant>\ndone\n</assistant>"),
                        List.of(
                                "strip the <|im_end|> token from model output",
                                "the [INST] marker is Mistral's",
                                "wrap the input in <user></user> tags")));
        c.put(
                "message-json",
                cases(
                        List.of(
                                "[{\"role\": \"user\", \"content\": \"fix it\"}]",
                                "{\"role\":\"system\",\"content\":\"you are helpful\"}",
                                "{\"author\": \"assistant\", \"text\": \"done\"}"),
                        List.of("{\"role\": \"admin\", \"content\": \"x\"}", "the role field is user or agent")));
        c.put(
                "agent-ui-session",
                cases(
                        List.of("> fix the tests\n\n⏺ I'll run them.\n\n⏺ Bash(mvn verify)\n  ⎿  BUILD SUCCESS"),
                        List.of("⏺ marks a tool call in Claude Code", "● one bullet")));
        c.put(
                "shell-session",
                cases(
                        List.of(
                                "$ mvn verify\nok\n$ git status\nclean\n$ git push\ndone",
                                ">>> import os\n>>> os.getcwd()\n>>> exit()"),
                        List.of("Run:\n$ ./mvnw -q verify\n$ git push")));
        c.put(
                "stack-trace",
                cases(
                        List.of(
                                "java.lang.IllegalStateException: x\n\tat a.B.c(B.java:1)\n\tat a.B.d(B.java:2)\n\tat a.B.e(B.java:3)",
                                "Traceback:\n  File \"a.py\", line 1\n  File \"b.py\", line 2\n  File \"c.py\", line 3"),
                        List.of("The stack trace shows at dev.loopx.Quota.check(Quota.java:42)")));
        c.put(
                "long-output",
                cases(
                        List.of("step\n".repeat(PublicText.MAX_LINES + 1)),
                        List.of("step\n".repeat(PublicText.MAX_LINES))));
        c.put(
                "local-path",
                cases(
                        List.of(
                                "log in /home/alice/build.log",
                                "see /Users/bob/x.txt.",
                                "config ~/.loopx/projects.json",
                                "~j.doe/notes.md",
                                "open C:\\Users\\carol\\x.log",
                                "file:///var/tmp/report.html",
                                "\\\\fileserver\\builds\\42",
                                "/tmp/loopx-1/out.json"),
                        List.of(
                                "GET /api/v1/todos returns the list",
                                "nginx serves /static/ and /assets/app.css",
                                "POST /goals/42/pause",
                                "/loopx",
                                "https://example.com/a/b",
                                "edit src/main/App.java")));
        scannerFamilies(c);
        return c;
    }

    /** The families of issue 35 ({@link ScannerFamilies}). */
    private static void scannerFamilies(Map<String, Cases> c) {
        String uuid = F.hex(8) + "-" + F.hex(4) + "-4" + F.hex(3) + "-a" + F.hex(3) + "-" + F.hex(12);
        c.put(
                "cloud-provider-key",
                cases(
                        List.of(
                                "key " + join("LT", "AI", F.alnum(20)),
                                join("AK", "ID", F.alnum(32)),
                                "SCW access " + join("SC", "W", F.of(Fakes.UPPER + Fakes.DIGITS, 17)),
                                join("DO", "00", F.of(Fakes.UPPER + Fakes.DIGITS, 16)),
                                join("ak", "ab-", F.of(Fakes.LOWER + Fakes.DIGITS, 16), "-", F.of(Fakes.LOWER, 16)),
                                join("K0", "01", F.b64(27)),
                                join("v1", ".0-", F.hex(24), "-", F.hex(146)),
                                "oc login --token=" + join("sha", "256~", F.b64url(43)),
                                join("AB", "SK", F.b64(120))),
                        List.of(
                                "LTAI is the prefix of Alibaba key ids",
                                "the AKID prefix marks Tencent SecretIds",
                                "SCW_DEFAULT_REGION=fr-par",
                                "DO001 is the ticket id",
                                "version v1.0-beta of the CA",
                                "sha256~ tokens come from oc whoami -t")));
        c.put(
                "registry-token",
                cases(
                        List.of(
                                "cargo login " + join("ci", "o", F.alnum(32)),
                                join("AK", "Cp", F.alnum(69)),
                                join("cmVm", "dGtu", F.alnum(56)),
                                join("CLOJARS", "_", F.hex(60))),
                        List.of(
                                "cio is the prefix of crates.io tokens",
                                "audio" + F.alnum(10),
                                "CLOJARS_USERNAME=bot",
                                "cioFoo is a field name")));
        c.put(
                "vault-legacy-token",
                cases(
                        List.of(
                                "vault login " + join("s", ".", F.alnum(24)),
                                "VAULT_TOKEN=" + join("s", ".", F.alnum(24))),
                        List.of(
                                "see docs.ExampleOfThePageLayoutX",
                                "the s.ThisIsTheLayoutOfPagesAbc option",
                                "vault login -method=github")));
        c.put(
                "camel-case-secret-assignment",
                cases(
                        List.of(
                                "ossrhPassword=" + F.password(),
                                "npmAuthToken: \"" + F.alnum(24) + "\"",
                                "ORG_GRADLE_PROJECT_signingInMemoryKeyPassword=" + F.password(),
                                "clientSecret: " + F.password()),
                        List.of(
                                "ossrhPassword=${OSSRH_PASSWORD}",
                                "const resetToken = generateToken();",
                                "isPassword: true",
                                "accessToken: null",
                                "the ossrhPassword property")));
        c.put(
                "registry-credential",
                cases(
                        List.of(
                                "_auth = " + F.b64(24),
                                "//registry.npmjs.org/:_password=" + F.b64(16),
                                "{\"auths\": {\"ghcr.io\": {\"auth\": \"" + F.b64(24) + "\"}}}",
                                "<password>" + F.password() + "</password>",
                                "<add key=\"ClearTextPassword\" value=\"" + F.password() + "\" />"),
                        List.of(
                                "_auth = ${NPM_AUTH}",
                                "<password>${env.OSSRH_PASSWORD}</password>",
                                "{\"auth\": \"basic\"}",
                                "<add key=\"ClearTextPassword\" value=\"%NUGET_PASSWORD%\" />",
                                "the <password> element of settings.xml")));
        c.put(
                "config-set-secret",
                cases(
                        List.of(
                                "yarn config set npmAuthToken " + F.alnum(30),
                                "tccli configure set secretKey " + F.alnum(32),
                                "poetry config pypi-token.testpypi " + F.b64url(24)),
                        List.of(
                                "yarn config set npmAuthToken $NPM_TOKEN",
                                "git config set user.name alice",
                                "poetry config pypi-token.pypi <your-token>",
                                "npm config set token-expiry 30days")));
        c.put(
                "login-command-password",
                cases(
                        List.of(
                                "docker login -u ci -p " + F.password(),
                                "twine upload -u __token__ -p " + F.password() + " dist/*",
                                "sshpass -p " + F.password() + " ssh host",
                                "htpasswd -b .htpasswd admin " + F.password(),
                                "openssl enc -aes-256-cbc -pass pass:" + F.password(),
                                "echo " + F.password() + " | sudo -S true",
                                "sqlplus scott/" + F.password() + "@orcl",
                                "aliyun configure set --access-key-secret " + F.alnum(30)),
                        List.of(
                                "docker login -u ci --password-stdin",
                                "docker login -u ci -p $DOCKER_PASSWORD",
                                "sshpass -p \"$PASS\" ssh host",
                                "openssl enc -pass env:PASS",
                                "sqlplus /nolog",
                                "use --access-key-secret with the CLI")));
        c.put(
                "prose-secret",
                cases(
                        List.of(
                                "the token is " + F.b64url(24),
                                "my password is hunter42",
                                "api key: " + F.alnum(28),
                                "secret = " + F.alnum(20),
                                "pw for the admin account is " + F.password(),
                                "use password " + F.password() + " to log in",
                                "the db password for prod is `tigerlily`"),
                        List.of(
                                "the token is valid for 7 days",
                                "password is at least 12 characters",
                                "the token is 3600 seconds",
                                "Token: base64-encoded, see RFC 4648",
                                "the password is hashed with argon2id",
                                "the API key is stored in the vault",
                                "primary key: id2024",
                                "the token is v2-compatible",
                                "use password managers such as 1Password")));
        c.put(
                "shell-history",
                cases(
                        List.of(
                                "  501  cd app\n  502  git pull\n  503  ./run.sh",
                                "  11  2026-03-01 12:00:01 ls\n  12  2026-03-01 12:00:04 vim notes.md"),
                        List.of(
                                "  12  files changed in the release",
                                "  1  fix the parser\n  2  write the docs",
                                "1. cd app\n2. git pull",
                                "   120 src/Main.java\n    80 src/Util.java")));
    }

    @Test
    void everyExpressionOfTheTableCompiles() {
        // expressions compile on first use (LazyPattern): an invalid one would otherwise surface
        // only when a text carrying its keyword arrives
        assertFalse(PrivacyRules.FAMILIES.isEmpty()); // the table (and the classes it uses) initialised
        assertTrue(LazyPattern.compileAll() >= 50, "the table's expressions are lazy");
    }

    @Test
    void everyFamilyOfTheTableHasCasesHere() {
        assertEquals(
                PrivacyRules.FAMILIES.stream().map(Family::name).collect(Collectors.toSet()),
                CASES.keySet(),
                "one test per family");
        assertEquals(
                PrivacyRules.FAMILIES.size(),
                PrivacyRules.FAMILIES.stream().map(Family::name).distinct().count(),
                "family names are unique");
    }

    @TestFactory
    Stream<DynamicTest> eachFamilyFindsItsShapeAndNotItsNearMisses() {
        return PrivacyRules.FAMILIES.stream()
                .map(family -> DynamicTest.dynamicTest(family.name(), () -> {
                    Cases cases = CASES.get(family.name());
                    assertTrue(
                            cases != null
                                    && !cases.positives().isEmpty()
                                    && !cases.negatives().isEmpty(),
                            family.name());
                    for (String positive : cases.positives()) {
                        assertTrue(
                                family.occursIn(new Subject(positive)), () -> family.name() + " misses: " + positive);
                        Optional<PublicTextViolation> violation = PublicText.check("--text", positive);
                        assertTrue(violation.isPresent(), () -> "the guard accepts: " + positive);
                        assertEquals(
                                PublicTextViolation.PUBLIC_BOUNDARY_VIOLATION,
                                violation.get().errorCode());
                    }
                    for (String negative : cases.negatives()) {
                        assertFalse(
                                family.occursIn(new Subject(negative)), () -> family.name() + " flags: " + negative);
                        assertTrue(
                                PublicText.check("--text", negative).isEmpty(),
                                () -> "the guard refuses the near miss: " + negative + " ("
                                        + PrivacyRules.allIn(negative) + ")");
                    }
                }));
    }
}
