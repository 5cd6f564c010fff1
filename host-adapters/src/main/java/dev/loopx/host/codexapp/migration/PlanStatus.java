package dev.loopx.host.codexapp.migration;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Optional;

/**
 * Where one automation of a prompt-upgrade plan stands (SPEC §S12): {@link #BLOCKED} (LoopX cannot
 * tell what to install, or the stores disagree), {@link #UNMANAGED} (not a lane of a registered
 * goal of this runtime), {@link #CURRENT} (already holds the managed wrapper) or
 * {@link #ADOPTION_REQUIRED} (the wrapper can be installed). Declared in the order answers count
 * them; written to plan files and answers by its wire spelling ({@link #wire}).
 *
 * <p>A plan file is read with {@link #recorded}, which never refuses a spelling: one no LoopX
 * version wrote is {@link #BLOCKED} (nothing is migrated or offered for it).
 */
public enum PlanStatus {
    BLOCKED("blocked"),
    UNMANAGED("unmanaged"),
    CURRENT("current"),
    ADOPTION_REQUIRED("adoption_required");

    private final String wire;

    PlanStatus(String wire) {
        this.wire = wire;
    }

    /** The spelling in plan files and JSON answers. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** {@link #wire}, so text that joins a status prints what it always printed. */
    @Override
    public String toString() {
        return wire;
    }

    public static Optional<PlanStatus> fromWire(String value) {
        for (PlanStatus s : values()) {
            if (s.wire.equals(value)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The status a plan file's spelling means: {@link #fromWire}, else {@link #BLOCKED} (never refused). */
    @JsonCreator
    public static PlanStatus recorded(String value) {
        return fromWire(value).orElse(BLOCKED);
    }
}
