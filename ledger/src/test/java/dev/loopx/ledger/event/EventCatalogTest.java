package dev.loopx.ledger.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.json.Json;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventCatalogTest {
    private final EventCodec codec = new EventCodec(EventCatalog.standard());

    @Test
    void registeringAnEventNameTwiceFailsFast() {
        var builder = EventCatalog.builder().register(new EventType<>("goal.registered", 2, GoalRegistered.class));
        assertThrows(
                IllegalStateException.class,
                () -> builder.register(new EventType<>("goal.registered", 3, GoalConfigured.class)));
    }

    @Test
    void registeringARecordClassTwiceFailsFast() {
        var builder = EventCatalog.builder().register(new EventType<>("goal.registered", 2, GoalRegistered.class));
        assertThrows(
                IllegalStateException.class,
                () -> builder.register(new EventType<>("goal.renamed", 1, GoalRegistered.class)));
    }

    @Test
    void registeringAnUpcasterStepTwiceFailsFast() {
        var builder = EventCatalog.builder()
                .register(new EventType<>("goal.registered", 2, GoalRegistered.class))
                .upcaster(new GoalRegisteredV1ToV2());
        assertThrows(IllegalStateException.class, () -> builder.upcaster(new GoalRegisteredV1ToV2()));
    }

    @Test
    void anUpcasterForTheCurrentVersionIsRefused() {
        var builder = EventCatalog.builder()
                .register(new EventType<>("goal.registered", 1, GoalRegistered.class))
                .upcaster(new GoalRegisteredV1ToV2());
        assertThrows(IllegalStateException.class, builder::build);
    }

    @Test
    void theUpcasterChainIsTotalForEveryRegisteredType() {
        EventCatalog catalog = EventCatalog.standard();
        for (EventType<?> type : catalog.types()) {
            for (int v = 1; v < type.version(); v++) {
                assertTrue(catalog.upcasterFrom(type.name(), v).isPresent(), type.name() + " v" + v);
            }
        }
    }

    @Test
    void everyEventRoundTripsThroughItsWireForm() {
        for (LoopxEvent event : new LoopxEvent[] {
            new GoalRegistered("Ship it", "weather-app"),
            new GoalConfigured(new BigDecimal("0.50"), 24, 1),
            new AgentThreadBound("builder", "codex-app", "019a7f3e-thread", ""),
            new AgentThreadBound("reviewer", "codex-app", "019a7f3e-thread", "builder"),
            new AgentThreadUnbound("reviewer", "codex-app", "019a7f3e-thread"),
            new HeartbeatInstalled("builder", "codex_app", 2, "ab".repeat(32)),
            new PromptMigrationApplied(
                    "auto-1",
                    "builder",
                    "ab".repeat(32),
                    "cd".repeat(32),
                    "thread-1",
                    "automation-prompts apply",
                    "updated",
                    "ef".repeat(32)),
            new PromptMigrationFailed(
                    "auto-1",
                    "builder",
                    "ab".repeat(32),
                    "cd".repeat(32),
                    "",
                    "automation-prompts apply",
                    "preview_stale",
                    "ef".repeat(32)),
            new PromptMigrationDeferred(
                    "auto-1",
                    "builder",
                    "ab".repeat(32),
                    "cd".repeat(32),
                    "thread-1",
                    "automation-prompts apply",
                    "app_running",
                    "ef".repeat(32)),
            new PromptMigrationDeferred(
                    "auto-1",
                    "builder",
                    "ab".repeat(32),
                    "cd".repeat(32),
                    "thread-1",
                    "automation-prompts apply",
                    "app_running",
                    ""),
            new PromptMigrationRolledBack(
                    "auto-1",
                    "builder",
                    "ab".repeat(32),
                    "cd".repeat(32),
                    "thread-1",
                    "automation-prompts rollback",
                    "",
                    "ef".repeat(32)),
            new PromptMigrationRecovered(
                    "auto-1",
                    "builder",
                    "ab".repeat(32),
                    "cd".repeat(32),
                    "thread-1",
                    "automation-prompts recover",
                    "",
                    "ef".repeat(32)),
            new RuntimeUpgraded("0.1.0", "0.2.0", "ef".repeat(32), "complete", true)
        }) {
            ProposedEvent proposed = codec.propose(event, Instant.EPOCH, "g1", Actor.system(), "");
            Recorded sealed = EnvelopeCodec.seal(proposed, 0, dev.loopx.ledger.Head.GENESIS_HASH);
            Recorded reread = EnvelopeCodec.fromBytes(EnvelopeCodec.toBytes(sealed));
            assertEquals(sealed, reread);
            assertEquals(event, codec.decode(reread).event());
        }
    }

    /**
     * {@code ledger.repaired} carries seqs as JSON numbers inside nested objects: its proposed payload
     * holds them as Java longs, a reread one as the narrowest number, so the two trees differ in node
     * type only. Its stored bytes (what is hashed) and its decoded record round-trip exactly.
     */
    @Test
    void theRepairEventRoundTripsThroughItsWireForm() {
        LedgerRepaired event = new LedgerRepaired(
                4,
                "todo.added",
                "2026-12-01T10:00:00.000Z",
                List.of(new LedgerRepaired.SeqRange(4, 4), new LedgerRepaired.SeqRange(6, 7)),
                9,
                "ab".repeat(32),
                "2026-12-02T10:00:00.000Z");
        Recorded sealed = EnvelopeCodec.seal(
                codec.propose(event, Instant.EPOCH, "", Actor.system(), ""), 0, dev.loopx.ledger.Head.GENESIS_HASH);
        Recorded reread = EnvelopeCodec.fromBytes(EnvelopeCodec.toBytes(sealed));
        assertEquals(
                new String(EnvelopeCodec.toBytes(sealed), java.nio.charset.StandardCharsets.UTF_8),
                new String(EnvelopeCodec.toBytes(reread), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(EnvelopeCodec.expectedHash(reread), reread.hash());
        assertEquals(event, codec.decode(reread).event());
        assertThrows(
                IllegalArgumentException.class,
                () -> new LedgerRepaired(5, "", "", List.of(new LedgerRepaired.SeqRange(4, 4)), 9, "", ""),
                "a repair stands in for one of the seqs it lost");
    }

    @Test
    void aVersionOneGoalRegistrationIsUpcastWithAnEmptyObjective() {
        ObjectNode v1 = Json.object();
        v1.put("project_name", "legacy-app");
        Recorded old = EnvelopeCodec.seal(
                new ProposedEvent("goal.registered", 1, Instant.EPOCH, "g1", Actor.system(), "", v1),
                0,
                dev.loopx.ledger.Head.GENESIS_HASH);
        assertEquals(new GoalRegistered("", "legacy-app"), codec.decode(old).event());
        assertEquals("legacy-app", old.payload().get("project_name").asText(), "the stored event is never rewritten");
    }

    @Test
    void aVersionOneCompletionIsUpcastWithNoValidationCommand_andTheStoredBytesStayAsTheyWere() {
        ObjectNode v1 = Json.object();
        v1.put("todo_id", "todo_0123456789ab")
                .put("evidence", "shipped")
                .put("no_followup", true)
                .put("decision_outcome", "");
        v1.putArray("successor_todo_ids").add("todo_ba9876543210");
        Recorded old = EnvelopeCodec.seal(
                new ProposedEvent("todo.completed", 1, Instant.EPOCH, "g1", Actor.system(), "", v1),
                0,
                dev.loopx.ledger.Head.GENESIS_HASH);
        byte[] stored = old.payload().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(
                new TodoCompleted("todo_0123456789ab", "shipped", true, "", List.of("todo_ba9876543210"), ""),
                codec.decode(old).event());
        assertEquals(1, old.typeVersion());
        assertTrue(old.payload().path("validation_command").isMissingNode(), "the stored event is never rewritten");
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                stored, old.payload().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                EnvelopeCodec.seal(
                                new ProposedEvent("todo.completed", 1, Instant.EPOCH, "g1", Actor.system(), "", v1),
                                0,
                                dev.loopx.ledger.Head.GENESIS_HASH)
                        .hash()
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8),
                old.hash().getBytes(java.nio.charset.StandardCharsets.UTF_8),
                "re-sealing the v1 bytes gives the same chain hash");
    }

    @Test
    void aVersionOneDeferredMigrationIsUpcastWithAnUnknownCodexHome() {
        ObjectNode v1 = Json.object();
        v1.put("automation_id", "auto-1")
                .put("agent_id", "builder")
                .put("old_prompt_sha256", "ab".repeat(32))
                .put("new_prompt_sha256", "cd".repeat(32))
                .put("target_thread_id", "t1")
                .put("cli_route", "automation-prompts apply")
                .put("reason", "app_running");
        Recorded old = EnvelopeCodec.seal(
                new ProposedEvent("prompt_migration.deferred", 1, Instant.EPOCH, "g1", Actor.system(), "", v1),
                0,
                dev.loopx.ledger.Head.GENESIS_HASH);
        assertEquals(
                new PromptMigrationDeferred(
                        "auto-1",
                        "builder",
                        "ab".repeat(32),
                        "cd".repeat(32),
                        "t1",
                        "automation-prompts apply",
                        "app_running",
                        ""),
                codec.decode(old).event());
    }

    @Test
    void versionOneMigrationOutcomesAreUpcastWithAnUnknownCodexHome() {
        ObjectNode v1 = Json.object();
        v1.put("automation_id", "auto-1")
                .put("agent_id", "builder")
                .put("old_prompt_sha256", "ab".repeat(32))
                .put("new_prompt_sha256", "cd".repeat(32))
                .put("target_thread_id", "t1")
                .put("cli_route", "automation-prompts apply")
                .put("reason", "updated");
        for (String type : new String[] {
            "prompt_migration.applied",
            "prompt_migration.failed",
            "prompt_migration.rolled_back",
            "prompt_migration.recovered"
        }) {
            Recorded old = EnvelopeCodec.seal(
                    new ProposedEvent(type, 1, Instant.EPOCH, "g1", Actor.system(), "", v1),
                    0,
                    dev.loopx.ledger.Head.GENESIS_HASH);
            LoopxEvent event = codec.decode(old).event();
            assertEquals(type, EventCatalog.standard().typeOf(event).name());
            assertEquals(
                    "",
                    switch (event) {
                        case PromptMigrationApplied a -> a.codexHomeSha256();
                        case PromptMigrationFailed f -> f.codexHomeSha256();
                        case PromptMigrationRolledBack r -> r.codexHomeSha256();
                        case PromptMigrationRecovered r -> r.codexHomeSha256();
                        default -> "unexpected " + event;
                    });
        }
    }

    @Test
    void anUnknownEventTypeOrAFutureVersionIsAClearError() {
        Recorded unknown = EnvelopeCodec.seal(
                new ProposedEvent("goal.teleported", 1, Instant.EPOCH, "g1", Actor.system(), "", Json.object()),
                0,
                dev.loopx.ledger.Head.GENESIS_HASH);
        assertEquals(
                "unknown_event_type",
                assertThrows(LedgerException.class, () -> codec.decode(unknown)).errorCode());
        Recorded future = EnvelopeCodec.seal(
                new ProposedEvent("goal.configured", 9, Instant.EPOCH, "g1", Actor.system(), "", Json.object()),
                0,
                dev.loopx.ledger.Head.GENESIS_HASH);
        assertEquals(
                "event_version_unsupported",
                assertThrows(LedgerException.class, () -> codec.decode(future)).errorCode());
    }
}
