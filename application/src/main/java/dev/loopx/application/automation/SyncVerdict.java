package dev.loopx.application.automation;

import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PlanStatus;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import java.util.Optional;

/**
 * The policy of {@code sync-installed} (SPEC §S12), pure: after an upgrade an automation is
 * migrated automatically only when it is unchanged since the snapshot and is an exact managed
 * wrapper, bound to this runtime root, that already uses the CLI binary of this sync. An automation
 * that already holds the current wrapper is {@code current} whatever changed since (it was
 * adopted, e.g. through the App). Anything else keeps its prompt and gets the first verdict that
 * applies.
 */
final class SyncVerdict {
    /** The store changed after the snapshot was taken (beyond the App scheduler's own fields): never overwritten. */
    static final String CHANGED_SINCE_SNAPSHOT = "changed_since_snapshot";
    /** Already the current managed wrapper. */
    static final String CURRENT = "current";
    /** Blocked or unmanaged (another runtime root, no unique binding…): not this sync's to touch. */
    static final String SKIPPED = "skipped";
    /** A custom prompt that names a goal: adoption needs a person (plan, then apply). */
    static final String REVIEW_REQUIRED = "review_required";
    /** A managed wrapper of another CLI binary (a canary): never retargeted. */
    static final String SKIPPED_OTHER_CLI_BIN = "skipped_other_cli_bin";

    private SyncVerdict() {}

    /** Why {@code now} (the fresh plan entry for what {@code was} in the snapshot) is not migrated, or empty when it is. */
    static Optional<String> of(PlanEntry was, PlanEntry now, String cliBin) {
        if (now.status() == PlanStatus.CURRENT) {
            return Optional.of(CURRENT); // already the target, e.g. adopted through the App since the snapshot
        }
        if (was.changedIn(now)) {
            return Optional.of(CHANGED_SINCE_SNAPSHOT);
        }
        if (!now.adoptionRequired()) {
            return Optional.of(SKIPPED);
        }
        if (!now.bindingSource().orElse("").equals("managed_wrapper")) {
            return Optional.of(REVIEW_REQUIRED);
        }
        String bin = now.desiredPrompt()
                .flatMap(WrapperRecognizer::recognize)
                .map(WrapperBinding::cliBin)
                .orElse("");
        if (!bin.equals(cliBin)) {
            return Optional.of(SKIPPED_OTHER_CLI_BIN);
        }
        return Optional.empty();
    }
}
