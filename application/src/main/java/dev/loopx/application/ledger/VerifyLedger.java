package dev.loopx.application.ledger;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.audit.LedgerVerifier;
import dev.loopx.ledger.audit.VerifyReport;
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
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            return verify(runtime);
        }
    }

    /** The same check on a runtime root that is already open (the health check shares it). */
    public static VerifyReport verify(LoopxRuntime runtime) {
        try (EventCursor cursor = runtime.ledger().readFrom(1)) {
            // A server ledger has no local marker to hold it to (other machines append; SPEC ADR 0006).
            return new LedgerVerifier(runtime.codec())
                    .verify(
                            cursor,
                            runtime.usesLocalMarker() ? new HeadMarker(runtime.root()).committed() : Optional.empty());
        }
    }
}
