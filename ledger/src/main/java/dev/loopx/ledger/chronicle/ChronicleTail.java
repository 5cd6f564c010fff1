package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.LedgerCheck;
import dev.loopx.ledger.LedgerDamage;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The read path's checks of a journal without opening it (no Chronicle class is loaded): that it
 * still ends with the event the head marker names (two small plain reads), and whether it is known
 * to be damaged (one {@code stat} per journal file and the {@code ledger.check} record; a check by
 * content only when the journal changed since the last acknowledged append and no command checked
 * that state yet — ADR 0011). A read of a current projection store stays as fast as before while a
 * journal cut short, zeroed or rewritten under it is noticed on every command.
 */
public final class ChronicleTail {
    private ChronicleTail() {}

    /**
     * True when the journal of {@code runtimeRoot} ends with {@code committed}'s event. A marker
     * written before markers recorded a locator cannot be checked this way and is trusted, as it
     * was then; the next append records one.
     */
    public static boolean endsAt(Path runtimeRoot, HeadMarker.Committed committed) {
        if (committed.locator() < 0) {
            return true;
        }
        return JournalFile.endsWith(runtimeRoot.resolve("ledger"), committed.locator(), committed.head());
    }

    /**
     * The damage known for the journal of {@code runtimeRoot} as it stands: what a recorded check
     * of this very state found, else — when the journal's stamp differs from the one the last
     * acknowledged append left ({@code committed}) — what a check by content finds now (recorded, so
     * the next command does not check again). Empty when sound, and when nothing can tell: no
     * committed marker (a writer is appending, or died in an append: the next write checks), or a
     * marker from before stamps were recorded.
     */
    public static Optional<LedgerDamage> knownDamage(Path runtimeRoot, Optional<HeadMarker.Committed> committed) {
        return knownDamage(runtimeRoot, committed, () -> {});
    }

    /**
     * The same; a journal too large to check by content inside a read ({@link
     * JournalFile#INLINE_CHECK_BYTES}) is handed to {@code startCheck} (a background {@code ledger
     * verify}, whose record the next reads find) and reads as not known damaged meanwhile.
     */
    public static Optional<LedgerDamage> knownDamage(
            Path runtimeRoot, Optional<HeadMarker.Committed> committed, Runnable startCheck) {
        Path dir = runtimeRoot.resolve("ledger");
        String stamp = JournalStamp.of(dir);
        String journal = JournalStamp.identity(dir);
        Optional<LedgerCheck> check = LedgerCheck.read(runtimeRoot).filter(c -> c.appliesTo(stamp, journal));
        if (check.isPresent()) {
            return check.get().sound()
                    ? Optional.empty()
                    : Optional.of(check.get().damage());
        }
        if (unchangedSince(committed, stamp)) {
            return Optional.empty();
        }
        // A writer may have appended between the marker read and the stat: read both again.
        Optional<HeadMarker.Committed> again = new HeadMarker(runtimeRoot).committedRecord();
        String now = JournalStamp.of(dir);
        if (unchangedSince(again, now)) {
            return Optional.empty();
        }
        if (!JournalFile.checkableInline(dir)) {
            startCheck.run();
            return Optional.empty();
        }
        JournalFile.Scan scan = JournalFile.scan(dir, r -> {});
        if (scan.clean()) {
            LedgerCheck.sound(
                            now,
                            journal,
                            Instant.now(),
                            "read",
                            scan.validThrough().seq())
                    .write(runtimeRoot);
            return Optional.empty();
        }
        LedgerDamage found = JournalFile.damage(dir, again.map(HeadMarker.Committed::head), scan.after(), null);
        LedgerCheck damaged = LedgerCheck.damaged(now, journal, Instant.now(), "read", found);
        damaged.write(runtimeRoot);
        return Optional.of(damaged.damage());
    }

    /** True when nothing says the journal changed since the last acknowledged append, or nothing can say. */
    private static boolean unchangedSince(Optional<HeadMarker.Committed> committed, String stamp) {
        return committed.isEmpty()
                || committed.get().stamp().isEmpty()
                || JournalStamp.sameContent(committed.get().stamp(), stamp);
    }
}
