package dev.loopx.application.resident;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One command handed to the resident answerer (ADR 0014) by {@code bin/loopx-ask}, and its answer.
 * The exchange, version 1, every integer 4 bytes big-endian:
 *
 * <pre>
 * request: "LXA1", n, n × (length, UTF-8 bytes): the distribution's folder, the runtime root as the
 *          launcher found it, the working directory, the asking process's id, "TT" (stdout and
 *          stderr a terminal: 1 or 0 each), the number k of environment entries, k × "NAME=value",
 *          then the command's arguments
 * answer:  "LXA1", exit code (−1: declined, nothing ran: run it yourself), length, stdout bytes,
 *          length, stderr bytes
 * </pre>
 */
public record ResidentRequest(
        String distribution,
        String launcherRoot,
        Path workingDirectory,
        long pid,
        boolean stdoutTerminal,
        boolean stderrTerminal,
        Map<String, String> environment,
        List<String> args) {
    static final byte[] MAGIC = "LXA1".getBytes(StandardCharsets.US_ASCII);

    /** A request larger than this is refused unread (a command line and an environment are far smaller). */
    static final int MAX_BYTES = 4 << 20;

    /** The exit code of a declined request: nothing ran. */
    public static final int DECLINED = -1;

    /** A request that is not one (bad magic, too large, malformed): the connection is dropped. */
    static final class Malformed extends IOException {
        Malformed(String why) {
            super(why);
        }
    }

    static ResidentRequest read(DataInputStream in) throws IOException {
        byte[] magic = in.readNBytes(MAGIC.length);
        if (!Arrays.equals(magic, MAGIC)) {
            throw new Malformed("not a LoopX request");
        }
        int count = in.readInt();
        if (count < 6 || count > 100_000) {
            throw new Malformed("field count " + count);
        }
        int budget = MAX_BYTES;
        List<String> fields = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int length = in.readInt();
            if (length < 0 || length > budget) {
                throw new Malformed("field length " + length);
            }
            budget -= length;
            byte[] bytes = in.readNBytes(length);
            if (bytes.length != length) {
                throw new EOFException();
            }
            fields.add(new String(bytes, StandardCharsets.UTF_8));
        }
        int entries;
        long pid;
        try {
            entries = Integer.parseInt(fields.get(5));
            pid = Long.parseLong(fields.get(3));
        } catch (NumberFormatException e) {
            throw new Malformed("a count or a process id is not a number");
        }
        if (entries < 0 || 6 + entries > count) {
            throw new Malformed("environment entries " + entries);
        }
        Map<String, String> environment = new HashMap<>();
        for (int i = 6; i < 6 + entries; i++) {
            String entry = fields.get(i);
            int eq = entry.indexOf('=');
            if (eq > 0) {
                environment.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        Path cwd;
        try {
            cwd = Path.of(fields.get(2));
        } catch (InvalidPathException e) {
            throw new Malformed("working directory");
        }
        if (!cwd.isAbsolute()) {
            throw new Malformed("working directory is not absolute");
        }
        String tty = fields.get(4);
        return new ResidentRequest(
                fields.get(0),
                fields.get(1),
                cwd,
                pid,
                tty.startsWith("1"),
                tty.length() > 1 && tty.charAt(1) == '1',
                environment,
                List.copyOf(fields.subList(6 + entries, count)));
    }

    /** Writes one answer ({@link #DECLINED} with an empty stdout for a declined request). */
    static void answer(DataOutputStream out, int exit, byte[] stdout, byte[] stderr) throws IOException {
        out.write(MAGIC);
        out.writeInt(exit);
        out.writeInt(stdout.length);
        out.write(stdout);
        out.writeInt(stderr.length);
        out.write(stderr);
        out.flush();
    }
}
