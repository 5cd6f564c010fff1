package dev.loopx.ledger.event;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The explicit map between wire identities ({@code name} + current {@code version}) and event
 * records, plus the upcasters that bring older versions to the current one. Registering a name,
 * a record class or an upcaster step twice fails fast. Immutable once built; thread-safe.
 */
public final class EventCatalog {
    private final Map<String, EventType<?>> byName = new HashMap<>();
    private final Map<Class<?>, EventType<?>> byClass = new HashMap<>();
    private final Map<String, Upcaster> upcasters = new HashMap<>();

    private EventCatalog() {}

    /** The catalog of this LoopX version. */
    public static EventCatalog standard() {
        return builder()
                .register(new EventType<>("goal.registered", 2, GoalRegistered.class))
                .register(new EventType<>("goal.configured", 1, GoalConfigured.class))
                .register(new EventType<>("goal.stopped", 1, GoalStopped.class))
                .register(new EventType<>("goal.resumed", 1, GoalResumed.class))
                .register(new EventType<>("agent.registered", 1, AgentRegistered.class))
                .register(new EventType<>("agent.thread_bound", 1, AgentThreadBound.class))
                .register(new EventType<>("agent.thread_unbound", 1, AgentThreadUnbound.class))
                .register(new EventType<>("todo.added", 1, TodoAdded.class))
                .register(new EventType<>("todo.claimed", 1, TodoClaimed.class))
                .register(new EventType<>("todo.claim_cleared", 1, TodoClaimCleared.class))
                .register(new EventType<>("todo.reclaimed", 1, TodoReclaimed.class))
                .register(new EventType<>("todo.updated", 1, TodoUpdated.class))
                .register(new EventType<>("todo.completed", 2, TodoCompleted.class))
                .register(new EventType<>("todo.superseded", 1, TodoSuperseded.class))
                .register(new EventType<>("todo.section_declared_empty", 1, TodoSectionDeclaredEmpty.class))
                .register(new EventType<>("todo.sections_declared", 1, TodoSectionsDeclared.class))
                .register(new EventType<>("todo.replan_checkpointed", 1, TodoReplanCheckpointed.class))
                .register(new EventType<>("todo.monitor_configured", 1, TodoMonitorConfigured.class))
                .register(new EventType<>("monitor.polled", 1, MonitorPolled.class))
                .register(new EventType<>("todo.archived", 1, TodoArchived.class))
                .register(new EventType<>("todo.capabilities_required", 1, TodoCapabilitiesRequired.class))
                .register(new EventType<>("task.lease_acquired", 1, TaskLeaseAcquired.class))
                .register(new EventType<>("task.lease_renewed", 1, TaskLeaseRenewed.class))
                .register(new EventType<>("task.lease_transferred", 1, TaskLeaseTransferred.class))
                .register(new EventType<>("task.lease_released", 1, TaskLeaseReleased.class))
                .register(new EventType<>("goal.replan_policy_configured", 1, GoalReplanPolicyConfigured.class))
                .register(new EventType<>("goal.breaker_configured", 1, GoalBreakerConfigured.class))
                .register(new EventType<>("gate.decided", 1, GateDecided.class))
                .register(new EventType<>("reward.recorded", 1, RewardRecorded.class))
                .register(new EventType<>("evidence.recorded", 1, EvidenceRecorded.class))
                .register(new EventType<>("quota.slot_spent", 1, QuotaSlotSpent.class))
                .register(new EventType<>("quota.slot_voided", 1, QuotaSlotVoided.class))
                .register(new EventType<>("operation.recorded", 1, OperationRecorded.class))
                .register(new EventType<>("scheduler.acked", 1, SchedulerAcked.class))
                .register(new EventType<>("scheduler.host_update_failed", 1, SchedulerHostUpdateFailed.class))
                .register(new EventType<>("turn.observed", 1, TurnObserved.class))
                .register(new EventType<>("heartbeat.installed", 1, HeartbeatInstalled.class))
                .register(new EventType<>("prompt_migration.applied", 2, PromptMigrationApplied.class))
                .register(new EventType<>("prompt_migration.failed", 2, PromptMigrationFailed.class))
                .register(new EventType<>("prompt_migration.deferred", 2, PromptMigrationDeferred.class))
                .register(new EventType<>("prompt_migration.rolled_back", 2, PromptMigrationRolledBack.class))
                .register(new EventType<>("prompt_migration.recovered", 2, PromptMigrationRecovered.class))
                .register(new EventType<>("runtime.upgraded", 1, RuntimeUpgraded.class))
                .register(new EventType<>("ledger.repaired", 1, LedgerRepaired.class))
                .register(new EventType<>("goal.liveness_configured", 1, GoalLivenessConfigured.class))
                .register(new EventType<>("lane.stop_acknowledged", 1, LaneStopAcknowledged.class))
                .upcaster(new GoalRegisteredV1ToV2())
                .upcaster(new PromptMigrationDeferredV1ToV2())
                .upcaster(new TodoCompletedV1ToV2())
                .upcaster(new PromptMigrationHomeV1ToV2("prompt_migration.applied"))
                .upcaster(new PromptMigrationHomeV1ToV2("prompt_migration.failed"))
                .upcaster(new PromptMigrationHomeV1ToV2("prompt_migration.rolled_back"))
                .upcaster(new PromptMigrationHomeV1ToV2("prompt_migration.recovered"))
                .build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Optional<EventType<?>> byName(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public EventType<?> typeOf(LoopxEvent event) {
        EventType<?> type = byClass.get(event.getClass());
        if (type == null) {
            throw new IllegalStateException(
                    "event record not in the catalog: " + event.getClass().getName());
        }
        return type;
    }

    public Optional<Upcaster> upcasterFrom(String name, int fromVersion) {
        return Optional.ofNullable(upcasters.get(name + "#" + fromVersion));
    }

    public List<EventType<?>> types() {
        return byName.values().stream()
                .sorted(Comparator.comparing(EventType::name))
                .toList();
    }

    /** Builds a catalog; each method fails fast on a duplicate. */
    public static final class Builder {
        private final EventCatalog catalog = new EventCatalog();
        private boolean built;

        public Builder register(EventType<?> type) {
            check();
            if (catalog.byName.putIfAbsent(type.name(), type) != null) {
                throw new IllegalStateException("event name registered twice: " + type.name());
            }
            if (catalog.byClass.putIfAbsent(type.recordClass(), type) != null) {
                throw new IllegalStateException(
                        "event record registered twice: " + type.recordClass().getName());
            }
            return this;
        }

        public Builder upcaster(Upcaster upcaster) {
            check();
            if (catalog.upcasters.putIfAbsent(upcaster.name() + "#" + upcaster.fromVersion(), upcaster) != null) {
                throw new IllegalStateException(
                        "upcaster registered twice: " + upcaster.name() + " v" + upcaster.fromVersion());
            }
            return this;
        }

        public EventCatalog build() {
            check();
            built = true;
            for (Upcaster u : catalog.upcasters.values()) {
                EventType<?> type = catalog.byName.get(u.name());
                if (type == null || u.fromVersion() >= type.version()) {
                    throw new IllegalStateException(
                            "upcaster for an unknown or current version: " + u.name() + " v" + u.fromVersion());
                }
            }
            return catalog;
        }

        private void check() {
            if (built) {
                throw new IllegalStateException("catalog already built");
            }
        }
    }
}
