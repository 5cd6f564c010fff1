package dev.loopx.ledger;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The kinds of actor named in SPEC §S2; {@link #wire()} is the contract spelling. */
public enum ActorKind {
    AGENT,
    OWNER,
    CONTROLLER,
    HOST,
    SYSTEM;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<ActorKind> fromWire(String value) {
        return Arrays.stream(values()).filter(k -> k.wire().equals(value)).findFirst();
    }
}
