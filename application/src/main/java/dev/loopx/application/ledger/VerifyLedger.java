package dev.loopx.application.ledger;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.LedgerCheck;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.audit.Counted;
import dev.loopx.ledger.audit.LedgerVerifier;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.projections.ProjectionStore;
import java.time.Instant;
import java.util.Iterator;
import java.util.Optional;

/**
 * Use case "is the ledger sound?" ({@code ledger verify}, SPEC §S2): every stored event from seq 1
 * through whichever {@code Ledger} the composition root opened — dense seq, the hash chain, every
 * hash and event_id, every payload decodable — and no acknowledged tail missing (the head
 * marker). Reads only; never takes the write lock.
 */
public final class VerifyLedger {
    private VerifyLedger() {}

    public static VerifyReport run(Invocation invocation) {
        return run(invocation, RebuildProgress.NONE);
    }

    /** {@link #run(Invocation)}, reporting events checked / the head's seq as it goes. */
    public static VerifyReport run(Invocation invocation, RebuildProgress progress) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            return verify(runtime, progress);
        }
    }

    /** The same check, its result not recorded: {@code ledger repair}'s preview writes nothing. */
    public static VerifyReport runUnrecorded(Invocation invocation, RebuildProgress progress) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            return check(runtime, progress);
        }
    }

    /** The same check on a runtime root that is already open (the health check shares it). */
    public static VerifyReport verify(LoopxRuntime runtime) {
        return verify(runtime, RebuildProgress.NONE);
    }

    /**
     * {@link #verify(LoopxRuntime)}, reporting {@code (checked, head seq)} every
     * {@value Counted#REPORT_EVERY} events and once at the end; the caller decides how often to draw.
     */
    public static VerifyReport verify(LoopxRuntime runtime, RebuildProgress progress) {
        // the state checked, taken first: an append meanwhile changes it, and the result then speaks
        // for a state that is gone (a later command checks again)
        Optional<String> stamp =
                runtime.usesLocalMarker() ? Optional.of(Composition.journalStamp(runtime.root())) : Optional.empty();
        VerifyReport report = check(runtime, progress);
        if (stamp.isPresent()) {
            record(runtime, stamp.get(), Composition.journalIdentity(runtime.root()), report);
        } else {
            recordOnServer(runtime, report);
        }
        return report;
    }

    /**
     * A server ledger (ADR 0013): damage found is recorded on the server, for every machine's reads
     * and writes, until a repair; a sound result clears nothing there (a change the server itself
     * recorded stays for the owner's repair to look at). This runtime root notes when it checked, so
     * the periodic check knows when the next one is due.
     */
    private static void recordOnServer(LoopxRuntime runtime, VerifyReport report) {
        if (!report.ok()) {
            runtime.ledger().recordDamage(damageOf(report), "verify");
        }
        LedgerCheck.sound(SERVER, SERVER, Instant.now(), "verify", report.head().seq())
                .write(runtime.root());
    }

    /** The stamp and journal of a server ledger's local check record: only its time is read (scheduling). */
    private static final String SERVER = "server";

    private static LedgerDamage damageOf(VerifyReport report) {
        return LedgerDamage.from(report.head().seq(), report.firstBadSeq(), report.problem());
    }

    /**
     * Records the result where every read sees it (ADR 0011, {@code ledger.check}): damage found here
     * is shown by {@code status}, {@code should-run} and {@code global-risks} and refused by every write
     * until a repair; a sound result spares the next command a check of the same state.
     */
    private static void record(LoopxRuntime runtime, String stamp, String journal, VerifyReport report) {
        Instant now = Instant.now();
        LedgerCheck check = report.ok()
                ? LedgerCheck.sound(stamp, journal, now, "verify", report.head().seq())
                : LedgerCheck.damaged(stamp, journal, now, "verify", damageOf(report));
        check.write(runtime.root());
    }

    /** The check itself, recorded nowhere (a repair's own look at the ledger it is about to replace). */
    static VerifyReport check(LoopxRuntime runtime, RebuildProgress progress) {
        Optional<Head> acknowledged = acknowledged(runtime);
        long total = progress == RebuildProgress.NONE
                ? 0
                : Math.max(0, runtime.ledger().head().seq());
        try (EventCursor cursor = runtime.ledger().readFrom(1)) {
            Iterator<Recorded> events = progress == RebuildProgress.NONE
                    ? cursor
                    : Counted.of(cursor, done -> progress.update(done, Math.max(done, total)));
            return new LedgerVerifier(runtime.codec()).verify(events, acknowledged);
        } catch (LedgerDamage damage) {
            // Damage found before the first event could be read (the queue file cut short, its header
            // flipped): the same diagnosis every other command gives, as the report.
            return new VerifyReport(
                    damage.validThroughSeq(),
                    new Head(damage.validThroughSeq(), ""),
                    damage.firstBadSeq(),
                    damage.getMessage());
        }
    }

    /** The projection store's checkpoint as it stands, when it holds any event (a damaged store: none). */
    static Optional<Head> storeCheckpoint(LoopxRuntime runtime) {
        try {
            Optional<ProjectionStore> existing = runtime.existingStore();
            if (existing.isPresent()) {
                try (ProjectionStore s = existing.get()) {
                    return Optional.of(s.checkpoint()).filter(h -> h.seq() > 0);
                }
            }
        } catch (RuntimeException unreadable) {
            // A damaged store is not evidence about the ledger; the marker still is.
        }
        return Optional.empty();
    }

    /**
     * The highest head this runtime root is known to have acknowledged: the head marker, or the
     * projection store's checkpoint when it holds more (a ledger that shrank with its marker
     * deleted is still a lost tail).
     */
    private static Optional<Head> acknowledged(LoopxRuntime runtime) {
        // A server ledger has no local marker to hold it to (other machines append; ADR 0006).
        Optional<Head> marker =
                runtime.usesLocalMarker() ? new HeadMarker(runtime.root()).committed() : Optional.empty();
        Optional<Head> store = storeCheckpoint(runtime);
        if (store.isPresent() && store.get().seq() > marker.map(Head::seq).orElse(0L)) {
            return store;
        }
        return marker;
    }
}
