package dev.loopx.application.composition;

import dev.loopx.application.Invocation;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.LedgerCheck;
import dev.loopx.ledger.files.OwnerOnly;
import dev.loopx.ledger.process.Detached;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The periodic check of a journal by content that LoopX schedules itself (ADR 0011): what the
 * stamp cannot see (bit rot, a change that kept the file's ctime) is found within a day. After a
 * write or a heartbeat of a runtime root whose last check by content ({@code ledger.check}) is
 * older than {@code LOOPX_LEDGER_CHECK_HOURS} (default 24; {@code 0}: never), a {@code ledger verify}
 * is started in the background at the lowest CPU priority ({@code nice -n 19}); it records what it
 * finds, for every command to see (a server ledger's damage on the server, ADR 0013; each machine
 * checks its shared ledger on its own schedule). The command that starts it does not wait for it. At most one
 * start per hour per runtime root ({@code ledger.check.started}).
 */
public final class ScheduledLedgerCheck {
    /** How often, in hours; 0 turns the periodic check off. */
    public static final String HOURS = "LOOPX_LEDGER_CHECK_HOURS";

    static final String STARTED = "ledger.check.started";
    /** The lowest CPU priority: the check never competes with the agent's own work. */
    static final String NICE = "nice -n 19 ";

    private static final long DEFAULT_HOURS = 24;
    private static final Duration RESTART_AFTER = Duration.ofHours(1);

    private ScheduledLedgerCheck() {}

    /** Starts the check when it is due (nothing when it is not, or cannot be started from here). */
    public static void startWhenDue(Invocation invocation, LoopxRuntime runtime) {
        if (invocation.variable("LOOPX_ARCHIVE_TRAINING").isPresent()) {
            return;
        }
        Optional<Path> launcher = launcher();
        if (launcher.isEmpty()) {
            return; // tests and the IDE: no distribution to start it with
        }
        Optional<List<String>> command = due(invocation, runtime.root(), launcher.get(), Instant.now());
        if (command.isPresent()) {
            start(runtime.root(), command.get());
        }
    }

    /** The distribution's launcher, when this process runs from one (no lambdas: every heartbeat runs this). */
    private static Optional<Path> launcher() {
        Optional<Path> dist = Composition.distribution();
        if (dist.isEmpty()) {
            return Optional.empty();
        }
        Path launcher = dist.get().resolve("bin").resolve("loopx");
        return Files.isExecutable(launcher) ? Optional.of(launcher) : Optional.empty();
    }

    /**
     * Starts the check now: a command found the journal changed since the last acknowledged append and
     * too large to check by content itself. Once per state of the journal (its stamp) and hour.
     */
    public static void startNow(Path root) {
        Optional<Path> launcher = launcher();
        if (launcher.isEmpty()) {
            return;
        }
        String stamp = Composition.journalStamp(root);
        Path started = root.resolve(STARTED);
        try {
            if (Files.exists(started)
                    && Files.readString(started).trim().equals(stamp)
                    && Files.getLastModifiedTime(started)
                            .toInstant()
                            .isAfter(Instant.now().minus(RESTART_AFTER))) {
                return; // running, or ran, for this very state
            }
        } catch (IOException e) {
            return;
        }
        start(root, verify(launcher.get(), root));
    }

    /** The command that checks {@code root} when a check is due at {@code now}; empty when it is not. */
    static Optional<List<String>> due(Invocation invocation, Path root, Path launcher, Instant now) {
        long hours = hours(invocation);
        if (hours <= 0 || !Files.isDirectory(root.resolve("ledger"))) {
            return Optional.empty();
        }
        Optional<LedgerCheck> last = LedgerCheck.read(root);
        if (last.isPresent() && last.get().checkedAt().isAfter(now.minus(Duration.ofHours(hours)))) {
            return Optional.empty();
        }
        try {
            Path started = root.resolve(STARTED);
            if (Files.exists(started)
                    && Files.getLastModifiedTime(started).toInstant().isAfter(now.minus(RESTART_AFTER))) {
                return Optional.empty();
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(verify(launcher, root));
    }

    private static List<String> verify(Path launcher, Path root) {
        // started detached (Detached: in the background, no child of this process) at the lowest priority
        return List.of(launcher.toString(), "--runtime-root", root.toString(), "ledger", "verify", "--format", "json");
    }

    private static long hours(Invocation invocation) {
        Optional<String> value = invocation.variable(HOURS);
        if (value.isEmpty()) {
            return DEFAULT_HOURS;
        }
        try {
            return Long.parseLong(value.get().trim());
        } catch (NumberFormatException e) {
            return DEFAULT_HOURS;
        }
    }

    private static void start(Path root, List<String> command) {
        try {
            Path started = root.resolve(STARTED);
            if (!Files.exists(started)) {
                Files.createFile(started, OwnerOnly.fileAttribute());
            }
            Files.writeString(
                    started,
                    Composition.journalStamp(root) + "\n",
                    StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING,
                    LinkOption.NOFOLLOW_LINKS);
            Files.setLastModifiedTime(started, FileTime.from(Instant.now()));
            Detached.start(NICE, command);
        } catch (IOException | RuntimeException e) {
            // not started: the next command tries again in an hour
        }
    }
}
