package dev.loopx.application.ledger;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Head;
import dev.loopx.projections.ProjectionStore;

/**
 * Use case "rebuild every read model from the ledger" ({@code projections rebuild}, SPEC §S9):
 * the whole ledger is folded into a fresh store that replaces the old one only when complete,
 * offline (under the write lock). Works on whichever {@code Ledger} and {@code ProjectionStorage}
 * the composition root opened.
 */
public final class RebuildProjections {
    private RebuildProjections() {}

    /** The rebuilt store's checkpoint (its seq is the number of events folded) and schema version. */
    public record Rebuilt(Head checkpoint, int schemaVersion) {}

    public static Rebuilt run(Invocation invocation, RebuildProgress progress) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            runtime.rebuild(progress::update);
            ProjectionStore store = runtime.views();
            return new Rebuilt(store.checkpoint(), store.schemaVersion());
        }
    }
}
