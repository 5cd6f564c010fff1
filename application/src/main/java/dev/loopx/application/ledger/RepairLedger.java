package dev.loopx.application.ledger;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.Salvage;
import dev.loopx.ledger.audit.LedgerTransfer;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.lock.LedgerLock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
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
 * keeps the valid chain — every event from seq 1 that reads sound with plain file I/O and agrees
 * with the acknowledged head — and nothing else. Preview by default; with {@code execute} it moves
 * the damaged journal, its head marker and projection store aside (kept under
 * {@code private/damaged-ledgers/<time>/}, never deleted), writes a fresh journal holding the valid
 * chain with its hashes reproduced bit for bit, and rebuilds the projections. A sound ledger is
 * left alone.
 */
public final class RepairLedger {
    private RepairLedger() {}

    public record Request(boolean execute) {}

    /** What the repair found, and did. */
    public sealed interface Outcome {
        /** Nothing to repair: {@code ledger verify} passes. */
        record Sound(VerifyReport report) implements Outcome {}

        /**
         * The ledger is damaged. {@code keep} is the valid chain's head, {@code acknowledged} the
         * highest head this root acknowledged (-1: unknown); {@code keptAt} is where the damaged
         * files were moved (empty in a preview).
         */
        record Damaged(String problem, Head keep, long acknowledged, boolean repaired, String keptAt)
                implements Outcome {
            /** Acknowledged events the repair does not keep (0 when unknown). */
            public long lost() {
                return Math.max(0, acknowledged - keep.seq());
            }
        }
    }

    public static Outcome run(Invocation invocation, Request request) throws IOException {
        return run(invocation, request, phase -> RebuildProgress.NONE);
    }

    /**
     * The same, reporting each pass over the events to the progress {@code phase} names:
     * {@code verify} (finding the damage), then with {@code execute} {@code write} (the valid chain
     * into the fresh journal) and {@code rebuild} (the projections).
     */
    public static Outcome run(Invocation invocation, Request request, Function<String, RebuildProgress> phase)
            throws IOException {
        Path root = invocation.runtimeRoot();
        try (LoopxRuntime initialised = Composition.open(invocation)) {
            // refuses a root that is not initialised before a file is touched
            if (!initialised.usesLocalMarker()) {
                throw new InvalidRequest(
                        "invalid_arguments",
                        "ledger repair keeps the valid chain of an embedded journal; a PostgreSQL ledger is restored"
                                + " with PostgreSQL's own backups (see docs/postgresql.md)");
            }
        }
        String problem;
        long acknowledged = new HeadMarker(root).committed().map(Head::seq).orElse(-1L);
        try {
            VerifyReport report = VerifyLedger.run(invocation, phase.apply("verify"));
            if (report.ok()) {
                return new Outcome.Sound(report);
            }
            problem = report.problem();
        } catch (LedgerDamage damage) {
            problem = damage.getMessage();
            acknowledged = Math.max(acknowledged, damage.acknowledgedSeq());
        }
        List<Recorded> keep = agreeingWithTheMarker(root, Composition.salvage(root));
        Head head = keep.isEmpty()
                ? Head.EMPTY
                : new Head(keep.getLast().seq(), keep.getLast().hash());
        if (!request.execute()) {
            return new Outcome.Damaged(problem, head, acknowledged, false, "");
        }
        String keptAt;
        try (LedgerLock.Held held = new LedgerLock(root).acquire()) {
            keptAt = moveAside(root, invocation);
            LoopxRuntime.initialise(root);
            try (LoopxRuntime runtime = Composition.open(invocation)) {
                StringBuilder lines = new StringBuilder();
                for (Recorded r : keep) {
                    lines.append(new String(EnvelopeCodec.toBytes(r), StandardCharsets.UTF_8))
                            .append('\n');
                }
                RebuildProgress writing = phase.apply("write");
                long total = keep.size();
                new LedgerTransfer(runtime.codec())
                        .importInto(
                                runtime.ledger(),
                                new BufferedReader(new StringReader(lines.toString())),
                                done -> writing.update(done, Math.max(done, total)));
                runtime.rebuild(phase.apply("rebuild")::update);
            }
        }
        return new Outcome.Damaged(problem, head, acknowledged, true, keptAt);
    }

    /**
     * The salvaged chain, cut before an event that differs from the one the head marker
     * acknowledged at its seq (a rewritten event with a recomputed hash is not part of the truth).
     */
    private static List<Recorded> agreeingWithTheMarker(Path root, Salvage salvage) {
        Optional<Head> marker = new HeadMarker(root).committed();
        List<Recorded> events = new ArrayList<>(salvage.events());
        if (marker.isPresent() && marker.get().seq() >= 1 && marker.get().seq() <= events.size()) {
            Recorded at = events.get((int) marker.get().seq() - 1);
            if (!at.hash().equals(marker.get().hash())) {
                return events.subList(0, (int) marker.get().seq() - 1);
            }
        }
        return events;
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
