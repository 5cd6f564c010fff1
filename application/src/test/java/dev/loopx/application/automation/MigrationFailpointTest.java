package dev.loopx.application.automation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The crash-test failpoint is read from the invocation's environment, never from the process. */
class MigrationFailpointTest {
    @Test
    void withoutTheVariable_orWithABlankOne_theHooksAreNone() {
        assertSame(MigrationHooks.NONE, MigrationFailpoint.hooks(invocation(Map.of()), line -> {}));
        assertSame(
                MigrationHooks.NONE,
                MigrationFailpoint.hooks(invocation(Map.of(MigrationFailpoint.VARIABLE, " ")), line -> {}));
    }

    @Test
    void aPointOtherThanTheOneReached_announcesNothingAndDoesNotWait() throws Exception {
        List<String> announced = new ArrayList<>();
        MigrationHooks hooks = MigrationFailpoint.hooks(
                invocation(Map.of(MigrationFailpoint.VARIABLE, "AFTER_JOURNAL")), announced::add);
        hooks.journal().at(PromptMigrator.JournalPoint.BEFORE_JOURNAL, "heartbeat");
        assertEquals(List.of(), announced);
    }

    private static Invocation invocation(Map<String, String> environment) {
        Path here = Path.of("/tmp/loopx-failpoint-test");
        return new Invocation(
                Instant.parse("2026-01-01T00:00:00Z"),
                here,
                here,
                here,
                here,
                environment,
                Invocation.Progress.NONE,
                Composition.serverSessions());
    }
}
