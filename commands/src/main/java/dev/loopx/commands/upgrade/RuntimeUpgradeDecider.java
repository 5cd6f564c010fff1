package dev.loopx.commands.upgrade;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.RuntimeUpgraded;
import io.vavr.control.Either;
import java.util.List;
import java.util.Objects;

/**
 * Pure decision about recording one finished {@code update apply} (SPEC §S12): a runtime-wide
 * fact about the installation, recorded once per upgrade run (never deduplicated: installing the
 * same archive twice is two facts). Nothing about goals is consulted, so it never rejects.
 */
public final class RuntimeUpgradeDecider {
    private RuntimeUpgradeDecider() {}

    /** One finished upgrade; content-free (versions, archive digest, outcome codes). */
    public record RecordRuntimeUpgrade(
            String fromVersion, String toVersion, String archiveSha256, String promptResult, boolean upgradeComplete) {
        public RecordRuntimeUpgrade {
            Objects.requireNonNull(fromVersion, "fromVersion");
            Objects.requireNonNull(toVersion, "toVersion");
            Objects.requireNonNull(archiveSha256, "archiveSha256");
            Objects.requireNonNull(promptResult, "promptResult");
        }
    }

    public static Either<Rejection, List<LoopxEvent>> decide(RecordRuntimeUpgrade c) {
        return Decision.accept(new RuntimeUpgraded(
                c.fromVersion(), c.toVersion(), c.archiveSha256(), c.promptResult(), c.upgradeComplete()));
    }
}
