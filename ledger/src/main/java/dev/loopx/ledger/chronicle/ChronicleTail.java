package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.HeadMarker;
import java.nio.file.Path;

/**
 * The read path's check that a journal still ends with the event the head marker names, done with
 * two small plain reads of the queue file: no Chronicle class is loaded, so a read of a current
 * projection store stays as fast as before while a journal cut short, zeroed or rewritten under it
 * is noticed on every command.
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
}
