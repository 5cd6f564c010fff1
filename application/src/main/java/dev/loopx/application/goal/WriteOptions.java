package dev.loopx.application.goal;

import dev.loopx.ledger.Actor;
import java.util.Objects;

/**
 * How a goal write is made: who writes, under which idempotency key ({@code operationId} empty
 * means none), and whether it is only previewed (nothing appended).
 */
public record WriteOptions(Actor actor, String operationId, boolean preview) {
    public WriteOptions {
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(operationId, "operationId");
    }
}
