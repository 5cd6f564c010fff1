package dev.loopx.application.ledger;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.RepairableLedger;
import dev.loopx.ledger.Salvage;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.ledger.lock.LedgerLock;
import dev.loopx.ledger.lock.WriteLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Use case "continue after damage" ({@code ledger repair}), the owner's explicit path once a
 * ledger is damaged, cut short or rewritten (no other command ever writes on top of damage). It
 * keeps every event whose own bytes are intact and loses only the damaged ones ({@link Salvage}):
 * the valid chain up to the first damaged event exactly as stored, every intact event after it
 * re-appended at its own seq on a new chain, and a {@code ledger.repaired} event at each lost seq
 * ({@link RepairedChain}, ADR 0012). Preview by default; with {@code execute} it moves the damaged
 * journal (with {@code metadata.cq4t}), its head marker and projection store aside (kept under
 * {@code private/damaged-ledgers/<time>/}, never deleted), writes a fresh journal and rebuilds the
 * projections. A sound ledger is left alone.
 */
public final class RepairLedger {
    private RepairLedger() {}

    public record Request(boolean execute) {}

    /** What the repair found, and did. */
    public sealed interface Outcome {
        /** Nothing to repair: {@code ledger verify} passes. */
        record Sound(VerifyReport report) implements Outcome {}

        /**
         * The ledger is damaged. {@code salvage} says what is kept and lost, {@code acknowledged} is
         * the highest head this root acknowledged (-1: unknown), {@code head} the repaired ledger's
         * head (in a preview its seq, with an empty hash), {@code keptAt} where the damaged files
         * were moved (empty in a preview).
         */
        record Damaged(String problem, Salvage salvage, long acknowledged, Head head, boolean repaired, String keptAt)
                implements Outcome {
            /** Acknowledged events the repair loses (0 when the acknowledged head is unknown). */
            public long acknowledgedLost() {
                return acknowledged < 0
                        ? 0
                        : salvage.lost().stream()
                                .filter(l -> l.seq() <= acknowledged)
                                .count();
            }
        }
    }

    public static Outcome run(Invocation invocation, Request request) throws IOException {
        return run(invocation, request, phase -> RebuildProgress.NONE);
    }

    /**
     * The same, reporting each pass over the events to the progress {@code phase} names:
     * {@code verify} (finding the damage), then with {@code execute} {@code write} (the fresh
     * journal) and {@code rebuild} (the projections).
     */
    public static Outcome run(Invocation invocation, Request request, Function<String, RebuildProgress> phase)
            throws IOException {
        Path root = invocation.runtimeRoot();
        try (LoopxRuntime initialised = Composition.open(invocation)) {
            // refuses a root that is not initialised before a file is touched
            if (!initialised.usesLocalMarker()) {
                return repairOnServer(initialised, invocation, request, phase);
            }
        }
        String problem;
        long acknowledged = new HeadMarker(root).committed().map(Head::seq).orElse(-1L);
        try {
            VerifyReport report = VerifyLedger.runUnrecorded(invocation, phase.apply("verify"));
            if (report.ok()) {
                return new Outcome.Sound(report);
            }
            problem = report.problem();
        } catch (LedgerDamage damage) {
            problem = damage.getMessage();
            acknowledged = Math.max(acknowledged, damage.acknowledgedSeq());
        }
        Salvage salvage = Composition.salvage(root);
        if (!request.execute()) {
            return new Outcome.Damaged(problem, salvage, acknowledged, new Head(salvage.headSeq(), ""), false, "");
        }
        String keptAt;
        Head head;
        try (LedgerLock.Held held = new LedgerLock(root).acquire()) {
            keptAt = moveAside(root, invocation);
            LoopxRuntime.initialise(root);
            try (LoopxRuntime runtime = Composition.open(invocation)) {
                RebuildProgress writing = phase.apply("write");
                long total = salvage.headSeq();
                head = RepairedChain.write(
                        runtime.ledger(),
                        runtime.codec(),
                        salvage,
                        invocation.now(),
                        done -> writing.update(done, Math.max(done, total)));
                runtime.rebuild(phase.apply("rebuild")::update);
            }
        }
        return new Outcome.Damaged(problem, salvage, acknowledged, head, true, keptAt);
    }

    /**
     * A server ledger (ADR 0013): the same salvage from its rows, and the repaired chain replaces them
     * in one transaction on the server, the replaced rows kept in {@code loopx_damaged_events}. Damage
     * recorded on the server with every event intact (a row changed and changed back, a column of no
     * event) is repaired by clearing the record, nothing lost. The salvage is read again under the
     * ledger's lock, so nothing another machine appends meanwhile is left out.
     */
    private static Outcome repairOnServer(
            LoopxRuntime runtime, Invocation invocation, Request request, Function<String, RebuildProgress> phase) {
        if (!(runtime.ledger() instanceof RepairableLedger ledger)) {
            throw new InvalidRequest(
                    "invalid_arguments",
                    "this server ledger cannot be repaired by LoopX; restore it with the server's own backups"
                            + " (see docs/postgresql.md)");
        }
        Optional<Head> acknowledged = VerifyLedger.storeCheckpoint(runtime);
        long ackSeq = acknowledged.map(Head::seq).orElse(-1L);
        ledger.head();
        Optional<LedgerDamage> recorded = ledger.recordedDamage();
        VerifyReport report = VerifyLedger.check(runtime, phase.apply("verify"));
        if (report.ok() && recorded.isEmpty()) {
            return new Outcome.Sound(report);
        }
        String problem = report.ok() ? recorded.get().getMessage() : report.problem();
        if (!request.execute()) {
            Salvage salvage = ledger.salvage(acknowledged);
            return new Outcome.Damaged(problem, salvage, ackSeq, new Head(salvage.headSeq(), ""), false, "");
        }
        Salvage salvage;
        String keptAt;
        try (WriteLock.Held held = runtime.lock().acquire()) {
            salvage = ledger.salvage(acknowledged);
            Ledger repaired = Composition.scratchLedger();
            RebuildProgress writing = phase.apply("write");
            long total = salvage.headSeq();
            RepairedChain.write(
                    repaired,
                    runtime.codec(),
                    salvage,
                    invocation.now(),
                    done -> writing.update(done, Math.max(done, total)));
            List<Recorded> chain = new ArrayList<>();
            try (EventCursor events = repaired.readFrom(1)) {
                events.forEachRemaining(chain::add);
            }
            keptAt = ledger.replaceWith(chain);
        }
        runtime.rebuild(phase.apply("rebuild")::update);
        return new Outcome.Damaged(problem, salvage, ackSeq, ledger.head(), true, keptAt);
    }

    /** Moves the journal, marker and store into {@code private/damaged-ledgers/<time>/} (0700); returns that path relative to the root. */
    private static String moveAside(Path root, Invocation invocation) throws IOException {
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
                .format(invocation.now().atZone(ZoneOffset.UTC));
        Path parent = root.resolve("private").resolve("damaged-ledgers");
        Path target = parent.resolve(stamp);
        for (int n = 2; Files.exists(target); n++) {
            target = parent.resolve(stamp + "-" + n);
        }
        try {
            Files.createDirectories(target);
            Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwx------"));
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
            for (String name : List.of(
                    "ledger",
                    "ledger.head",
                    // the record of the check that found the damage goes with the journal it speaks for
                    "ledger.check",
                    "projections.db",
                    "projections.db-wal",
                    "projections.db-shm",
                    "projections.db-journal")) {
                Path from = root.resolve(name);
                if (Files.exists(from, LinkOption.NOFOLLOW_LINKS)) {
                    Files.move(from, target.resolve(name));
                }
            }
        } catch (IOException | UnsupportedOperationException e) {
            throw new LedgerException(
                    "runtime_root_unwritable", "the damaged ledger could not be moved aside; nothing was repaired", e);
        }
        return root.relativize(target).toString();
    }
}
