package dev.loopx.cli.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.postgres.PostgresServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ADR 0006 on the packaged distribution: pgjdbc and the adapter are in {@code lib/postgresql},
 * not on the class path {@code lib/*}; a command on a Chronicle project never loads (nor lists) a
 * class of theirs (class-load trace), and one on a PostgreSQL project loads them from that folder
 * through the child class loader.
 */
class PostgresClassLoaderIT {
    static final Path DIST = Path.of("target", "loopx-dist").toAbsolutePath();

    @TempDir
    Path temp;

    @Test
    void theDriverIsOffTheClassPath_andLoadedOnlyForAPostgresRuntimeRoot() throws Exception {
        try (Stream<Path> lib = Files.list(DIST.resolve("lib"))) {
            assertTrue(
                    lib.noneMatch(p -> p.getFileName().toString().startsWith("postgresql-")),
                    "pgjdbc must not be in lib/");
        }
        try (Stream<Path> pg = Files.list(DIST.resolve("lib/postgresql"))) {
            List<String> jars = pg.map(p -> p.getFileName().toString()).sorted().toList();
            assertTrue(jars.stream().anyMatch(j -> j.startsWith("postgresql-")), jars.toString());
            assertTrue(jars.stream().anyMatch(j -> j.startsWith("loopx-ledger-postgres-")), jars.toString());
        }
        PostgresServer server = PostgresServer.shared();
        Map<String, String> env = server.environment();
        Path chronicle = Files.createDirectories(temp.resolve("chronicle"));
        Path postgres = Files.createDirectories(temp.resolve("postgres"));
        assertEquals(0, run(env, null, "connect", "--project", chronicle.toString(), "--goal-id", "g"));
        assertEquals(
                0,
                run(
                        env,
                        null,
                        "connect",
                        "--project",
                        postgres.toString(),
                        "--goal-id",
                        "g",
                        "--ledger",
                        server.url("cl" + UUID.randomUUID().toString().substring(0, 8))));

        Path chronicleTrace = temp.resolve("chronicle-classes.log");
        assertEquals(
                0,
                run(
                        env,
                        chronicleTrace,
                        "--runtime-root",
                        chronicle.resolve(".loopx").toString(),
                        "todo",
                        "add",
                        "--goal-id",
                        "g",
                        "--role",
                        "agent",
                        "--text",
                        "a write on Chronicle"));
        String trace = Files.readString(chronicleTrace);
        assertTrue(trace.contains("dev.loopx.ledger.chronicle.ChronicleLedger"), "the trace is a real one");
        assertFalse(trace.contains("org.postgresql"), "a Chronicle command loads no pgjdbc class");
        assertFalse(trace.contains("dev.loopx.ledger.postgres"), "nor the adapter");
        assertFalse(trace.contains("lib/postgresql"), "nor opens its folder's jars");

        Path postgresTrace = temp.resolve("postgres-classes.log");
        assertEquals(
                0,
                run(
                        env,
                        postgresTrace,
                        "--runtime-root",
                        postgres.resolve(".loopx").toString(),
                        "todo",
                        "add",
                        "--goal-id",
                        "g",
                        "--role",
                        "agent",
                        "--text",
                        "a write on PostgreSQL"));
        String pgTrace = Files.readString(postgresTrace);
        assertTrue(
                pgTrace.lines().anyMatch(l -> l.contains("org.postgresql.Driver ") && l.contains("lib/postgresql/")),
                "pgjdbc comes from lib/postgresql");
        // Chronicle classes may still load here (the write path warm-up thread, LedgerWarmUp, starts
        // before the runtime root is read); no journal file is written (PostgresLedgerProcessTest).
        assertTrue(pgTrace.contains("dev.loopx.ledger.postgres.PostgresLedger "), "the adapter was loaded");
    }

    private int run(Map<String, String> env, Path classTrace, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("@" + DIST.resolve("conf/jvm-common.args"));
        if (Runtime.version().feature() >= 23) {
            command.add("@" + DIST.resolve("conf/jvm-jdk23.args"));
        }
        if (classTrace != null) {
            command.add("-Xlog:class+load=info:file=" + classTrace);
        }
        command.add("-Dloopx.dist=" + DIST);
        command.add("-cp");
        command.add(DIST.resolve("lib") + "/*");
        command.add("dev.loopx.cli.Main");
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(temp.toFile());
        pb.environment().putAll(env);
        pb.environment().put("LOOPX_HOME", temp.resolve("home").toString());
        pb.redirectErrorStream(true)
                .redirectOutput(
                        temp.resolve("out-" + UUID.randomUUID() + ".log").toFile());
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
