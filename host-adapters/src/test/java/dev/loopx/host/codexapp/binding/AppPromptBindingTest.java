package dev.loopx.host.codexapp.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The ledger-only branches of the prompt binding never reach the store (SPEC §S12). */
class AppPromptBindingTest {
    static final CodexHome HOME = new CodexHome(Path.of("/nonexistent/codex-home"), CodexHome.Source.FLAG);
    final AtomicInteger storeReads = new AtomicInteger();
    final AppPromptBinding.StoreRead neverHere = r -> {
        storeReads.incrementAndGet();
        throw new AssertionError("the store was read");
    };

    static PendingUpgrade record(String id, String home, boolean pending, long clearedBy) {
        return new PendingUpgrade(
                3,
                "g",
                "builder",
                id,
                "ab".repeat(32),
                "thr",
                "automation-prompts apply",
                home,
                "2026-01-01T00:00:00Z",
                pending,
                clearedBy);
    }

    static Optional<HeartbeatInstall> install(int version) {
        return Optional.of(
                new HeartbeatInstall(2, "g", "builder", "codex-app", version, "cd".repeat(32), "2026-01-01T00:00:00Z"));
    }

    @Test
    void withoutRecordsTheLastInstallDecides() {
        assertEquals(
                AppPromptBinding.Status.ABSENT,
                AppPromptBinding.resolve(List.of(), Optional.empty(), 2, HOME, neverHere)
                        .status());
        assertEquals(
                AppPromptBinding.Status.CURRENT,
                AppPromptBinding.resolve(List.of(), install(2), 2, HOME, neverHere)
                        .status());
        AppPromptBinding old = AppPromptBinding.resolve(List.of(), install(1), 2, HOME, neverHere);
        assertEquals(AppPromptBinding.Status.UNAVAILABLE, old.status());
        assertEquals("installed_wrapper_outdated", old.reason());
        assertTrue(old.nextCommand().orElseThrow().startsWith("loopx automation-prompts plan"));
        assertEquals(0, storeReads.get());
    }

    @Test
    void severalPendingRecordsAreAmbiguousAndAnotherHomeIsUnavailable_neitherReadsTheStore() {
        AppPromptBinding two = AppPromptBinding.resolve(
                List.of(record("a", "", true, 0), record("b", "", true, 0)), Optional.empty(), 2, HOME, neverHere);
        assertEquals(AppPromptBinding.Status.AMBIGUOUS, two.status());
        assertTrue(two.hinted().isEmpty());
        AppPromptBinding other = AppPromptBinding.resolve(
                List.of(record("a", "ee".repeat(32), true, 0)), Optional.empty(), 2, HOME, neverHere);
        assertEquals(AppPromptBinding.Status.UNAVAILABLE, other.status());
        assertEquals("other_codex_home", other.reason());
        assertEquals(0, storeReads.get());
    }

    @Test
    void aClearedRecordMeansTheUpgradeWasApplied_aV1RecordOrTheSameHomeReadsTheStore() {
        AppPromptBinding cleared =
                AppPromptBinding.resolve(List.of(record("a", "", false, 9)), install(1), 2, HOME, neverHere);
        assertEquals(AppPromptBinding.Status.CURRENT, cleared.status());
        assertEquals("upgrade_applied", cleared.reason());
        AppPromptBinding.StoreRead counting = r -> {
            storeReads.incrementAndGet();
            return AppPromptBinding.store("current", "adopted", r, Optional.empty(), Optional.empty(), false);
        };
        AppPromptBinding.resolve(List.of(record("a", "", true, 0)), Optional.empty(), 2, HOME, counting);
        AppPromptBinding.resolve(
                List.of(record("a", HOME.identitySha256(), true, 0)), Optional.empty(), 2, HOME, counting);
        assertEquals(2, storeReads.get());
    }
}
