package dev.loopx.commands;

import dev.loopx.ledger.event.LoopxEvent;
import io.vavr.control.Either;
import java.util.List;

/** What a decider returns: the events to append (possibly none) or why nothing may be appended. */
public final class Decision {
    private Decision() {}

    public static Either<Rejection, List<LoopxEvent>> accept(LoopxEvent... events) {
        return Either.right(List.of(events));
    }

    public static Either<Rejection, List<LoopxEvent>> unchanged() {
        return Either.right(List.of());
    }

    public static Either<Rejection, List<LoopxEvent>> reject(Rejection rejection) {
        return Either.left(rejection);
    }
}
