package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.postgres.PostgresServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 22 through the real CLI in child processes, on a real PostgreSQL server the test starts
 * ({@link PostgresServer}): connect with {@code --ledger}, the credential rules, every ledger
 * command, two runtime roots ("two machines") on one ledger, a server stopped mid-run, and the
 * Chronicle → PostgreSQL migration and back. Every captured stdout/stderr and every file of the
 * runtime roots is searched for the test password.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class PostgresLedgerProcessTest extends ChildProcessTest {
    static final Duration T = Duration.ofSeconds(90);
    private final List<ChildCli> ran = new ArrayList<>();
    private PostgresServer privateServer;

    PostgresServer server() {
        return PostgresServer.shared();
    }

    void withCredentials(PostgresServer server) {
        cli.env("PGUSER", PostgresServer.USER).env("PGPASSWORD", server.password());
    }

    static String newLedger() {
        return "p" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    ChildCli run(String... args) {
        ChildCli child = cli.run(T, args);
        ran.add(child);
        return child;
    }

    ChildCli in(Path root, String... args) {
        List<String> all = new ArrayList<>(List.of("--runtime-root", root.toString(), "--format", "json"));
        all.addAll(List.of(args));
        return run(all.toArray(String[]::new));
    }

    JsonNode ok(ChildCli child) {
        assertEquals(0, child.awaitExit(T), child.describe());
        JsonNode doc = child.singleJsonDocument();
        assertTrue(doc.path("ok").asBoolean(), child.describe());
        return doc;
    }

    Path connect(String project, String goal, String url) throws IOException {
        Path dir = Files.createDirectories(cli.workDir().resolve(project));
        List<String> args =
                new ArrayList<>(List.of("--format", "json", "connect", "--project", dir.toString(), "--goal-id", goal));
        if (url != null) {
            args.add("--ledger");
            args.add(url);
        }
        ok(run(args.toArray(String[]::new)));
        return dir.resolve(".loopx");
    }

    String dump(Path root) {
        ChildCli dump = in(root, "projections", "dump", "--canonical");
        assertEquals(0, dump.awaitExit(T), dump.describe());
        return dump.stdout();
    }

    JsonNode verify(Path root) {
        return ok(in(root, "ledger", "verify"));
    }

    /** No captured output and no file under {@code roots} holds the password. */
    void assertPasswordNowhere(String password, Path... roots) throws IOException {
        for (ChildCli child : ran) {
            assertFalse(child.stdout().contains(password), child.name() + " printed the password");
            assertFalse(child.stderr().contains(password), child.name() + " printed the password");
        }
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                    assertFalse(text.contains(password), "the runtime root file " + root.relativize(f) + " holds it");
                }
            }
        }
    }

    @AfterEach
    void stopPrivateServer() {
        if (privateServer != null) {
            privateServer.close();
        }
    }

    /**
     * PostgreSQL's own conventions beyond the password: a service from a service file
     * ({@code PGSERVICEFILE}, {@code ?service=NAME} with no host) reaches the same ledger as the
     * host URL; {@code PGSSLMODE} is honoured (this test server has no TLS, so {@code require} is
     * refused with a message that says so, exit 3, nothing written); a service no file defines is
     * named plainly.
     */
    @Test
    void aServiceFileAndPgsslmodeFollowPostgresConventions() throws Exception {
        PostgresServer server = server();
        cli.env("PGPASSWORD", server.password()); // the user comes from the service file
        String ledger = newLedger();
        Path serviceFile = cli.workDir().resolve("pg_service.conf");
        Files.writeString(
                serviceFile,
                "# LoopX test\n[loopx-test]\nhost=127.0.0.1\nport=" + server.port() + "\ndbname="
                        + PostgresServer.DATABASE + "\nuser=" + PostgresServer.USER + "\n");
        cli.env("PGSERVICEFILE", serviceFile.toString());

        Path viaService = connect("via-service", "svc-goal", "postgresql:///?service=loopx-test&ledger=" + ledger);
        assertEquals(
                "postgresql:///?ledger=" + ledger + "&service=loopx-test",
                Files.readString(viaService.resolve("ledger-location")).trim(),
                "stored as given, no user info");
        ok(in(viaService, "todo", "add", "--goal-id", "svc-goal", "--role", "agent", "--text", "through the service"));
        cli.env("PGUSER", PostgresServer.USER);
        Path viaHost = connect("via-host", "svc-goal", server.url(ledger));
        assertEquals(verify(viaService).path("head_hash"), verify(viaHost).path("head_hash"), "one ledger");
        assertEquals(dump(viaService), dump(viaHost));

        cli.env("PGSSLMODE", "require");
        ChildCli tls = in(viaHost, "todo", "add", "--goal-id", "svc-goal", "--role", "agent", "--text", "over TLS");
        assertEquals(3, tls.awaitExit(T), tls.describe());
        JsonNode refused = tls.singleJsonDocument();
        assertEquals("ledger_server_refused", refused.path("error_code").asText(), tls.describe());
        assertTrue(refused.path("message").asText().contains("does not accept TLS"), tls.describe());
        cli.env("PGSSLMODE", "disable");
        assertEquals(
                1,
                ok(in(viaHost, "todo", "list", "--goal-id", "svc-goal"))
                        .path("todos")
                        .size());

        Files.writeString(
                viaService.resolve("ledger-location"),
                "postgresql:///?ledger=" + ledger + "&service=no-such-service\n");
        ChildCli unknown = in(viaService, "status", "--goal-id", "svc-goal");
        unknown.awaitExit(T);
        JsonNode err = unknown.singleJsonDocument();
        assertEquals("invalid_ledger_location", err.path("error_code").asText(), unknown.describe());
        assertTrue(err.path("message").asText().contains("service=no-such-service"), unknown.describe());
        assertFalse(unknown.stderr().contains("WARNING"), "the driver's own log stays quiet: " + unknown.describe());
        assertPasswordNowhere(server.password(), viaService, viaHost);
    }

    @Test
    void aProjectOnAPostgresLedger_worksLikeChronicle_andTwoRootsShareIt() throws Exception {
        PostgresServer server = server();
        withCredentials(server);
        String url = server.url(newLedger());

        // A password in the URL: exit 2, pointing at .pgpass, nothing created, the password never echoed.
        Path refusedDir = Files.createDirectories(cli.workDir().resolve("refused"));
        String withPassword = url.replace("postgresql://", "postgresql://loopx:" + server.password() + "@");
        ChildCli refused =
                run("--format", "json", "connect", "--project", refusedDir.toString(), "--ledger", withPassword);
        assertEquals(2, refused.awaitExit(T), refused.describe());
        JsonNode error = refused.singleJsonDocument();
        assertEquals("ledger_location_has_password", error.path("error_code").asText(), refused.describe());
        assertTrue(refused.stdout().contains(".pgpass"), refused.describe());
        assertFalse(Files.exists(refusedDir.resolve(".loopx")), "nothing was created");

        Path a = connect("machine-a", "shared-goal", url);
        assertEquals(url, Files.readString(a.resolve("ledger-location")).strip());
        assertEquals(
                "rw-------",
                java.nio.file.attribute.PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(a.resolve("ledger-location"))));
        assertFalse(Files.exists(a.resolve("ledger.head")), "a server ledger keeps no local head marker");

        ok(in(a, "todo", "add", "--goal-id", "shared-goal", "--role", "agent", "--text", "first from A"));
        ok(in(a, "todo", "add", "--goal-id", "shared-goal", "--role", "agent", "--text", "second from A"));
        try (Stream<Path> journal = Files.list(a.resolve("ledger"))) {
            assertEquals(0, journal.count(), "nothing is written to the local journal folder");
        }

        // The second machine: its own checkout and runtime root on the same ledger.
        Path b = connect("machine-b", "shared-goal", url);
        ok(in(
                b,
                "todo",
                "add",
                "--goal-id",
                "shared-goal",
                "--role",
                "user",
                "--task-class",
                "user_action",
                "--text",
                "from B"));
        JsonNode shouldA =
                ok(in(a, "quota", "should-run", "--goal-id", "shared-goal", "--runtime-profile", "generic_cli"));
        JsonNode shouldB =
                ok(in(b, "quota", "should-run", "--goal-id", "shared-goal", "--runtime-profile", "generic_cli"));
        assertEquals(shouldA.path("should_run"), shouldB.path("should_run"));
        assertEquals(dump(a), dump(b), "both machines see the same projections");

        JsonNode va = verify(a);
        JsonNode vb = verify(b);
        assertEquals(5, va.path("head_seq").asLong(), va.toString());
        assertEquals(va.path("head_hash"), vb.path("head_hash"));
        List<JsonNode> events = LedgerChecks.replayed(in(a, "ledger", "replay"));
        assertEquals(5, LedgerChecks.assertDenseFromOne(events));

        Path export = cli.workDir().resolve("export.jsonl");
        ok(in(b, "ledger", "export", export.toString()));
        assertEquals(5, Files.readAllLines(export).size());
        String before = dump(b);
        ok(in(b, "projections", "rebuild"));
        assertEquals(before, dump(b), "a rebuild from the server gives the same projections");

        JsonNode doctor = ok(in(a, "doctor"));
        assertTrue(doctor.toString().contains("ledger_server"), doctor.toString());
        assertTrue(doctor.toString().contains("head seq 5"), doctor.toString());

        // Back to Chronicle: the export imported into a new embedded runtime root is the same ledger.
        Path chronicle = cli.workDir().resolve("chronicle-copy/.loopx");
        JsonNode imported = ok(in(chronicle, "ledger", "import", export.toString()));
        assertEquals(va.path("head_hash"), imported.path("head_hash"));
        assertEquals(dump(a), dump(chronicle), "identical canonical dumps on Chronicle and PostgreSQL");
        assertPasswordNowhere(server.password(), a, b, chronicle);
    }

    @Test
    void chronicleMigratesToPostgres_withTheSameHeadAndDump_andAFullTargetIsRefused() throws Exception {
        PostgresServer server = server();
        withCredentials(server);
        Path root = connect("migrating", "mig-goal", null);
        for (int i = 1; i <= 5; i++) {
            ok(in(root, "todo", "add", "--goal-id", "mig-goal", "--role", "agent", "--text", "todo " + i));
        }
        JsonNode chronicleHead = verify(root);
        String chronicleDump = dump(root);
        String url = server.url(newLedger());

        JsonNode migrated = ok(in(root, "ledger", "migrate", "--to", url));
        assertEquals(7, migrated.path("copied").asLong(), migrated.toString());
        assertEquals(chronicleHead.path("head_hash"), migrated.path("head_hash"));
        assertEquals(url, Files.readString(root.resolve("ledger-location")).strip());
        JsonNode serverHead = verify(root);
        assertEquals(chronicleHead.path("head_hash"), serverHead.path("head_hash"));
        assertEquals(chronicleDump, dump(root), "identical canonical dumps after the migration");
        ok(in(root, "todo", "add", "--goal-id", "mig-goal", "--role", "agent", "--text", "on the server now"));
        assertEquals(8, verify(root).path("head_seq").asLong());

        // A second Chronicle root cannot migrate into that (non-empty) ledger: exit 1, nothing written.
        Path other = connect("other", "other-goal", null);
        ChildCli full = in(other, "ledger", "migrate", "--to", url);
        assertEquals(1, full.awaitExit(T), full.describe());
        assertEquals(
                "ledger_not_empty", full.singleJsonDocument().path("error_code").asText());
        String retry = full.singleJsonDocument().path("hint").asText();
        assertTrue(
                retry.endsWith(
                        "loopx ledger migrate --to '" + url.replaceFirst("ledger=[^&]+", "ledger=NEW_NAME") + "'"),
                retry);
        assertFalse(Files.exists(other.resolve("ledger-location")));
        assertEquals(8, verify(root).path("head_seq").asLong());
        assertPasswordNowhere(server.password(), root, other);
    }

    @Test
    void aServerStoppedMidRun_failsCleanlyWithExit3_thenTheSameOperationSucceeds() throws Exception {
        privateServer = PostgresServer.start();
        withCredentials(privateServer);
        String url = privateServer.url(newLedger());
        Path root = connect("outage", "out-goal", url);
        ok(in(root, "todo", "add", "--goal-id", "out-goal", "--role", "agent", "--text", "before"));
        String dumpBefore = dump(root);

        privateServer.stop();
        ChildCli down = in(
                root,
                "todo",
                "add",
                "--goal-id",
                "out-goal",
                "--role",
                "agent",
                "--text",
                "during",
                "--operation-id",
                "op-outage-1");
        assertEquals(3, down.awaitExit(T), down.describe());
        assertEquals(
                "ledger_server_unavailable",
                down.singleJsonDocument().path("error_code").asText());
        ChildCli readDown =
                in(root, "quota", "should-run", "--goal-id", "out-goal", "--runtime-profile", "generic_cli");
        assertEquals(3, readDown.awaitExit(T), readDown.describe());
        ChildCli doctorDown = in(root, "doctor");
        assertEquals(1, doctorDown.awaitExit(T), doctorDown.describe());
        Path project2 = Files.createDirectories(cli.workDir().resolve("outage-new"));
        ChildCli connectDown = run("--format", "json", "connect", "--project", project2.toString(), "--ledger", url);
        assertEquals(3, connectDown.awaitExit(T), connectDown.describe());
        assertFalse(Files.exists(project2.resolve(".loopx")), "a connect to a server that is down creates nothing");
        assertFalse(down.stderr().contains("Exception"), down.describe());

        privateServer.restart();
        JsonNode first = ok(in(
                root,
                "todo",
                "add",
                "--goal-id",
                "out-goal",
                "--role",
                "agent",
                "--text",
                "during",
                "--operation-id",
                "op-outage-1"));
        JsonNode again = ok(in(
                root,
                "todo",
                "add",
                "--goal-id",
                "out-goal",
                "--role",
                "agent",
                "--text",
                "during",
                "--operation-id",
                "op-outage-1"));
        assertEquals(
                first.path("receipt").path("event_seqs"), again.path("receipt").path("event_seqs"));
        JsonNode head = verify(root);
        assertEquals(5, head.path("head_seq").asLong(), "goal + sections + todo + (todo + operation) once");
        assertFalse(dump(root).equals(dumpBefore));
        assertPasswordNowhere(privateServer.password(), root);
    }
}
