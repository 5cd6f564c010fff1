package dev.loopx.application.automation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PlanStatus;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The sync-installed policy: only unchanged, exact managed wrappers of this CLI binary are migrated automatically. */
class SyncVerdictTest {
    private static final String ROOT = "/work/project/.loopx";
    private static final String SOURCE = "a".repeat(64);

    @Test
    void anUnchangedManagedWrapperOfThisCliBin_isMigrated() {
        PlanEntry now = adoption("managed_wrapper", "loopx", SOURCE);
        assertEquals(Optional.empty(), SyncVerdict.of(now, now, "loopx"));
    }

    @Test
    void anAutomationChangedSinceTheSnapshot_isNeverOverwritten() {
        PlanEntry was = adoption("managed_wrapper", "loopx", SOURCE);
        PlanEntry now = adoption("managed_wrapper", "loopx", "b".repeat(64));
        assertEquals(Optional.of("changed_since_snapshot"), SyncVerdict.of(was, now, "loopx"));
    }

    @Test
    void anAutomationAdoptedSinceTheSnapshot_isCurrent() {
        // the App (or a person) wrote the current wrapper after the snapshot: the upgrade is done
        PlanEntry was = adoption("managed_wrapper", "loopx", SOURCE);
        PlanEntry now = entry(PlanStatus.CURRENT, "b".repeat(64));
        assertEquals(Optional.of("current"), SyncVerdict.of(was, now, "loopx"));
    }

    @Test
    void theCurrentWrapper_isCurrent() {
        PlanEntry now = entry(PlanStatus.CURRENT, SOURCE);
        assertEquals(Optional.of("current"), SyncVerdict.of(now, now, "loopx"));
    }

    @Test
    void blockedAndUnmanagedAutomations_areSkipped() {
        for (PlanStatus status : List.of(PlanStatus.BLOCKED, PlanStatus.UNMANAGED)) {
            PlanEntry now = entry(status, SOURCE);
            assertEquals(Optional.of("skipped"), SyncVerdict.of(now, now, "loopx"), status.wire());
        }
    }

    @Test
    void aCustomPromptThatNamesAGoal_needsReview() {
        PlanEntry now = adoption("named_in_prompt", "loopx", SOURCE);
        assertEquals(Optional.of("review_required"), SyncVerdict.of(now, now, "loopx"));
    }

    @Test
    void aWrapperOfAnotherCliBin_isNeverRetargeted() {
        PlanEntry now = adoption("managed_wrapper", "/opt/canary/loopx", SOURCE);
        assertEquals(Optional.of("skipped_other_cli_bin"), SyncVerdict.of(now, now, "loopx"));
    }

    private static PlanEntry entry(PlanStatus status, String source) {
        return new PlanEntry(
                "heartbeat",
                status,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of("c".repeat(64)),
                source,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
    }

    private static PlanEntry adoption(String bindingSource, String cliBin, String source) {
        String desired = ManagedWrapper.render(new WrapperBinding(2, ROOT, "demo-goal", "builder", cliBin, List.of()));
        return new PlanEntry(
                "heartbeat",
                PlanStatus.ADOPTION_REQUIRED,
                List.of(),
                Optional.of("demo-goal"),
                Optional.of("builder"),
                Optional.of(bindingSource),
                Optional.of(1),
                Optional.of("c".repeat(64)),
                source,
                Optional.of("thread-1"),
                Optional.of(desired),
                Optional.of(ManagedWrapper.sha256(desired)),
                Optional.of(2));
    }
}
