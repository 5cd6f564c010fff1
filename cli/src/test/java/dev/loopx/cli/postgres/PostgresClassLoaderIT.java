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

    /**
     * Through the launcher itself: a heartbeat read on a PostgreSQL root answers, and where the
     * build made the class-data archives (bin/loopx-train) the launcher starts it from
     * loopx-read-pg, which holds the driver's and the adapter's classes (they come from the
     * archive, not from their jars). The launcher's exact java command is read from `sh -x`.
     */
    @Test
    void aHeartbeatReadOnAPostgresRootStartsFromItsOwnArchive() throws Exception {
        PostgresServer server = PostgresServer.shared();
        Map<String, String> env = new java.util.HashMap<>(server.environment());
        env.put("LOOPX_HOME", temp.resolve("home").toString());
        // the read that logs in itself (PostgresHeadHolderIT covers the one that asks a head holder)
        env.put("LOOPX_LEDGER_HOLDER", "off");
        Path project = Files.createDirectories(temp.resolve("pg-read"));
        assertEquals(
                0,
                launcher(
                                env,
                                "connect",
                                "--project",
                                project.toString(),
                                "--goal-id",
                                "g",
                                "--ledger",
                                server.url("ar" + UUID.randomUUID().toString().substring(0, 8)))
                        .exitValue());
        String[] read = {"--runtime-root", project.resolve(".loopx").toString(), "quota", "should-run", "--goal-id", "g"
        };
        Process answer = launcher(env, read);
        String out = new String(answer.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, answer.waitFor(), out);
        assertTrue(out.contains("\"should_run\""), out);
        // conf/jvm-postgresql.args (a JIT setting) makes the JVM print nothing: stdout is the JSON alone
        assertTrue(out.startsWith("{") && !out.contains("CompileCommand"), out);

        boolean trained =
                Files.exists(DIST.resolve("lib/loopx-read.aot")) || Files.exists(DIST.resolve("lib/loopx-read.jsa"));
        boolean pgTrained = Files.exists(DIST.resolve("lib/loopx-read-pg.aot"))
                || Files.exists(DIST.resolve("lib/loopx-read-pg.jsa"));
        assertEquals(trained, pgTrained, "bin/loopx-train makes loopx-read-pg whenever it makes loopx-read");
        if (!trained) {
            return; // a build without archives (-Dloopx.skipTraining): nothing more to check
        }
        List<String> traced =
                new ArrayList<>(List.of("sh", "-x", DIST.resolve("bin/loopx").toString()));
        traced.addAll(List.of(read));
        Path shTrace = temp.resolve("sh-x.log");
        ProcessBuilder pb = new ProcessBuilder(traced)
                .directory(temp.toFile())
                .redirectOutput(temp.resolve("sh-x.out").toFile())
                .redirectError(shTrace.toFile());
        pb.environment().putAll(env);
        assertTrue(pb.start().waitFor(120, TimeUnit.SECONDS));
        String trace = Files.readString(shTrace);
        String exec = trace.lines()
                .filter(l -> l.startsWith("+ exec "))
                .findFirst()
                .orElseThrow(() -> new AssertionError(trace));
        List<String> jvm =
                new ArrayList<>(List.of(exec.substring("+ exec ".length()).split(" ")));
        assertTrue(
                jvm.stream().anyMatch(a -> a.contains("loopx-read-pg.")), "the launcher chose loopx-read-pg: " + exec);
        Path classes = temp.resolve("pg-read-classes.log");
        Path inits = temp.resolve("pg-read-inits.log");
        jvm.add(jvm.indexOf("-Xlog:disable") + 1, "-Xlog:class+load=info:file=" + classes);
        jvm.add(jvm.indexOf("-Xlog:disable") + 1, "-Xlog:class+init=info:file=" + inits);
        ProcessBuilder rerun = new ProcessBuilder(jvm).directory(temp.toFile()).redirectErrorStream(true);
        rerun.environment().putAll(env);
        Process again = rerun.start();
        String againOut = new String(again.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, again.waitFor(), againOut);
        List<String> loaded = Files.readAllLines(classes);
        for (String name : List.of(
                "org.postgresql.Driver ",
                "org.postgresql.jdbc.PgConnection ",
                "dev.loopx.ledger.postgres.PostgresSession ")) {
            String line =
                    loaded.stream().filter(l -> l.contains(name)).findFirst().orElse("(not loaded)");
            assertTrue(line.contains("shared objects file"), name + "comes from the archive: " + line);
        }
        // The login's PBKDF2 is LoopX's, every time: its provider was put first and handed out its
        // factory, and the login waited for that (LoginPassword) instead of ever using the JDK's.
        String initialised = Files.readString(inits);
        assertTrue(
                initialised.contains("'dev/loopx/ledger/postgres/ScramKdfProvider$Factory'"),
                "LoopX's PBKDF2 factory served the login");
        assertTrue(initialised.contains("'dev/loopx/ledger/postgres/LoginPassword'"), "the login's plugin ran");
        assertFalse(initialised.contains("'com/sun/crypto/provider/PBKDF2KeyImpl'"), "the JDK's PBKDF2 never ran");

        // The same command once more with the JDK's class-path debug output, which prints a stack
        // trace for every jar it opens: none may come from the three class-path-wide searches of the
        // driver's start (a LoggerFinder service for java.util.logging, a URL handler service for the
        // crypto framework's http: URL, the driver's driverconfig.properties files), each of which
        // opens every jar of the distribution (lib/boot's module and PostgresSession.open stop them).
        assertTrue(
                jvm.stream()
                        .anyMatch(a -> a.startsWith("--module-path=") && a.contains("/lib/boot/loopx-jdk-services-")),
                "the launcher put lib/boot's module on the module path: " + exec);
        jvm.add(jvm.indexOf("-Xlog:disable"), "-Dsun.misc.URLClassPath.debug=true");
        ProcessBuilder debug = new ProcessBuilder(jvm).directory(temp.toFile()).redirectErrorStream(true);
        debug.environment().putAll(env);
        Process debugged = debug.start();
        String debugOut = new String(debugged.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, debugged.waitFor(), debugOut);
        assertTrue(debugOut.contains("Opening file:"), "the JDK printed the jars it opened: " + debugOut);
        for (String search : List.of(
                "BootstrapLogger$DetectBackend",
                "java.net.URL.lookupViaProviders",
                "org.postgresql.Driver.loadDefaultProperties")) {
            assertFalse(debugOut.contains(search), search + " searched the class path:\n" + debugOut);
        }
    }

    private Process launcher(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(DIST.resolve("bin/loopx").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(temp.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        if (args.length > 0 && args[0].equals("connect")) {
            p.getInputStream().readAllBytes();
            p.waitFor(120, TimeUnit.SECONDS);
        }
        return p;
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
