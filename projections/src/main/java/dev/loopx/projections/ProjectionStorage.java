package dev.loopx.projections;

import dev.loopx.ledger.Ledger;
import java.util.Optional;

/**
 * Where one runtime root keeps its {@link ProjectionStore}: opens the current store and rebuilds
 * it from the ledger. A rebuild replaces the store only when complete, so there is never a moment
 * without one. The composition root chooses the implementation (SQLite is the default).
 */
public interface ProjectionStorage {
    /** The current store (a new, empty one when there is none yet). */
    ProjectionStore open();

    /**
     * The current store as it stands — not created, stamped, migrated or caught up — for a health
     * check to read its schema version and checkpoint; empty when none was built yet. The caller
     * closes it.
     */
    Optional<ProjectionStore> existing();

    /** Folds the whole ledger into a fresh store that replaces the current one when complete. Caller holds the write lock. */
    void rebuild(Ledger ledger, ProjectionCatchUp catchUp, ProjectionCatchUp.Progress progress);
}
