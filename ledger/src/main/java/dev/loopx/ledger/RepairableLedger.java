package dev.loopx.ledger;

import java.util.List;
import java.util.Optional;

/**
 * A ledger that an owner's {@code ledger repair} rewrites in place (a server ledger, whose rows
 * other machines read too; ADR 0013): what it still holds, and the replacement of every event by a
 * repaired chain. An embedded journal is repaired by moving its files aside instead (ADR 0012).
 */
public interface RepairableLedger extends Ledger {
    /**
     * Every stored event whose own bytes are intact, and every seq whose event is lost ({@link
     * Salvage}), up to {@code acknowledged} at least (the highest head a reader folded, if known).
     */
    Salvage salvage(Optional<Head> acknowledged);

    /**
     * Replaces every event of this ledger by {@code chain} (a whole ledger from seq 1, sealed), in one
     * step under the write lock: the replaced rows are kept aside, never deleted, and the recorded
     * damage is cleared. Returns where the replaced rows are kept, in words a person can look up.
     */
    String replaceWith(List<Recorded> chain);
}
