package dev.loopx.commands.privacy;

import static dev.loopx.commands.privacy.Fakes.join;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/**
 * The families of issue 35, part of {@link PrivacyCorpus}: what the well-known secret scanners
 * (gitleaks' rule set, trufflehog's detectors, detect-secrets' plugins) find and the guard of issue
 * 24 let through — access keys of cloud providers beyond the big three, package-registry publish
 * tokens, secrets given in prose and numbered shell history — and their benign look-alikes (commit
 * ids, UUIDs, base64 of ordinary text, the secret words in ordinary prose, package names, version
 * strings). Each family is a list of shapes, cycled {@value #PER_FAMILY} times with fresh random
 * values; shapes that need a provider's name have it, as the scanners require it too. Nothing here
 * is a real credential: every value is drawn from the seeded {@link Fakes} at run time.
 */
final class ScannerCorpus {
    static final int PER_FAMILY = 16;

    /** A private text and the part of it that must never be echoed. */
    record Secret(String text, String value) {}

    /** Where the samples go: the corpus' private and benign lists. */
    interface Sink {
        void addPrivate(String family, String text, String secret);

        void addBenign(String family, String text);
    }

    private final Fakes f;
    private final Sink sink;

    private ScannerCorpus(Fakes f, Sink sink) {
        this.f = f;
        this.sink = sink;
    }

    static void addTo(Fakes f, Sink sink) {
        ScannerCorpus corpus = new ScannerCorpus(f, sink);
        corpus.cloudProviders();
        corpus.packageRegistries();
        corpus.proseAndHistory();
        corpus.lookalikes();
    }

    private void family(String family, List<Function<Fakes, Secret>> shapes) {
        for (int i = 0; i < PER_FAMILY; i++) {
            Secret secret = shapes.get(i % shapes.size()).apply(f);
            sink.addPrivate(family, secret.text(), secret.value());
        }
    }

    private void benign(String family, List<Function<Fakes, String>> shapes) {
        for (int i = 0; i < PER_FAMILY * 2; i++) {
            sink.addBenign(family, shapes.get(i % shapes.size()).apply(f));
        }
    }

    private static Function<Fakes, Secret> in(String template, Function<Fakes, String> value) {
        return x -> {
            String v = value.apply(x);
            return new Secret(template.formatted(v), v);
        };
    }

    private static String uuid(Fakes x) {
        return x.hex(8) + "-" + x.hex(4) + "-4" + x.hex(3) + "-" + x.pick("8", "9", "a", "b") + x.hex(3) + "-"
                + x.hex(12);
    }

    private static String upperAlnum(Fakes x, int n) {
        return x.of(Fakes.UPPER + Fakes.DIGITS, n);
    }

    private static String lowerAlnum(Fakes x, int n) {
        return x.of(Fakes.LOWER + Fakes.DIGITS, n);
    }

    // ------------------------------------------------------------------ cloud providers

    private void cloudProviders() {
        family(
                "cloud-alibaba",
                List.of(
                        in("use %s for the OSS upload", x -> join("LT", "AI", x.alnum(20))),
                        in("export ALIBABA_CLOUD_ACCESS_KEY_ID=%s", x -> join("LT", "AI", x.alnum(16))),
                        in("aliyun configure set --access-key-secret %s --region cn-hangzhou", x -> lowerAlnum(x, 30)),
                        in("ALIBABA_CLOUD_ACCESS_KEY_SECRET=%s", x -> x.alnum(30)),
                        in(
                                "{\"accessKeyId\": \"%s\", \"region\": \"cn-shanghai\"}",
                                x -> join("LT", "AI", x.alnum(12))),
                        in("access_key_secret: %s", x -> x.alnum(30))));
        family(
                "cloud-tencent",
                List.of(
                        in("SecretId %s was leaked in the log", x -> join("AK", "ID", x.alnum(32))),
                        in("export TENCENTCLOUD_SECRET_ID=%s", x -> join("AK", "ID", x.alnum(32))),
                        in("TENCENTCLOUD_SECRET_KEY=%s", x -> x.alnum(32)),
                        in("tccli configure set secretKey %s", x -> x.alnum(32))));
        family(
                "cloud-ibm",
                List.of(
                        in("IBMCLOUD_API_KEY=%s", x -> x.b64url(44)),
                        in("ibmcloud login --apikey %s -r us-south", x -> x.b64url(44)),
                        in("{\"apikey\": \"%s\", \"iam_apikey_name\": \"ci\"}", x -> x.b64url(44)),
                        in("the service credentials: %s", x -> x.b64url(44)),
                        in("cos_hmac_keys: {access_key_id: %s}", x -> x.hex(32))));
        family(
                "cloud-oracle",
                List.of(
                        in("sqlplus scott/%s@//db.example.com:1521/ORCL", Fakes::password),
                        in(
                                "[DEFAULT]\nuser=ocid1.user.oc1..aaaa\nfingerprint=12:34\nkey_file=key.pem\npass_phrase=%s",
                                Fakes::password),
                        in("OCI_CLI_PASSPHRASE=%s", Fakes::password),
                        in("oci customer secret key %s", x -> x.b64(43) + "="),
                        in("oracle auth token: %s", x -> x.of(Fakes.ALNUM + "#(;:]>", 20))));
        family(
                "cloud-digitalocean",
                List.of(
                        in("doctl auth init -t %s", x -> join("dop", "_v1_", x.hex(64))),
                        in("SPACES_ACCESS_KEY_ID=%s", x -> join("DO", "00", upperAlnum(x, 16))),
                        in("Spaces key %s for the backups bucket", x -> join("DO", "00", upperAlnum(x, 16))),
                        in("SPACES_SECRET_ACCESS_KEY=%s", x -> x.b64(43)),
                        in("DIGITALOCEAN_ACCESS_TOKEN=%s", x -> x.hex(64))));
        family(
                "cloud-linode",
                List.of(
                        in("LINODE_TOKEN=%s", x -> x.hex(64)),
                        in("linode-cli configure --token %s", x -> x.hex(64)),
                        in("linode_token = \"%s\"", x -> x.hex(64)),
                        in("the Linode API token %s has read-write scope", x -> x.hex(64))));
        family(
                "cloud-scaleway",
                List.of(
                        in("access key %s for fr-par", x -> join("SC", "W", upperAlnum(x, 17))),
                        in("SCW_ACCESS_KEY=%s", x -> join("SC", "W", upperAlnum(x, 17))),
                        in("SCW_SECRET_KEY=%s", ScannerCorpus::uuid),
                        in("secret_key: %s", ScannerCorpus::uuid)));
        family(
                "cloud-heroku",
                List.of(
                        in("heroku token %s", x -> join("HR", "KU-AA", x.b64url(58))),
                        in("HEROKU_API_KEY=%s", ScannerCorpus::uuid),
                        in("heroku_api_key: %s", ScannerCorpus::uuid),
                        in("machine api.heroku.com login ci@example.com password %s", ScannerCorpus::uuid),
                        in("heroku authorizations:create printed Token: %s", ScannerCorpus::uuid)));
        family(
                "cloud-cloudflare",
                List.of(
                        in("CLOUDFLARE_API_TOKEN=%s", x -> x.b64url(40)),
                        in("CF_API_KEY=%s", x -> x.hex(37)),
                        in("cloudflare_api_key = \"%s\"", x -> x.hex(37)),
                        in("origin CA key %s", x -> join("v1", ".0-", x.hex(24), "-", x.hex(146))),
                        in("wrangler secret put with %s", x -> x.b64url(40))));
        family(
                "cloud-other",
                List.of(
                        in("VULTR_API_KEY=%s", x -> upperAlnum(x, 36)),
                        in("HCLOUD_TOKEN=%s", x -> x.alnum(64)),
                        in("yandex key %s", x -> join("AQ", "VN", x.b64url(36))),
                        in(
                                "akamai access_token = %s",
                                x -> join("ak", "ab-", lowerAlnum(x, 16), "-", lowerAlnum(x, 16))),
                        in("HUAWEICLOUD_SDK_SK=%s", x -> x.alnum(40)),
                        in("B2_APPLICATION_KEY=%s", x -> join("K0", "01", x.b64(27))),
                        in("exoscale key %s", x -> join("EX", "O", x.hex(24))),
                        in("oc login --token=%s", x -> join("sha", "256~", x.b64url(43))),
                        in("AWS_BEARER_TOKEN_BEDROCK=%s", x -> join("AB", "SK", x.b64(120))),
                        in("OP_SERVICE_ACCOUNT_TOKEN=%s", x -> join("ops", "_eyJ", x.b64(260)))));
    }

    // ------------------------------------------------------------------ package registries

    private void packageRegistries() {
        family(
                "registry-npm",
                List.of(
                        in("//registry.npmjs.org/:_authToken=%s", ScannerCorpus::uuid),
                        in("NPM_TOKEN=%s", x -> join("np", "m_", x.alnum(36))),
                        in("_auth = %s", x -> base64(x.pick("ci", "bot", "deploy") + ":" + x.password())),
                        in("//registry.npmjs.org/:_password=%s", x -> base64(x.password())),
                        in("yarn config set npmAuthToken %s", x -> join("np", "m_", x.alnum(36))),
                        in("npmAuthToken: \"%s\"", ScannerCorpus::uuid),
                        in("publish with %s from the CI vault", x -> join("np", "m_", x.alnum(36)))));
        family(
                "registry-pypi",
                List.of(
                        in("%s", x -> join("pypi-", "AgEIcHlwaS5vcmc", x.b64url(140))),
                        in("test.pypi.org token %s", x -> join("pypi-", "AgENdGVzdC5weXBpLm9yZw", x.b64url(140))),
                        in("[pypi]\nusername = __token__\npassword = %s", x -> join("pypi-", "AgE", x.b64url(150))),
                        in("twine upload -u __token__ -p %s dist/*", x -> join("pypi-", "AgE", x.b64url(150))),
                        in("UV_PUBLISH_TOKEN=%s", x -> join("pypi-", "AgE", x.b64url(150))),
                        in("poetry config pypi-token.pypi %s", x -> join("pypi-", "AgE", x.b64url(150)))));
        family(
                "registry-rubygems",
                List.of(
                        in("---\n:rubygems_api_key: %s", x -> join("rubygems", "_", x.hex(48))),
                        in("GEM_HOST_API_KEY=%s", x -> join("rubygems", "_", x.hex(48))),
                        in("gem push with %s", x -> join("rubygems", "_", x.hex(48))),
                        in("GEM_HOST_API_KEY: %s", x -> x.hex(32))));
        family(
                "registry-nuget",
                List.of(
                        in(
                                "dotnet nuget push app.nupkg --api-key %s --source nuget.org",
                                x -> join("oy", "2", lowerAlnum(x, 43))),
                        in("nuget setapikey %s", x -> join("oy", "2", lowerAlnum(x, 43))),
                        in("<add key=\"ClearTextPassword\" value=\"%s\" />", Fakes::password),
                        in("nuget push app.nupkg -k %s", x -> join("oy", "2", lowerAlnum(x, 43))),
                        in("NUGET_API_KEY=%s", x -> join("oy", "2", lowerAlnum(x, 43)))));
        family(
                "registry-crates",
                List.of(
                        in("cargo login %s", x -> join("ci", "o", x.alnum(32))),
                        in("CARGO_REGISTRY_TOKEN=%s", x -> join("ci", "o", x.alnum(32))),
                        in("[registry]\ntoken = \"%s\"", x -> join("ci", "o", x.alnum(32))),
                        in("crates.io token %s", x -> join("ci", "o", x.alnum(32)))));
        family(
                "registry-docker",
                List.of(
                        in("docker login -u ci -p %s", Fakes::password),
                        in("echo %s | docker login -u ci --password-stdin", x -> join("dckr", "_pat_", x.b64url(27))),
                        in(
                                "{\"auths\": {\"https://index.docker.io/v1/\": {\"auth\": \"%s\"}}}",
                                x -> base64("ci:" + x.password())),
                        in("DOCKERHUB_TOKEN=%s", x -> join("dckr", "_pat_", x.b64url(27))),
                        in("org token %s", x -> join("dckr", "_oat_", x.b64url(32))),
                        in("podman login quay.io -u bot -p %s", Fakes::password)));
        family(
                "registry-github-packages",
                List.of(
                        in("//npm.pkg.github.com/:_authToken=%s", x -> join("gh", "p_", x.alnum(36))),
                        in(
                                "echo %s | docker login ghcr.io -u bot --password-stdin",
                                x -> join("gh", "p_", x.alnum(36))),
                        in(
                                "<server><id>github</id><username>bot</username><password>%s</password></server>",
                                x -> join("gh", "p_", x.alnum(36))),
                        in("gpr.key=%s", x -> join("gh", "p_", x.alnum(36)))));
        family(
                "registry-maven-gradle",
                List.of(
                        in(
                                "<server><id>ossrh</id><username>bot</username><password>%s</password></server>",
                                Fakes::password),
                        in("ossrhPassword=%s", Fakes::password),
                        in("signing.password=%s", Fakes::password),
                        in("mavenCentralPassword=%s", Fakes::password),
                        in("gradle.publish.secret=%s", x -> x.alnum(32)),
                        in("ORG_GRADLE_PROJECT_signingInMemoryKeyPassword=%s", Fakes::password)));
        family(
                "registry-other",
                List.of(
                        in("artifactory key %s", x -> join("AK", "Cp", x.alnum(69))),
                        in("jfrog reference token %s", x -> join("cmVm", "dGtu", x.alnum(56))),
                        in("CLOJARS_DEPLOY_TOKEN=%s", x -> join("CLOJARS", "_", x.hex(60))),
                        in(
                                "composer config --global --auth http-basic.repo.packagist.com token %s",
                                x -> x.hex(40) + x.hex(4)),
                        in("{\"github-oauth\": {\"github.com\": \"%s\"}}", x -> join("gh", "o_", x.alnum(36))),
                        in("HEX_API_KEY=%s", x -> x.hex(32)),
                        in("yarnrc npmAuthIdent: \"bot:%s\"", Fakes::password),
                        in(
                                "jf c add --access-token %s",
                                x -> join("ey", "J", x.b64url(30), ".ey", "J", x.b64url(60), ".", x.b64url(43)))));
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    // ------------------------------------------------------------------ prose and shell history

    private void proseAndHistory() {
        family(
                "prose-secret",
                List.of(
                        in("the token is %s", x -> x.b64url(24)),
                        in("my password is %s", x -> x.pick("hunter", "tango", "maple") + x.digits(2)),
                        in("The staging password is %s, please don't share it", Fakes::password),
                        in("api key: %s", x -> x.alnum(28)),
                        in("secret = %s", x -> x.alnum(20)),
                        in("the API key is %s (expires Friday)", x -> x.alnum(26)),
                        in("password was %s before the reset", Fakes::password),
                        in("pw for the admin account is %s", Fakes::password),
                        in("Access key: %s", x -> upperAlnum(x, 20)),
                        in("the db password for prod is `%s`", x -> x.of(Fakes.LOWER, 9)),
                        in("use password %s to log in", Fakes::password),
                        in("The wifi passphrase is %s", x -> x.pick("coffee", "Orchid", "river") + x.digits(4)),
                        in("secret key = %s", x -> x.b64(24)),
                        in("the bot token for the channel: %s", x -> x.b64url(26)),
                        in("login is admin and the password is \"%s\"", x -> x.of(Fakes.LOWER, 10)),
                        in("Token for the runner is %s.", x -> x.alnum(22))));
        family(
                "shell-history",
                List.of(
                        in("  123  export API_KEY=%s", x -> x.alnum(24)),
                        in("   42  curl -u admin:%s https://api.example.com", Fakes::password),
                        in(
                                "  501  cd app\n  502  git pull\n  503  export DB_PASSWORD=%s\n  504  ./run.sh",
                                Fakes::password),
                        in("  88  mysql -u root -p%s shop", Fakes::password),
                        in("  77  sshpass -p %s ssh deploy@10.0.0.5", Fakes::password),
                        in("  9  docker login -u bob -p %s", Fakes::password),
                        in(
                                "  311  2026-03-01 12:00:01 vim .env\n  312  2026-03-01 12:01:09 export TOKEN=%s",
                                x -> x.alnum(24)),
                        in("  64  htpasswd -b .htpasswd admin %s", Fakes::password),
                        in("  12  openssl enc -aes-256-cbc -pass pass:%s -in db.sql", Fakes::password),
                        in("  1001  echo %s | sudo -S systemctl restart app", Fakes::password),
                        in("  20  ls\n  21  psql postgres://app:%s@db/app\n  22  history", Fakes::password),
                        in("  5  vault login %s", x -> join("s", ".", x.alnum(24)))));
    }

    // ------------------------------------------------------------------ benign look-alikes

    private void lookalikes() {
        benign(
                "benign-commit-sha",
                List.of(
                        x -> "Fixed in " + x.hex(40) + ", see the review",
                        x -> "git show " + x.hex(40),
                        x -> "HEAD is now at " + x.hex(12) + " Merge the importer",
                        x -> "cherry-pick " + x.hex(7) + " and " + x.hex(10) + " onto release/1.4",
                        x -> "range " + x.hex(40) + ".." + x.hex(40),
                        x -> "commit " + x.hex(40) + "\nAuthor: Alice <alice@example.com>"));
        benign(
                "benign-uuid",
                List.of(
                        x -> "request id " + uuid(x) + " timed out",
                        x -> "Goal " + uuid(x).toUpperCase() + " is paused",
                        x -> "trace " + uuid(x) + " spans 3 services",
                        x -> "--operation-id " + uuid(x),
                        x -> "{\"id\": \"" + uuid(x) + "\", \"status\": \"open\"}"));
        benign(
                "benign-base64-text",
                List.of(
                        x -> "the header carries " + base64(x.pick(SENTENCES)),
                        x -> "echo " + base64(x.pick(SENTENCES)) + " | base64 -d",
                        x -> "payload: " + base64(x.pick(SENTENCES) + " " + x.pick(SENTENCES)),
                        x -> "data:text/plain;base64," + base64(x.pick(SENTENCES))));
        benign(
                "benign-secret-words",
                List.of(
                        x -> "Rotate the password policy doc before the audit",
                        x -> "the token is valid for " + (2 + x.nextInt(30)) + " days",
                        x -> "password is required for the admin account",
                        x -> "the API key is stored in the vault, never in the repo",
                        x -> "api key: see the team vault",
                        x -> "the token is 3600 seconds long-lived",
                        x -> "The password was reset on 2026-03-0" + (1 + x.nextInt(9)),
                        x -> "password is at least 12 characters",
                        x -> "the access key is rotated every 90 days",
                        x -> "Token: base64-encoded, see RFC 4648",
                        x -> "The token is SHA256-hashed before it is stored",
                        x -> "the secret is read from $SIGNING_KEY at start-up",
                        x -> "the password is hashed with argon2id",
                        x -> "The token was revoked in INC-" + x.digits(4),
                        x -> "secret = the part we never commit",
                        x -> "the token is UTF-8 text, at most 4096 bytes",
                        x -> "token count is " + x.digits(4) + " for the summary",
                        x -> "the password manager is 1Password",
                        x -> "pass the token to the CLI with --token-file",
                        x -> "the bot token lives in the team vault"));
        benign(
                "benign-package-name",
                List.of(
                        x -> "npm install @types/node@20." + x.nextInt(20) + "." + x.nextInt(9),
                        x -> "npm i jsonwebtoken@9.0.2 passport-jwt@4.0.1",
                        x -> "bump @octokit/auth-token to 5.1." + x.nextInt(9),
                        x -> "pip install python-dotenv==1.0." + x.nextInt(9) + " keyring==25.2.1",
                        x -> "add password-validator and secretlint to devDependencies",
                        x -> "cargo add secrecy@0.8 zeroize@1.7",
                        x -> "gem 'devise', '~> 4.9' and gem 'bcrypt', '~> 3.1.20'",
                        x -> "npm publish --access public for @acme/token-bucket@1.2." + x.nextInt(9)));
        benign(
                "benign-version",
                List.of(
                        x -> "version 1." + x.nextInt(9) + ".0-rc." + x.nextInt(5) + "+build." + x.digits(3),
                        x -> "openjdk 21.0." + x.nextInt(9) + " 2024-01-16 LTS",
                        x -> "com.fasterxml.jackson.core:jackson-databind:2.17." + x.nextInt(9),
                        x -> "image eclipse-temurin:21-jre-jammy and postgres:16.2-alpine3.19",
                        x -> "go get example.com/mod@v0.0.0-2024010112" + x.digits(4) + "-" + x.hex(12),
                        x -> "node v20.11." + x.nextInt(9) + ", npm 10.2." + x.nextInt(9),
                        x -> "release 2026.03." + x.nextInt(9) + " ships token rotation"));
        benign(
                "benign-numbered-lines",
                List.of(
                        x -> "  12  files changed in the release",
                        x -> "Steps:\n1. run the tests\n2. push the branch\n3. open the PR",
                        x -> "  3 files changed, " + x.digits(2) + " insertions(+), 4 deletions(-)",
                        x -> "    120 src/Main.java\n     80 src/Util.java"));
    }

    private static final List<String> SENTENCES = List.of(
            "hello world, this is the readme",
            "the quick brown fox jumps over the lazy dog",
            "Build passed on the main branch.",
            "Please review the importer before Friday",
            "LoopX keeps the ledger append-only",
            "the todo list has three open items");
}
