package dev.loopx.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident answerer (ADR 0014) through the packaged launcher, as real processes: a heartbeat
 * read that finds none starts one in the background; later reads and {@code todo add} are answered
 * by it with no JVM started (proved with a stand-in JDK that fails if started); its answers are the
 * JVM's answers byte for byte; and each failure case ends in a correct answer or a clear refusal:
 * an answerer killed with a stale socket left behind, one killed while it has a read or a write, a
 * second runtime root, another distribution, an upgrade that replaces the runtime it runs from,
 * another OS user, an idle timeout and a deleted runtime root. The suite runs with {@code
 * LOOPX_ANSWERER=off} (pom.xml); every launch here clears it.
 */
class ResidentAnswererIT {
    static final Path DIST = Path.of("target", "loopx-dist").toAbsolutePath();
    static final String NOW = "2026-12-08T09:00:00Z";

    @TempDir
    Path sandbox;

    Path project;
    Path root;
    Path noJvm;
    final List<Long> answerers = new ArrayList<>();

    record Run(int exit, String out, String err) {}

    @BeforeEach
    void project() throws Exception {
        project = Files.createDirectories(sandbox.resolve("app"));
        root = project.resolve(".loopx");
        // a JDK that fails when started: an answer that still comes back came from no JVM
        noJvm = Files.createDirectories(sandbox.resolve("no-jvm/bin")).getParent();
        Path java = noJvm.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\necho 'a JVM was started' >&2\nexit 99\n");
        assertTrue(java.toFile().setExecutable(true));
        Files.writeString(noJvm.resolve("release"), "JAVA_VERSION=\"25\"\nJAVA_RUNTIME_VERSION=\"25+0-stand-in\"\n");
        Run connect = launch(
                DIST,
                Map.of("LOOPX_ANSWERER", "off"),
                "connect",
                "--project",
                ".",
                "--goal-id",
                "g1",
                "--objective",
                "ship the answerer");
        assertEquals(0, connect.exit(), connect.toString());
        Run add = launch(
                DIST,
                Map.of("LOOPX_ANSWERER", "off"),
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text",
                "first task");
        assertEquals(0, add.exit(), add.toString());
    }

    @AfterEach
    void stopAnswerers() throws Exception {
        answererPid(root).ifPresent(answerers::add);
        for (long pid : answerers) {
            var handle = ProcessHandle.of(pid);
            if (handle.isPresent()) {
                handle.get().destroyForcibly();
                // gone before the temporary folder is removed: it writes nothing there any more
                handle.get().onExit().get(30, TimeUnit.SECONDS);
            }
        }
    }

    private Run launch(Path dist, Map<String, String> env, String... args) throws Exception {
        return launchIn(project, dist, env, args);
    }

    private Run launchIn(Path cwd, Path dist, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        // a distribution folder, or a program given as is (script, for a terminal)
        command.add(Files.isDirectory(dist) ? dist.resolve("bin/loopx").toString() : dist.toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().remove("LOOPX_ANSWERER");
        pb.environment().put("HOME", sandbox.resolve("home").toString());
        pb.environment().put("LOOPX_HOME", sandbox.resolve("home/.loopx").toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("LOOPX_ANSWERER_IDLE_SECONDS", "120");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        var err = p.getErrorStream();
        var errText = new StringBuilder();
        Thread drain = Thread.ofVirtual().start(() -> {
            try {
                errText.append(new String(err.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                // gone
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher answered in time");
        drain.join();
        return new Run(p.exitValue(), out, errText.toString());
    }

    private static java.util.Optional<Long> answererPid(Path runtimeRoot) {
        try {
            String text = Files.readString(runtimeRoot.resolve("answerer/answerer.lock"))
                    .trim();
            long pid = Long.parseLong(text);
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(h -> pid);
        } catch (IOException | NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }

    /** Waits until the runtime root's answerer (from the packaged distribution) answers. */
    private long awaitAnswerer(Path runtimeRoot) throws Exception {
        return awaitAnswerer(runtimeRoot, DIST);
    }

    /**
     * Waits until the runtime root's answerer running from {@code dist} answers (a socket alone may be a
     * killed one's: the next one binds its own only after its warm-up).
     */
    private long awaitAnswerer(Path runtimeRoot, Path dist) throws Exception {
        Instant until = Instant.now().plus(Duration.ofSeconds(90));
        while (Instant.now().isBefore(until)) {
            var pid = answererPid(runtimeRoot);
            if (pid.isPresent()
                    && Files.exists(runtimeRoot.resolve("answerer/answerer.sock"))
                    && !List.of(75, 76)
                            .contains(ask(runtimeRoot, dist, runtimeRoot, "todo", "list")
                                    .exit())) {
                answerers.add(pid.get());
                return pid.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no answerer started for " + runtimeRoot);
    }

    private static void awaitGone(long pid) throws Exception {
        Instant until = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(until)) {
            if (ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("answerer " + pid + " did not end");
    }

    private String[] shouldRun() {
        return new String[] {"quota", "should-run", "--goal-id", "g1", "--runtime-profile", "codex_cli", "--now", NOW};
    }

    private long startAnswerer() throws Exception {
        Run first = launch(DIST, Map.of(), shouldRun());
        assertEquals(0, first.exit(), first.toString());
        return awaitAnswerer(root);
    }

    private static Map<String, String> env(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void aHeartbeatStartsOne_thenReadsAndWritesAreAnsweredWithoutAJvm_exactlyAsAJvmAnswers() throws Exception {
        startAnswerer();
        Map<String, String> noJvmEnv = env("JAVA_HOME", noJvm.toString());
        for (String[] read : List.of(
                shouldRun(),
                new String[] {"status", "--goal-id", "g1", "--now", NOW},
                new String[] {"status", "--goal-id", "g1", "--now", NOW, "--format", "text"},
                new String[] {"todo", "list", "--goal-id", "g1"},
                new String[] {"--format", "text", "todo", "list", "--goal-id", "g1"})) {
            Run resident = launch(DIST, noJvmEnv, read);
            Run jvm = launch(DIST, Map.of("LOOPX_ANSWERER", "off"), read);
            assertEquals(0, resident.exit(), resident.toString());
            assertEquals(jvm, resident, String.join(" ", read));
        }
        // on a terminal (util-linux script gives both a pseudo-terminal): the same text, colours and all
        String status = DIST.resolve("bin/loopx") + " status --goal-id g1 --now " + NOW;
        Run ttyResident = launch(Path.of("/usr/bin/script"), noJvmEnv, "-qec", status, "/dev/null");
        Run ttyJvm = launch(Path.of("/usr/bin/script"), Map.of("LOOPX_ANSWERER", "off"), "-qec", status, "/dev/null");
        assertEquals(0, ttyResident.exit(), ttyResident.toString());
        assertTrue(ttyResident.out().contains("objective  ship the answerer"), ttyResident.out());
        assertEquals(ttyJvm, ttyResident);
        // a bad input: the same structured error and exit 2, nothing written
        Run bad = launch(DIST, noJvmEnv, "todo", "add", "--goal-id", "g1", "--text", "no role");
        assertEquals(2, bad.exit(), bad.toString());
        assertTrue(bad.out().contains("\"error_code\":\"invalid_arguments\""), bad.out());
        // an acknowledged write, then seen by a JVM, from a subfolder and with a relative --runtime-root
        Run add = launch(DIST, noJvmEnv, "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "second task");
        assertEquals(0, add.exit(), add.toString());
        Path sub = Files.createDirectories(project.resolve("src/deep"));
        Run fromSub = launchIn(
                sub, DIST, noJvmEnv, "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "third task");
        assertEquals(0, fromSub.exit(), fromSub.toString());
        Run relative =
                launchIn(sandbox, DIST, noJvmEnv, "--runtime-root", "app/.loopx", "todo", "list", "--goal-id", "g1");
        assertEquals(0, relative.exit(), relative.toString());
        Run list = launch(DIST, Map.of("LOOPX_ANSWERER", "off"), "todo", "list", "--goal-id", "g1");
        for (String text : List.of("first task", "second task", "third task")) {
            assertTrue(list.out().contains(text), list.out());
            assertTrue(relative.out().contains(text), relative.out());
        }
        Run verify = launch(DIST, Map.of("LOOPX_ANSWERER", "off"), "ledger", "verify");
        assertEquals(0, verify.exit(), verify.toString());
        assertTrue(verify.out().contains("\"events_checked\":5"), verify.out());
        // a command it does not answer goes to a JVM (here the stand-in: so it fails, proving the hand-over)
        Run other = launch(DIST, noJvmEnv, "ledger", "verify");
        assertEquals(99, other.exit(), other.toString());
        Run doctor = launch(DIST, Map.of(), "doctor");
        assertTrue(
                doctor.out().contains("\"check\":\"resident_answerer\",\"ok\":true,\"detail\":\"running (process "),
                doctor.out());
        // the answerer's folder and socket are its owner's only
        assertEquals(
                "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("answerer"))));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("answerer/answerer.sock"))));
    }

    @Test
    void aKilledAnswerersSocketCostsOneJvmStart_andAnotherStarts() throws Exception {
        long pid = startAnswerer();
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        awaitGone(pid);
        assertTrue(Files.exists(root.resolve("answerer/answerer.sock")), "kill -9 leaves the socket behind");
        Run read = launch(DIST, Map.of(), shouldRun());
        Run jvm = launch(DIST, Map.of("LOOPX_ANSWERER", "off"), shouldRun());
        assertEquals(0, read.exit(), read.toString());
        assertEquals(jvm.out(), read.out());
        long next = awaitAnswerer(root);
        assertTrue(next != pid);
        assertEquals(
                0, launch(DIST, env("JAVA_HOME", noJvm.toString()), shouldRun()).exit());
    }

    @Test
    void killedWhileItHasTheCommand_aReadIsAnsweredByAJvm_aWriteIsReportedUnknown() throws Exception {
        long pid = startAnswerer();
        Run jvm = launch(DIST, Map.of("LOOPX_ANSWERER", "off"), shouldRun());
        // stopped (SIGSTOP): it accepts nothing more; killed while the read waits on it
        new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor();
        Thread killer = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(1500);
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Run read = launch(DIST, Map.of(), shouldRun());
        killer.join();
        assertEquals(0, read.exit(), read.toString());
        assertEquals(jvm.out(), read.out());

        long second = awaitAnswerer(root);
        new ProcessBuilder("kill", "-STOP", Long.toString(second)).start().waitFor();
        Thread killer2 = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(1500);
                ProcessHandle.of(second).ifPresent(ProcessHandle::destroyForcibly);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Run write = launch(DIST, Map.of(), "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "in flight");
        killer2.join();
        assertEquals(3, write.exit(), write.toString());
        assertTrue(write.err().contains("whether it landed is unknown: loopx todo list shows it"), write.err());
        assertEquals("", write.out());
    }

    @Test
    void aSecondRuntimeRootHasItsOwn_andNeitherAnswersForTheOther() throws Exception {
        startAnswerer();
        Path other = Files.createDirectories(sandbox.resolve("other"));
        assertEquals(
                0,
                launchIn(
                                other,
                                DIST,
                                Map.of("LOOPX_ANSWERER", "off"),
                                "connect",
                                "--project",
                                ".",
                                "--goal-id",
                                "g2",
                                "--objective",
                                "the other one")
                        .exit());
        Path otherRoot = other.resolve(".loopx");
        assertEquals(
                0,
                launchIn(other, DIST, Map.of(), "todo", "list", "--goal-id", "g2")
                        .exit());
        awaitAnswerer(otherRoot);
        Run two = launchIn(other, DIST, env("JAVA_HOME", noJvm.toString()), "todo", "list", "--goal-id", "g2");
        assertEquals(0, two.exit(), two.toString());
        // asked through the first root's socket for the second root: declined, nothing ran (75)
        Run crossed = ask(root, DIST, otherRoot, "todo", "list", "--goal-id", "g2");
        assertEquals(75, crossed.exit(), crossed.toString());
        assertEquals("", crossed.out());
    }

    /** bin/loopx-ask run directly, as bin/loopx runs it. */
    private Run ask(Path socketRoot, Path dist, Path runtimeRoot, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                "perl",
                dist.resolve("bin/loopx-ask").toString(),
                socketRoot.resolve("answerer/answerer.sock").toString(),
                dist.toString(),
                runtimeRoot.toString(),
                project.toString(),
                "30",
                "--runtime-root",
                runtimeRoot.toString()));
        command.addAll(List.of(args));
        return runProcess(command, Map.of());
    }

    private Run runProcess(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Run(p.exitValue(), out, err);
    }

    @Test
    void anotherDistributionIsDeclined_andAnUpgradeInPlaceEndsTheOldAnswerer() throws Exception {
        Path copy = sandbox.resolve("dist-copy");
        assertEquals(
                0,
                new ProcessBuilder("cp", "-a", DIST.toString(), copy.toString())
                        .inheritIO()
                        .start()
                        .waitFor());
        // the answerer runs from the copy
        assertEquals(0, launch(copy, Map.of(), shouldRun()).exit());
        long pid = awaitAnswerer(root, copy);
        assertEquals(
                0, launch(copy, env("JAVA_HOME", noJvm.toString()), shouldRun()).exit());
        // the packaged distribution's launcher is not answered by the copy's answerer, which ends: the
        // runtime that asks now (an installed update switched to it) takes over
        Run fromOther = launch(DIST, env("JAVA_HOME", noJvm.toString()), shouldRun());
        assertEquals(99, fromOther.exit(), fromOther.toString());
        awaitGone(pid);
        assertEquals(0, launch(copy, Map.of(), shouldRun()).exit());
        pid = awaitAnswerer(root, copy);
        // the copy's runtime is replaced in place (its CLI jar changes): the next command is not answered
        // by the old runtime, and the old answerer ends
        Path jar;
        try (Stream<Path> jars = Files.list(copy.resolve("lib"))) {
            jar = jars.filter(p -> p.getFileName().toString().startsWith("loopx-cli-"))
                    .findFirst()
                    .orElseThrow();
        }
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
        Run after = launch(copy, env("JAVA_HOME", noJvm.toString()), shouldRun());
        assertEquals(99, after.exit(), "answered by a JVM, not by the replaced runtime: " + after);
        awaitGone(pid);
    }

    @Test
    void anotherOsUserIsNeverAnswered() throws Exception {
        // asking as another user needs root to become one (setpriv): CI runs as root, so it runs there
        assumeTrue("root".equals(System.getProperty("user.name")), "asking as another OS user needs root");
        startAnswerer();
        // even with the folder and socket opened up, the answerer answers its own user only (SO_PEERCRED)
        Files.setPosixFilePermissions(root.resolve("answerer"), PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(
                root.resolve("answerer/answerer.sock"), PosixFilePermissions.fromString("rw-rw-rw-"));
        for (Path p = root; p != null; p = p.getParent()) {
            if (p.startsWith(sandbox.getParent()) && !p.equals(sandbox.getParent())) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        Path script = sandbox.resolve("loopx-ask");
        Files.copy(DIST.resolve("bin/loopx-ask"), script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path ledgerHead = root.resolve("ledger.head");
        String before = Files.readString(ledgerHead);
        Run asked = runProcess(
                List.of(
                        "setpriv",
                        "--reuid=65534",
                        "--regid=65534",
                        "--clear-groups",
                        "perl",
                        script.toString(),
                        root.resolve("answerer/answerer.sock").toString(),
                        DIST.toString(),
                        root.toString(),
                        "/",
                        "30",
                        "--runtime-root",
                        root.toString(),
                        "todo",
                        "add",
                        "--goal-id",
                        "g1",
                        "--role",
                        "agent",
                        "--text",
                        "from another user"),
                Map.of());
        assertTrue(asked.exit() == 75 || asked.exit() == 76, asked.toString());
        assertEquals("", asked.out());
        assertEquals(before, Files.readString(ledgerHead), "nothing was written");
    }

    @Test
    void itEndsWhenIdle_andWhenItsRuntimeRootIsGone() throws Exception {
        Run first = launch(DIST, env("LOOPX_ANSWERER_IDLE_SECONDS", "3"), shouldRun());
        assertEquals(0, first.exit(), first.toString());
        long pid = awaitAnswerer(root);
        awaitGone(pid);
        assertFalse(Files.exists(root.resolve("answerer/answerer.sock")), "an idle answerer takes its socket with it");

        long second = startAnswerer();
        Path moved = sandbox.resolve("moved-away");
        Files.move(project, moved);
        awaitGone(second);
    }
}
