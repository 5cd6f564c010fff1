package dev.loopx.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged launcher (bin/loopx) and a runtime root whose ledger is on a server (ADR 0006): it
 * finds the runtime root as the CLI does (--runtime-root in both spellings, the nearest .loopx/
 * upward, $LOOPX_HOME) and, only for such a root, puts lib/postgresql on the class path (first for
 * the heartbeat reads, whose archive was made so; last for every other command) and names the
 * root to the JVM (-Dloopx.server-root) so the login starts at once. A Chronicle root's command
 * never sees the driver. The JVM here is a stand-in that writes down its arguments.
 */
class LauncherServerRootIT {
    static final Path DIST = Path.of("target", "loopx-dist").toAbsolutePath();

    @TempDir
    Path sandbox;

    Path jdk;
    Path argsFile;
    Path serverProject;
    Path chronicleProject;

    @BeforeEach
    void standIns() throws IOException {
        jdk = Files.createDirectories(sandbox.resolve("jdk/bin")).getParent();
        argsFile = sandbox.resolve("java-args.txt");
        Path java = jdk.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$LOOPX_TEST_ARGS\"\n");
        assertTrue(java.toFile().setExecutable(true));
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"25\"\nJAVA_RUNTIME_VERSION=\"25+0-stand-in\"\n");
        serverProject = sandbox.resolve("shared-app");
        Files.createDirectories(serverProject.resolve(".loopx/ledger"));
        Files.writeString(
                serverProject.resolve(".loopx/ledger-location"), "postgresql://db.example:5432/loopx?ledger=x\n");
        Files.createDirectories(serverProject.resolve("src/deep"));
        chronicleProject = sandbox.resolve("local-app");
        Files.createDirectories(chronicleProject.resolve(".loopx/ledger"));
    }

    private List<String> launch(Path cwd, Map<String, String> env, String... args) throws Exception {
        return launch(cwd, env, DIST.resolve("bin/loopx"), args);
    }

    private List<String> launch(Path cwd, Map<String, String> env, Path launcher, String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = launcher.toString();
        System.arraycopy(args, 0, command, 1, args.length);
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", jdk.toString());
        pb.environment().put("LOOPX_TEST_ARGS", argsFile.toString());
        pb.environment().put("LOOPX_HOME", sandbox.resolve("no-home").toString());
        pb.environment().putAll(env);
        Files.deleteIfExists(argsFile);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return Files.readAllLines(argsFile);
    }

    private static List<String> classPath(List<String> args) {
        return Arrays.asList(args.get(args.indexOf("-cp") + 1).split(":"));
    }

    /** lib/boot's module on the module path, with what it provides from there (ADR 0006 decision 10). */
    private static boolean hasJdkServices(List<String> args, Path dist) {
        return args.stream()
                        .anyMatch(a -> a.startsWith("--module-path=" + dist.resolve("lib/boot/loopx-jdk-services-")))
                && args.contains("--add-modules=dev.loopx.jdkservices")
                && args.contains("--add-exports=java.base/sun.net.www.protocol.http=dev.loopx.jdkservices");
    }

    /** conf/jvm-postgresql.args: the JIT setting for LoopX's PBKDF2 of the login (ADR 0006 decision 11). */
    private static boolean hasPostgresTuning(List<String> args, Path dist) {
        return args.contains("@" + dist.resolve("conf/jvm-postgresql.args"));
    }

    private static boolean names(List<String> args, Path root) {
        return args.contains("-Dloopx.server-root=" + root);
    }

    @Test
    void aHeartbeatReadOnAServerRootGetsTheDriverFirst_andTheRootNamed() throws Exception {
        Path root = serverProject.resolve(".loopx");
        for (String[] form : List.of(
                new String[] {"--runtime-root", root.toString(), "quota", "should-run", "--goal-id", "g"},
                new String[] {"--runtime-root=" + root, "status", "--goal-id", "g"})) {
            List<String> args = launch(sandbox, Map.of(), form);
            List<String> cp = classPath(args);
            assertTrue(cp.get(0).contains("/lib/postgresql/"), cp.toString());
            assertTrue(cp.get(1).contains("/lib/postgresql/"), cp.toString());
            assertTrue(names(args, root), args.toString());
            assertTrue(hasJdkServices(args, DIST), args.toString());
            assertTrue(hasPostgresTuning(args, DIST), args.toString());
        }
    }

    /**
     * ADR 0009: with a head holder's socket in the runtime root's holder/ folder a heartbeat read will
     * ask the holder, so it starts as a Chronicle read does (loopx-read's archive: the driver last, no
     * module), still naming the root; LOOPX_LEDGER_HOLDER=off, or a plain file where the socket would
     * be, gives the read that logs in itself. A server root's commands name the JDK's selector provider.
     */
    @Test
    void aHeartbeatReadWithAHeadHolderListeningStartsAsAChronicleRead() throws Exception {
        Path root = serverProject.resolve(".loopx");
        Path holder = Files.createDirectories(root.resolve("holder"));
        String[] read = {"--runtime-root", root.toString(), "quota", "should-run", "--goal-id", "g"};
        Files.writeString(holder.resolve("0000000000000000.sock"), "not a socket");
        assertTrue(classPath(launch(sandbox, Map.of(), read)).get(0).contains("/lib/postgresql/"));
        Files.delete(holder.resolve("0000000000000000.sock"));
        try (java.nio.channels.ServerSocketChannel socket =
                java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            socket.bind(java.net.UnixDomainSocketAddress.of(holder.resolve("0123456789abcdef.sock")));
            List<String> args = launch(sandbox, Map.of(), read);
            List<String> cp = classPath(args);
            assertFalse(cp.get(0).contains("/lib/postgresql/"), cp.toString());
            assertTrue(cp.get(cp.size() - 1).contains("/lib/postgresql/"), cp.toString());
            assertTrue(names(args, root), args.toString());
            assertFalse(hasJdkServices(args, DIST), args.toString());
            assertTrue(
                    args.contains("-Djava.nio.channels.spi.SelectorProvider=sun.nio.ch.EPollSelectorProvider"),
                    args.toString());

            List<String> off = launch(sandbox, Map.of("LOOPX_LEDGER_HOLDER", "OFF"), read);
            assertTrue(classPath(off).get(0).contains("/lib/postgresql/"), off.toString());
            assertTrue(hasJdkServices(off, DIST), off.toString());
        }
    }

    @Test
    void onAJdkBefore25TheHeartbeatReadGetsNoModule() throws Exception {
        Files.writeString(
                jdk.resolve("release"), "JAVA_VERSION=\"21.0.5\"\nJAVA_RUNTIME_VERSION=\"21.0.5+0-stand-in\"\n");
        Path root = serverProject.resolve(".loopx");
        List<String> args =
                launch(sandbox, Map.of(), "--runtime-root", root.toString(), "quota", "should-run", "--goal-id", "g");
        assertTrue(classPath(args).get(0).contains("/lib/postgresql/"), args.toString());
        assertTrue(args.stream().noneMatch(a -> a.startsWith("--module-path")), args.toString());
    }

    @Test
    void theRootIsFoundUpwardAndInLoopxHome_asTheCliFindsIt() throws Exception {
        List<String> upward = launch(serverProject.resolve("src/deep"), Map.of(), "heartbeat-prompt", "--goal-id", "g");
        assertTrue(classPath(upward).get(0).contains("/lib/postgresql/"), upward.toString());
        assertTrue(names(upward, serverProject.resolve(".loopx")), upward.toString());

        List<String> home = launch(
                sandbox, Map.of("LOOPX_HOME", serverProject.resolve(".loopx").toString()), "status", "--goal-id", "g");
        assertTrue(classPath(home).get(0).contains("/lib/postgresql/"), home.toString());
    }

    @Test
    void aWriteOnAServerRootGetsTheDriverLast() throws Exception {
        Path root = serverProject.resolve(".loopx");
        List<String> args = launch(
                sandbox, Map.of(), "--runtime-root", root.toString(), "todo", "add", "--goal-id", "g", "--text", "t");
        List<String> cp = classPath(args);
        assertFalse(cp.get(0).contains("/lib/postgresql/"), cp.toString());
        assertTrue(cp.get(cp.size() - 1).contains("/lib/postgresql/"), cp.toString());
        assertTrue(names(args, root), args.toString());
        assertTrue(args.stream().noneMatch(a -> a.startsWith("--module-path")), args.toString());
        assertTrue(hasPostgresTuning(args, DIST), args.toString()); // writes log in with SCRAM too
    }

    @Test
    void aChronicleRootNeverSeesTheDriver() throws Exception {
        Path root = chronicleProject.resolve(".loopx");
        for (String[] form : List.of(
                new String[] {"--runtime-root", root.toString(), "quota", "should-run", "--goal-id", "g"},
                new String[] {"--runtime-root", root.toString(), "todo", "add", "--goal-id", "g", "--text", "t"})) {
            List<String> args = launch(sandbox, Map.of(), form);
            assertTrue(classPath(args).stream().noneMatch(j -> j.contains("/lib/postgresql/")), args.toString());
            assertTrue(args.stream().noneMatch(a -> a.startsWith("-Dloopx.server-root")), args.toString());
            assertTrue(args.stream().noneMatch(a -> a.startsWith("--module-path")), args.toString());
            assertFalse(hasPostgresTuning(args, DIST), args.toString());
            assertTrue(args.stream().noneMatch(a -> a.contains("SelectorProvider")), args.toString());
        }
        List<String> upward = launch(chronicleProject, Map.of(), "status", "--goal-id", "g");
        assertTrue(classPath(upward).stream().noneMatch(j -> j.contains("/lib/postgresql/")), upward.toString());
    }

    /**
     * loopx-read-pg's archive holds the module path it was made with, which the JVM refuses (noisily,
     * on every start) anywhere else: a distribution copied after training reads a server root from
     * loopx-read's archive, without the module; in the folder it was made in, from its own.
     */
    @Test
    void aCopiedDistributionReadsAServerRootFromTheArchiveItCanStillUse() throws Exception {
        Path copy = sandbox.resolve("copied/loopx-dist");
        for (String dir : List.of("bin", "conf")) {
            try (var files = Files.walk(DIST.resolve(dir))) {
                for (Path f : files.toList()) {
                    Path to = copy.resolve(DIST.relativize(f).toString());
                    if (Files.isDirectory(f)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(f, to, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
            }
        }
        Path lib = Files.createDirectories(copy.resolve("lib"));
        for (String file : List.of(
                "loopx-cli-0.1.0.jar",
                "sqlite-jdbc-0.jar",
                "postgresql/loopx-ledger-postgres-0.1.0.jar",
                "postgresql/postgresql-0.jar",
                "boot/loopx-jdk-services-0.1.0.jar",
                "loopx.aot",
                "loopx-read.aot",
                "loopx-read-pg.aot")) {
            Files.createDirectories(lib.resolve(file).getParent());
            Files.writeString(lib.resolve(file), "stand-in");
        }
        // what bin/loopx-train writes: the JDK and its release file's runtime-version line
        Files.writeString(lib.resolve("archive.jdk"), jdk + " JAVA_RUNTIME_VERSION=\"25+0-stand-in\"\n");
        Path root = serverProject.resolve(".loopx");
        String[] read = {"--runtime-root", root.toString(), "quota", "should-run", "--goal-id", "g"};
        Path real = copy.toRealPath(); // the launcher's own path for its folder (cd -P)

        Files.writeString(lib.resolve("loopx-read-pg.dist"), DIST + "\n"); // made where it was built
        List<String> copied = launch(sandbox, Map.of(), copy.resolve("bin/loopx"), read);
        assertTrue(copied.contains("-XX:AOTCache=" + real.resolve("lib/loopx-read.aot")), copied.toString());
        assertTrue(copied.stream().noneMatch(a -> a.startsWith("--module-path")), copied.toString());
        List<String> cp = classPath(copied);
        assertTrue(cp.get(cp.size() - 1).contains("/lib/postgresql/"), cp.toString());

        Files.writeString(lib.resolve("loopx-read-pg.dist"), real + "\n"); // made right here
        List<String> here = launch(sandbox, Map.of(), copy.resolve("bin/loopx"), read);
        assertTrue(here.contains("-XX:AOTCache=" + real.resolve("lib/loopx-read-pg.aot")), here.toString());
        assertTrue(hasJdkServices(here, real), here.toString());
        assertTrue(classPath(here).get(0).contains("/lib/postgresql/"), here.toString());
    }
}
