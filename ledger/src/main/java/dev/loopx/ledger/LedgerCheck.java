package dev.loopx.ledger;

import dev.loopx.ledger.files.AtomicReplace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The last check of a journal by content ({@code <runtime-root>/ledger.check}, 0600): which state of
 * the journal it saw ({@code stamp}, see the journal's stamp in ADR 0011), when, by which command,
 * and what it found. A damaged result is what every read shows and every write refuses on while the
 * journal is still in that state; a sound one spares the next command a check of the same state.
 * Written by whoever checks (a write, a read that finds the journal changed, {@code ledger verify},
 * {@code doctor}, the periodic check) with an atomic replace; deleting it is always safe (the next
 * command that needs it checks again).
 *
 * @param journal the identity of the journal file checked (its inode): damage, once found, holds for
 *     that file whatever is appended to it (events are never rewritten), until a repair or a restore
 *     replaces it or a later check finds it sound
 * @param problem empty when the journal was sound
 * @param firstBadSeq the first seq that is not sound (0 when sound)
 * @param validThroughSeq where the valid chain ends (the head when sound)
 */
public record LedgerCheck(
        String stamp,
        String journal,
        Instant checkedAt,
        String checkedBy,
        long validThroughSeq,
        long firstBadSeq,
        String problem) {
    public static final String FILE = "ledger.check";

    public LedgerCheck {
        stamp = oneLine(stamp);
        journal = oneLine(journal);
        checkedBy = oneLine(checkedBy);
        problem = oneLine(problem);
    }

    public static LedgerCheck sound(String stamp, String journal, Instant at, String by, long headSeq) {
        return new LedgerCheck(stamp, journal, at, by, headSeq, 0, "");
    }

    public static LedgerCheck damaged(String stamp, String journal, Instant at, String by, LedgerDamage damage) {
        return new LedgerCheck(
                stamp, journal, at, by, damage.validThroughSeq(), damage.firstBadSeq(), damage.getMessage());
    }

    /**
     * Whether this check speaks for the journal as it stands: a sound result for exactly the state it
     * saw ({@code stamp}); damage for the same journal file ({@code journal}) whatever was appended
     * since, since appends never repair an earlier event.
     */
    public boolean appliesTo(String stampNow, String journalNow) {
        return sound() ? stamp.equals(stampNow) : journal.equals(journalNow);
    }

    public boolean sound() {
        return problem.isEmpty();
    }

    /** What a write meets, and a read shows: the damage this check found ({@code ledger_damaged}). */
    public LedgerDamage damage() {
        return LedgerDamage.from(validThroughSeq, firstBadSeq, problem);
    }

    /** The record of {@code runtimeRoot}, or empty when there is none or it cannot be read. */
    public static Optional<LedgerCheck> read(Path runtimeRoot) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(runtimeRoot.resolve(FILE));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        Map<String, String> fields = new HashMap<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                fields.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        try {
            return Optional.of(new LedgerCheck(
                    fields.getOrDefault("stamp", ""),
                    fields.getOrDefault("journal", ""),
                    Instant.parse(fields.getOrDefault("checked_at", "")),
                    fields.getOrDefault("checked_by", ""),
                    Long.parseLong(fields.getOrDefault("valid_through_seq", "")),
                    Long.parseLong(fields.getOrDefault("first_bad_seq", "")),
                    fields.getOrDefault("problem", "")));
        } catch (DateTimeParseException | NumberFormatException e) {
            return Optional.empty(); // a torn or foreign file: as if there were none
        }
    }

    /** Writes this record (atomic replace, 0600); a failure to write is not a failure of the check. */
    public boolean write(Path runtimeRoot) {
        String text = "stamp=" + stamp + "\njournal=" + journal + "\nchecked_at=" + checkedAt + "\nchecked_by="
                + checkedBy
                + "\nvalid_through_seq=" + validThroughSeq + "\nfirst_bad_seq=" + firstBadSeq + "\nproblem=" + problem
                + "\n";
        try {
            AtomicReplace.privateFile().replace(runtimeRoot.resolve(FILE), text.getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Removes the record (after a repair or a restore the next check starts afresh). */
    public static void clear(Path runtimeRoot) {
        try {
            Files.deleteIfExists(runtimeRoot.resolve(FILE));
        } catch (IOException e) {
            // a stale record names a stamp the journal no longer has: it is not used
        }
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
    }
}
