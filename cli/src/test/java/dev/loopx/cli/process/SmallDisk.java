package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real small file system for disk-full tests: a tmpfs of a given size, mounted in a private mount
 * namespace held by one {@code sleep} process ({@code unshare -m}, plus {@code -r} — a user
 * namespace — when not root), so nothing outside the test sees it and it vanishes with the holder.
 * Children enter it with {@link #enter()} ({@code nsenter}). Fails — never skips — when the machine
 * cannot make one.
 */
final class SmallDisk implements AutoCloseable {
    private final Path mountPoint;
    private final Process holder;
    private final List<String> enter;

    private SmallDisk(Path mountPoint, Process holder, List<String> enter) {
        this.mountPoint = mountPoint;
        this.holder = holder;
        this.enter = enter;
    }

    static SmallDisk mount(Path mountPoint, long bytes) throws IOException, InterruptedException {
        Files.createDirectories(mountPoint);
        boolean root = "0".equals(run(List.of("id", "-u")).trim());
        List<String> unshare = new ArrayList<>(List.of("unshare", "-m", "--propagation", "private"));
        if (!root) {
            unshare.add(1, "-r");
        }
        unshare.addAll(List.of(
                "sh",
                "-c",
                "mount -t tmpfs -o size=" + bytes + ",mode=0700 loopx-small-disk '" + mountPoint
                        + "' && echo ready && exec sleep 86400"));
        Process holder = new ProcessBuilder(unshare).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (!"ready".equals(line)) {
            holder.destroyForcibly();
            fail("cannot mount a small tmpfs for the disk-full test (" + line + "): it needs root, or unprivileged"
                    + " user namespaces (unshare -rm), and the util-linux unshare/nsenter tools");
        }
        List<String> enter = new ArrayList<>(List.of("nsenter", "-t", Long.toString(holder.pid())));
        enter.addAll(root ? List.of("-m", "--") : List.of("-U", "-m", "--preserve-credentials", "--"));
        return new SmallDisk(mountPoint, holder, List.copyOf(enter));
    }

    /** The command prefix that runs a program inside the namespace, where the disk is mounted. */
    List<String> enter() {
        return enter;
    }

    Path path() {
        return mountPoint;
    }

    /** Runs a shell script inside the namespace; returns its stdout (fails on a non-zero exit). */
    String sh(String script) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(enter);
        command.addAll(List.of("sh", "-c", script));
        return run(command);
    }

    /** Bytes free on the disk, as {@code df} says. */
    long available() throws IOException, InterruptedException {
        return Long.parseLong(
                sh("df --output=avail -B1 '" + mountPoint + "' | tail -1").trim());
    }

    /** Fills the disk with one filler file until about {@code free} bytes are left (0: full). */
    void fillLeaving(long free) throws IOException, InterruptedException {
        release();
        long n = available() - free;
        if (n > 0) {
            sh("head -c " + n + " /dev/zero > '" + mountPoint + "/filler' 2>/dev/null || true");
        }
    }

    /** Remounts the disk read-only (or writable again): even root cannot write to it then. */
    void readOnly(boolean readOnly) throws IOException, InterruptedException {
        sh("mount -o remount," + (readOnly ? "ro" : "rw") + " '" + mountPoint + "'");
    }

    /** Gives the filler's space back. */
    void release() throws IOException, InterruptedException {
        sh("rm -f '" + mountPoint + "/filler'");
    }

    @Override
    public void close() {
        holder.destroyForcibly();
        try {
            holder.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text;
        try {
            text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            fail(command + " failed: " + text);
        }
        return text;
    }
}
