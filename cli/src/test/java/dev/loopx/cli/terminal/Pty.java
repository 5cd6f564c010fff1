package dev.loopx.cli.terminal;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.loopx.application.ProcessView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A program run under a real pseudo-terminal ({@code src/test/resources/terminal/pty_run.py}, the
 * Python standard library's {@code pty}; no network): what a person at a 120-column terminal
 * would see, as bytes. JVM children start the way the launcher starts them (the argument files
 * surefire names in {@code loopx.jvm.args.dir}) with the test class path, in a clean environment.
 */
final class Pty {
    static final int COLUMNS = 120;
    private static final Path SCRIPT = Path.of("src", "test", "resources", "terminal", "pty_run.py");

    private Pty() {}

    /** What the terminal showed and the exit code. */
    record Shown(int exit, String text) {}

    /** Runs {@code main} of {@code mainClass} with {@code args} under a terminal; stderr to {@code stderrFile} when given. */
    static Shown java(Path cwd, Map<String, String> env, Path stderrFile, String mainClass, String... args)
            throws IOException, InterruptedException {
        assertTrue(python(), "python3 with the pty module is needed for the terminal tests (.ci/run installs it)");
        List<String> command =
                new ArrayList<>(List.of("python3", SCRIPT.toAbsolutePath().toString(), String.valueOf(COLUMNS)));
        if (stderrFile != null) {
            command.addAll(List.of("--stderr", stderrFile.toString()));
        }
        command.add("--");
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgFiles());
        command.add("-Duser.home=" + env.get("HOME"));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        // a fixed PATH (no tool of the developer's own), and the scenario's Codex App probe sees only this JVM's
        // children
        pb.environment().put("PATH", "/usr/bin:/bin");
        pb.environment().putAll(ProcessView.ownChildren().childVariables());
        pb.environment().put("LANG", "C.UTF-8");
        pb.environment().put("TERM", "xterm");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("the terminal run did not end");
        }
        return new Shown(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private static boolean python() {
        try {
            Process p = new ProcessBuilder("python3", "-c", "import pty, fcntl, termios")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static List<String> jvmArgFiles() {
        String dir = System.getProperty("loopx.jvm.args.dir");
        if (dir == null || !Files.isRegularFile(Path.of(dir, "jvm-common.args"))) {
            fail("system property loopx.jvm.args.dir must name cli/src/dist/conf (surefire sets it); got " + dir);
        }
        List<String> files = new ArrayList<>();
        files.add("@" + Path.of(dir, "jvm-common.args"));
        if (Runtime.version().feature() >= 23) {
            files.add("@" + Path.of(dir, "jvm-jdk23.args"));
        }
        return files;
    }

    /**
     * The bytes as a golden file holds them: CRLF (the terminal's line end) as a newline, a bare
     * carriage return as {@code <CR>}, ESC as {@code <ESC>}; what differs by machine or moment (the
     * Java version, rates, elapsed time) replaced by a word.
     */
    static String normalized(String shown) {
        return shown.replace("\r\n", "\n")
                .replace("\r", "<CR>")
                .replace("\u001b", "<ESC>")
                .replaceAll("Java \\d+", "Java N")
                .replaceAll("java +\\d+[^\\s]*", "java  N")
                .replaceAll("[\\d,]+ events/s", "N events/s")
                .replaceAll("ETA \\d+s", "ETA Ns")
                .replaceAll("\\d+ ms\\b", "N ms");
    }
}
