package dev.loopx.ledger.process;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a LoopX process that outlives the command starting it (a head holder, a background ledger
 * check): through {@code /bin/sh}, which puts it in the background and ends at once, so it is no
 * child of this process — whose exit would otherwise wait (≈ 300 ms) for the JDK's thread that
 * reaps children — and it is reparented instead of left a zombie when it ends. Its input, output and
 * errors go nowhere, so the host reading this command's output never waits for it, and it never
 * inherits a class-data archive training run ({@code bin/loopx-train}'s {@code LOOPX_ARCHIVE_TRAINING*}
 * variables: two JVMs writing one archive spoil it).
 */
public final class Detached {
    private Detached() {}

    /**
     * Runs {@code program args…} in the background, with {@code prefix} before it in the shell line
     * (e.g. {@code nice -n 19 }, or empty). Best effort: false when it could not be started.
     */
    public static boolean start(String prefix, List<String> programAndArgs) {
        List<String> command =
                new ArrayList<>(List.of("/bin/sh", "-c", prefix + "\"$0\" \"$@\" </dev/null >/dev/null 2>&1 &"));
        command.addAll(programAndArgs);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(k -> k.startsWith("LOOPX_ARCHIVE_TRAINING"));
        try {
            Process starter = builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!starter.waitFor(2, TimeUnit.SECONDS)) {
                starter.destroyForcibly();
                return false;
            }
            return starter.exitValue() == 0;
        } catch (IOException | RuntimeException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
