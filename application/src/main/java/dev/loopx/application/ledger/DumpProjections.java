package dev.loopx.application.ledger;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;

/**
 * Use case "show every read model" ({@code projections dump}): the views and the checkpoint,
 * caught up with the ledger, as the store's canonical JSON (sorted keys, one number form) — the
 * same bytes for an incrementally maintained store and a rebuild of the same ledger. Never takes
 * the write lock.
 */
public final class DumpProjections {
    private DumpProjections() {}

    /** The canonical JSON text of every view and the checkpoint. */
    public static String run(Invocation invocation) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            return runtime.views().canonicalDump();
        }
    }
}
