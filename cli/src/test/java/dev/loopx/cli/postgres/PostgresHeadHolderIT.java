package dev.loopx.cli.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.postgres.PostgresServer;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ADR 0009 through the packaged launcher, on a real server, with real processes: a heartbeat read on
 * a PostgreSQL root starts the ledger's head holder in the background; later reads take the head
 * from it (LOOPX_TIMING says so) and answer exactly as reads that log in themselves, also after
 * another runtime root wrote; a holder killed with kill -9 costs one slower read and is replaced; a
 * stopped server gives exit 3 as without a holder (which ends), then success; an idle holder ends;
 * LOOPX_LEDGER_HOLDER=off starts none; no output holds the password.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class PostgresHeadHolderIT {
    static final Path DIST = Path.of("target", "loopx-dist").toAbsolutePath();

    @TempDir
    Path temp;

    private PostgresServer server;
    private final List<String> outputs = new ArrayList<>();

    @AfterEach
    void stop() {
        ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(temp.toString()))
                .forEach(ProcessHandle::destroyForcibly);
        if (server != null) {
            server.close();
        }
    }

    record Run(int exit, String stdout, String stderr) {
        JsonNode json() {
            try {
                return Json.mapper().readTree(stdout);
            } catch (IOException e) {
                throw new AssertionError("not one JSON document: " + stdout, e);
            }
        }

        boolean fromHolder() {
            return stderr.contains("head_from_holder=yes");
        }
    }

    private Run loopx(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(DIST.resolve("bin/loopx").toString()));
        command.addAll(List.of(args));
        Path out = temp.resolve("out-" + UUID.randomUUID() + ".txt");
        Path err = temp.resolve("err-" + UUID.randomUUID() + ".txt");
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(temp.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the command ended: " + command);
        Run run = new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        outputs.add(run.stdout());
        outputs.add(run.stderr());
        Files.delete(out);
        Files.delete(err);
        return run;
    }

    private Run read(Map<String, String> env, Path root, String goal) throws Exception {
        return loopx(
                env,
                "--runtime-root",
                root.toString(),
                "--format",
                "json",
                "quota",
                "should-run",
                "--goal-id",
                goal,
                "--runtime-profile",
                "generic_cli");
    }

    private Run todoAdd(Map<String, String> env, Path root, String text) throws Exception {
        return loopx(
                env,
                "--runtime-root",
                root.toString(),
                "todo",
                "add",
                "--goal-id",
                "g",
                "--role",
                "agent",
                "--text",
                text);
    }

    private Run status(Map<String, String> env, Path root, String goal) throws Exception {
        return loopx(env, "--runtime-root", root.toString(), "--format", "json", "status", "--goal-id", goal);
    }

    private Path connect(Map<String, String> env, String name, String goal, String url) throws Exception {
        Path project = Files.createDirectories(temp.resolve(name));
        Run c = loopx(
                env,
                "--format",
                "json",
                "connect",
                "--project",
                project.toString(),
                "--goal-id",
                goal,
                "--ledger",
                url);
        assertEquals(0, c.exit(), c.stdout() + c.stderr());
        return project.resolve(".loopx");
    }

    private static Optional<Path> socket(Path root) throws IOException {
        Path folder = root.resolve("holder");
        if (!Files.isDirectory(folder)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".sock"))
                    .findFirst();
        }
    }

    private static Optional<ProcessHandle> holderOf(Path root) {
        return ProcessHandle.allProcesses()
                .filter(p -> {
                    String line = p.info().commandLine().orElse("");
                    return line.contains("hold-ledger") && line.contains(root.toString());
                })
                .findFirst();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
            Thread.sleep(100);
        }
    }

    /**
     * The holder answers the head question on its socket. A socket file alone is not enough: kill -9
     * leaves one behind, and a new holder logs in before it replaces it with its own.
     */
    private static boolean holderListens(Path root) {
        try {
            Optional<Path> socket = socket(root);
            if (socket.isEmpty() || holderOf(root).isEmpty()) {
                return false;
            }
            try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket.get()))) {
                channel.write(ByteBuffer.wrap("loopx-head-2\n".getBytes(StandardCharsets.US_ASCII)));
                ByteBuffer reply = ByteBuffer.allocate(160);
                while (reply.hasRemaining() && channel.read(reply) >= 0) {
                    // one line, then the holder closes the connection
                }
                return new String(reply.array(), 0, reply.position(), StandardCharsets.US_ASCII).startsWith("ok ");
            }
        } catch (IOException e) {
            return false;
        }
    }

    /** The parts of a should-run answer that depend on the ledger (not on the clock). */
    private static String decision(JsonNode doc) {
        return doc.path("should_run") + " " + doc.path("state") + " " + doc.path("effective_action") + " "
                + doc.path("reason");
    }

    /**
     * Issue 35: a holder process (≈ 92 MB) ends within seconds of its server stopping, asked by
     * nobody — before, it lived on until the next read asked it (minutes in the field).
     */
    @Test
    void aHolderProcessEndsWithinSecondsOfItsServerStopping() throws Exception {
        server = PostgresServer.start();
        Map<String, String> env = new HashMap<>(server.environment());
        env.put("LOOPX_HOME", temp.resolve("home").toString());
        Path root = connect(
                env,
                "machine-e",
                "g",
                server.url("he" + UUID.randomUUID().toString().substring(0, 8)));
        assertEquals(0, read(env, root, "g").exit());
        await("the holder listens", () -> holderListens(root));
        ProcessHandle holder = holderOf(root).orElseThrow();
        Thread.sleep(5_000);
        assertTrue(holder.isAlive(), "a holder whose server runs keeps running");
        long stopping = System.nanoTime();
        server.stop(); // returns once the server's process is gone
        long stopped = System.nanoTime();
        await("the holder ended", () -> !holder.isAlive());
        long ended = System.nanoTime();
        long afterGone = (ended - stopped) / 1_000_000;
        System.err.println("head holder process ended " + (ended - stopping) / 1_000_000
                + " ms after its server was told to stop, " + afterGone + " ms after the server was gone");
        assertTrue(afterGone < 10_000, "the holder ended " + afterGone + " ms after its server");
        assertTrue(socket(root).isEmpty(), "it took its socket along");
    }

    @Test
    void heartbeatReadsAskTheHeadHolder_andAnswerAsReadsThatLogInThemselves() throws Exception {
        server = PostgresServer.start();
        Map<String, String> env = new HashMap<>(server.environment());
        env.put("LOOPX_HOME", temp.resolve("home").toString());
        env.put("LOOPX_TIMING", "1");
        Map<String, String> off = new HashMap<>(env);
        off.put("LOOPX_LEDGER_HOLDER", "off");
        String url = server.url("hh" + UUID.randomUUID().toString().substring(0, 8));
        Path a = connect(env, "machine-a", "g", url);
        Path b = connect(env, "machine-b", "g", url);
        assertEquals(0, todoAdd(env, a, "first from A").exit());
        assertTrue(socket(a).isEmpty(), "a write starts no holder");

        // the first read logs in itself and starts the holder
        Run first = read(env, a, "g");
        assertEquals(0, first.exit(), first.stderr());
        assertFalse(first.fromHolder(), first.stderr());
        await("the holder listens", () -> holderListens(a));
        assertEquals(
                "rwx------",
                java.nio.file.attribute.PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(a.resolve("holder"))));
        long holderPid = holderOf(a).orElseThrow().pid();

        // later reads take the head from it and answer as a read that logs in
        for (int i = 0; i < 3; i++) {
            Run held = read(env, a, "g");
            assertEquals(0, held.exit(), held.stderr());
            assertTrue(held.fromHolder(), held.stderr());
            Run own = read(off, a, "g");
            assertEquals(0, own.exit(), own.stderr());
            assertFalse(own.fromHolder());
            assertEquals(decision(own.json()), decision(held.json()));
        }
        assertEquals(holderPid, holderOf(a).orElseThrow().pid(), "one holder served them all");
        Run doctor = loopx(env, "--runtime-root", a.toString(), "--format", "json", "doctor");
        assertTrue(
                doctor.stdout()
                        .contains("\"check\":\"ledger_holder\",\"ok\":true,\"detail\":\"running (process " + holderPid
                                + ")"),
                doctor.stdout());

        // another machine writes: the held read sees it (it catches up through its own session)
        assertEquals(0, todoAdd(env, b, "second from B").exit());
        Run heldStatus = status(env, a, "g");
        assertEquals(0, heldStatus.exit(), heldStatus.stderr());
        assertTrue(heldStatus.fromHolder(), heldStatus.stderr());
        assertTrue(
                heldStatus.stdout().contains("second from B")
                        || heldStatus.stdout().contains("\"open\":2"),
                heldStatus.stdout());
        JsonNode ownGoal = status(off, a, "g").json().path("goals").path(0);
        JsonNode heldGoal = heldStatus.json().path("goals").path(0);
        assertEquals(ownGoal.path("counts"), heldGoal.path("counts"));
        assertEquals(ownGoal.path("next_agent_todo"), heldGoal.path("next_agent_todo"));

        // kill -9: its socket stays behind; the next read logs in itself, answers, and starts a new one
        ProcessHandle killed = holderOf(a).orElseThrow();
        new ProcessBuilder("kill", "-9", Long.toString(killed.pid())).start().waitFor();
        await("the killed holder is gone", () -> !killed.isAlive());
        assertTrue(socket(a).isPresent(), "kill -9 leaves the socket file");
        Run afterKill = read(env, a, "g");
        assertEquals(0, afterKill.exit(), afterKill.stderr());
        assertFalse(afterKill.fromHolder());
        assertEquals(decision(read(off, a, "g").json()), decision(afterKill.json()));
        await(
                "a new holder listens",
                () -> holderOf(a).map(p -> p.pid() != holderPid).orElse(false) && holderListens(a));
        Run again = read(env, a, "g");
        assertTrue(again.fromHolder(), again.stderr());

        // a stuck holder (SIGSTOP): the read gives up on it after 1 s and answers from its own login
        ProcessHandle stuck = holderOf(a).orElseThrow();
        new ProcessBuilder("kill", "-STOP", Long.toString(stuck.pid())).start().waitFor();
        try {
            long started = System.nanoTime();
            Run whileStuck = read(env, a, "g");
            long tookMillis = (System.nanoTime() - started) / 1_000_000;
            assertEquals(0, whileStuck.exit(), whileStuck.stderr());
            assertFalse(whileStuck.fromHolder());
            assertEquals(decision(read(off, a, "g").json()), decision(whileStuck.json()));
            assertTrue(tookMillis < 30_000, "the read did not wait on the stuck holder: " + tookMillis + " ms");
            assertEquals(stuck.pid(), holderOf(a).orElseThrow().pid(), "no second holder while one holds the lock");
        } finally {
            new ProcessBuilder("kill", "-CONT", Long.toString(stuck.pid()))
                    .start()
                    .waitFor();
        }
        assertTrue(read(env, a, "g").fromHolder(), "once it runs again it answers");

        // the server stops: exit 3 as without a holder, which ends; then success once it is back
        ProcessHandle beforeOutage = holderOf(a).orElseThrow();
        server.stop();
        Run down = read(env, a, "g");
        assertEquals(3, down.exit(), down.stdout() + down.stderr());
        assertEquals("ledger_server_unavailable", down.json().path("error_code").asText());
        assertFalse(down.stderr().contains("Exception"), down.stderr());
        await("the holder that lost its session ended", () -> !beforeOutage.isAlive());
        assertTrue(socket(a).isEmpty(), "it took its socket along");
        server.restart();
        Run back = read(env, a, "g");
        assertEquals(0, back.exit(), back.stderr());
        assertEquals(decision(read(off, a, "g").json()), decision(back.json()));
        await("a holder listens again", () -> holderListens(a));
        assertTrue(read(env, a, "g").fromHolder());

        // off: none is started; a short idle time: it ends by itself
        Path c = connect(env, "machine-c", "g", url);
        assertEquals(0, read(off, c, "g").exit());
        Thread.sleep(2_000);
        assertTrue(holderOf(c).isEmpty() && socket(c).isEmpty(), "LOOPX_LEDGER_HOLDER=off starts no holder");
        assertTrue(loopx(off, "--runtime-root", c.toString(), "--format", "json", "doctor")
                .stdout()
                .contains("off (LOOPX_LEDGER_HOLDER=off)"));
        Map<String, String> shortIdle = new HashMap<>(env);
        shortIdle.put("LOOPX_LEDGER_HOLDER_IDLE_SECONDS", "2");
        assertEquals(0, read(shortIdle, c, "g").exit());
        await("c's holder listens", () -> holderListens(c));
        ProcessHandle idle = holderOf(c).orElseThrow();
        await("the idle holder ended", () -> !idle.isAlive());
        assertTrue(socket(c).isEmpty());

        // many reads at once on a root without a holder: one holder, however many asked for it
        Path d = connect(env, "machine-d", "g", url);
        List<Process> burst = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ProcessBuilder pb = new ProcessBuilder(
                            DIST.resolve("bin/loopx").toString(),
                            "--runtime-root",
                            d.toString(),
                            "quota",
                            "should-run",
                            "--goal-id",
                            "g")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().putAll(env);
            burst.add(pb.start());
        }
        for (Process p : burst) {
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
        }
        await("d's holder listens", () -> holderListens(d));
        // holders started by the other reads meet the lock and end: one stays, and it is the one that answers
        await(
                "one holder for the root",
                () -> ProcessHandle.allProcesses()
                                .filter(p -> p.info().commandLine().orElse("").contains("hold-ledger")
                                        && p.info().commandLine().orElse("").contains(d.toString()))
                                .count()
                        == 1);
        assertTrue(holderListens(d));

        // the project is deleted: its holder ends within seconds
        ProcessHandle orphan = holderOf(d).orElseThrow();
        try (Stream<Path> files = Files.walk(d.getParent())) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
        await("the deleted project's holder ended", () -> !orphan.isAlive());

        for (String output : outputs) {
            assertFalse(output.contains(server.password()), "the password appeared in an output");
        }
        assertNotEquals(0, outputs.size());
        try (Stream<Path> files = Files.walk(temp.resolve("machine-a"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                assertFalse(text.contains(server.password()), "the password is in " + f);
            }
        }
    }
}
