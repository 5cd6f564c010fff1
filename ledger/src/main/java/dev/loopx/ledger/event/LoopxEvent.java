package dev.loopx.ledger.event;

/**
 * Every fact LoopX records, as one sealed hierarchy: adding an event breaks every exhaustive
 * {@code switch} that does not handle it. Records here carry only facts (no derived values, no
 * behaviour); the stream ({@code goal_id}), time and actor live in the envelope. Wire identity is
 * the {@link EventCatalog} entry, never the Java class name.
 */
public sealed interface LoopxEvent
        permits GoalRegistered,
                GoalConfigured,
                GoalStopped,
                GoalResumed,
                AgentRegistered,
                AgentThreadBound,
                AgentThreadUnbound,
                TodoAdded,
                TodoClaimed,
                TodoClaimCleared,
                TodoUpdated,
                TodoCompleted,
                TodoSuperseded,
                TodoSectionDeclaredEmpty,
                TodoSectionsDeclared,
                TodoReplanCheckpointed,
                TodoMonitorConfigured,
                MonitorPolled,
                TodoArchived,
                TodoCapabilitiesRequired,
                TaskLeaseAcquired,
                TaskLeaseRenewed,
                TaskLeaseTransferred,
                TaskLeaseReleased,
                GoalReplanPolicyConfigured,
                GoalBreakerConfigured,
                GateDecided,
                RewardRecorded,
                EvidenceRecorded,
                QuotaSlotSpent,
                QuotaSlotVoided,
                OperationRecorded,
                SchedulerAcked,
                SchedulerHostUpdateFailed,
                TurnObserved,
                HeartbeatInstalled,
                PromptMigrationApplied,
                PromptMigrationFailed,
                PromptMigrationDeferred,
                PromptMigrationRolledBack,
                PromptMigrationRecovered,
                RuntimeUpgraded,
                LedgerRepaired {}
