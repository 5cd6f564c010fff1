package dev.loopx.cli.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.render.PromptBindingPart;
import dev.loopx.host.codexapp.binding.AppPromptBinding;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The public form of the Codex App prompt binding (SPEC §S12): content-free, with the next command when one is due. */
class PromptBindingDocumentTest {
    static final CodexHome HOME = new CodexHome(Path.of("/nonexistent/codex-home"), CodexHome.Source.FLAG);
    final AppPromptBinding.StoreRead neverHere = r -> {
        throw new AssertionError("the store was read");
    };

    static PendingUpgrade record(String id, boolean pending, long clearedBy) {
        return new PendingUpgrade(
                3,
                "g",
                "builder",
                id,
                "ab".repeat(32),
                "thr",
                "automation-prompts apply",
                "",
                "2026-01-01T00:00:00Z",
                pending,
                clearedBy);
    }

    static Optional<HeartbeatInstall> install(int version) {
        return Optional.of(
                new HeartbeatInstall(2, "g", "builder", "codex-app", version, "cd".repeat(32), "2026-01-01T00:00:00Z"));
    }

    @Test
    void anOutdatedInstallNamesThePlanToRun() {
        ObjectNode old = PromptBindingPart.of(AppPromptBinding.resolve(List.of(), install(1), 2, HOME, neverHere));
        assertEquals("unavailable", old.path("status").asText());
        assertEquals("installed_wrapper_outdated", old.path("reason").asText());
        assertTrue(old.get("next_command").asText().startsWith("loopx automation-prompts plan"));
        assertEquals(1, old.path("installed_wrapper_version").asInt());
        assertFalse(old.path("grants_authority").asBoolean(true));
        ObjectNode current = PromptBindingPart.of(AppPromptBinding.resolve(List.of(), install(2), 2, HOME, neverHere));
        assertTrue(current.path("reason").isNull());
        assertTrue(current.path("next_command").isMissingNode());
    }

    @Test
    void neverCarriesALocalPath() {
        AppPromptBinding cleared =
                AppPromptBinding.resolve(List.of(record("a", false, 9)), install(1), 2, HOME, neverHere);
        assertEquals(
                "upgrade_applied", PromptBindingPart.of(cleared).path("reason").asText());
        assertFalse(PromptBindingPart.of(cleared).toString().contains("/nonexistent"));
    }
}
