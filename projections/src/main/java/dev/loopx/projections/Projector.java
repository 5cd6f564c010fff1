package dev.loopx.projections;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.AgentThreadBound;
import dev.loopx.ledger.event.AgentThreadUnbound;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.GoalBreakerConfigured;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalLivenessConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.GoalReplanPolicyConfigured;
import dev.loopx.ledger.event.GoalResumed;
import dev.loopx.ledger.event.GoalStopped;
import dev.loopx.ledger.event.HeartbeatInstalled;
import dev.loopx.ledger.event.LaneStopAcknowledged;
import dev.loopx.ledger.event.LedgerRepaired;
import dev.loopx.ledger.event.MonitorPolled;
import dev.loopx.ledger.event.OperationRecorded;
import dev.loopx.ledger.event.PromptMigrationApplied;
import dev.loopx.ledger.event.PromptMigrationDeferred;
import dev.loopx.ledger.event.PromptMigrationFailed;
import dev.loopx.ledger.event.PromptMigrationRecovered;
import dev.loopx.ledger.event.PromptMigrationRolledBack;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.QuotaSlotVoided;
import dev.loopx.ledger.event.RewardRecorded;
import dev.loopx.ledger.event.RuntimeUpgraded;
import dev.loopx.ledger.event.SchedulerAcked;
import dev.loopx.ledger.event.SchedulerHostUpdateFailed;
import dev.loopx.ledger.event.TaskLeaseAcquired;
import dev.loopx.ledger.event.TaskLeaseReleased;
import dev.loopx.ledger.event.TaskLeaseRenewed;
import dev.loopx.ledger.event.TaskLeaseTransferred;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoArchived;
import dev.loopx.ledger.event.TodoCapabilitiesRequired;
import dev.loopx.ledger.event.TodoClaimCleared;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoMonitorConfigured;
import dev.loopx.ledger.event.TodoReclaimed;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.ledger.event.TodoSectionsDeclared;
import dev.loopx.ledger.event.TodoSuperseded;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.ledger.event.TurnObserved;
import dev.loopx.projections.audit.AuditFold;
import dev.loopx.projections.breaker.BreakerFold;
import dev.loopx.projections.evidence.EvidenceFold;
import dev.loopx.projections.goal.GoalFold;
import dev.loopx.projections.goal.GoalLifecycle;
import dev.loopx.projections.goal.GoalView;
import dev.loopx.projections.goal.ThreadBindingFold;
import dev.loopx.projections.heartbeat.HeartbeatFold;
import dev.loopx.projections.lane.LaneFold;
import dev.loopx.projections.migration.PromptMigrationFold;
import dev.loopx.projections.monitor.MonitorFold;
import dev.loopx.projections.plan.PlanFold;
import dev.loopx.projections.quota.QuotaFold;
import dev.loopx.projections.scheduler.SchedulerFold;
import dev.loopx.projections.todo.TodoFold;
import dev.loopx.projections.view.Views;
import java.util.Optional;

/**
 * The fold from events to views: a pure function of the views so far and the next event (its
 * envelope gives time and order). Applying the events of a ledger one by one, in any batch
 * split, gives the same views as a full rebuild. Stateless; thread-safe. Each feature's fold
 * owns its views; this class only routes.
 */
public final class Projector {
    /** Bump when a fold changes: stores built by another version are rebuilt from the ledger. */
    public static final int SCHEMA_VERSION = 12;

    public static final String GOAL_VIEW = GoalFold.VIEW;

    public void apply(Decoded decoded, Views views) {
        Recorded envelope = decoded.envelope();
        switch (decoded.event()) {
            case GoalRegistered e -> {
                GoalFold.registered(views, envelope, e);
                LaneFold.goalRegistered(views, envelope);
            }
            case GoalConfigured e -> GoalFold.configured(views, envelope, e);
            case GoalStopped e -> {
                GoalFold.lifecycle(views, envelope, GoalLifecycle.STOPPED, e.reason());
                LaneFold.goalStopped(views, envelope);
            }
            case GoalResumed e -> {
                GoalFold.lifecycle(views, envelope, GoalLifecycle.ACTIVE, e.reason());
                LaneFold.goalResumed(views, envelope);
            }
            case AgentRegistered e -> {
                GoalFold.agentRegistered(views, envelope, e);
                LaneFold.agentRegistered(views, envelope, e.agentId());
            }
            case AgentThreadBound e -> ThreadBindingFold.bound(views, envelope, e);
            case AgentThreadUnbound e -> ThreadBindingFold.unbound(views, envelope, e);
            case TodoSectionDeclaredEmpty e -> GoalFold.sectionDeclaredEmpty(views, envelope, e);
            case TodoAdded e -> {
                MonitorFold.todoAdded(views, envelope, e); // reads whether the todo existed
                TodoFold.added(views, envelope, e);
                LaneFold.wroteAsActor(views, envelope, "add");
            }
            case TodoClaimed e -> {
                TodoFold.claimed(views, envelope, e);
                LaneFold.wrote(views, envelope, e.agentId(), "claim");
            }
            case TodoClaimCleared e -> TodoFold.claimCleared(views, envelope, e);
            case TodoReclaimed e -> TodoFold.reclaimed(views, envelope, e);
            case TodoUpdated e -> {
                TodoFold.updated(views, envelope, e);
                LaneFold.wroteAsActor(views, envelope, "update");
            }
            case TodoCompleted e -> {
                PlanFold.completed(views, envelope, e); // reads the todo as it was
                BreakerFold.completed(views, envelope, e); // reads the todo as it was
                TodoFold.completed(views, envelope, e);
                LaneFold.wroteAsActor(views, envelope, "completion");
            }
            case TodoSectionsDeclared e -> PlanFold.sectionsDeclared(views, envelope, e);
            case TodoReplanCheckpointed e -> {
                PlanFold.checkpointed(views, envelope, e);
                BreakerFold.checkpointed(views, envelope, e);
            }
            case TodoMonitorConfigured e -> MonitorFold.configured(views, envelope, e);
            case MonitorPolled e -> {
                MonitorFold.polled(views, envelope, e);
                LaneFold.wroteAsActor(views, envelope, "poll");
            }
            case TodoCapabilitiesRequired e -> TodoFold.capabilitiesRequired(views, envelope, e);
            case TaskLeaseAcquired e -> {
                TodoFold.leaseAcquired(views, envelope, e);
                LaneFold.wroteAsActor(views, envelope, "lease");
            }
            case TaskLeaseRenewed e -> {
                TodoFold.leaseRenewed(views, envelope, e);
                LaneFold.wroteAsActor(views, envelope, "lease");
            }
            case TaskLeaseTransferred e -> TodoFold.leaseTransferred(views, envelope, e);
            case TaskLeaseReleased e -> TodoFold.leaseReleased(views, envelope, e);
            case GoalReplanPolicyConfigured e -> PlanFold.policyConfigured(views, envelope, e);
            case GoalBreakerConfigured e -> BreakerFold.configured(views, envelope, e);
            case TodoSuperseded e -> TodoFold.superseded(views, envelope, e);
            case TodoArchived e -> TodoFold.archived(views, envelope, e);
            case EvidenceRecorded e -> {
                QuotaFold.evidence(views, envelope, e);
                BreakerFold.evidence(views, envelope, e);
                EvidenceFold.agentItem(views, envelope, e.agentId(), EvidenceFold.WRITEBACK);
                LaneFold.wrote(views, envelope, e.agentId(), LaneFold.WRITEBACK);
            }
            case QuotaSlotSpent e -> {
                QuotaFold.spent(views, envelope, e);
                EvidenceFold.agentItem(views, envelope, e.agentId(), EvidenceFold.SPEND);
                LaneFold.wrote(views, envelope, e.agentId(), LaneFold.SPEND);
            }
            case QuotaSlotVoided e -> QuotaFold.voided(views, envelope, e);
            case RewardRecorded e -> {
                AuditFold.reward(views, envelope, e);
                EvidenceFold.goalItem(views, envelope, EvidenceFold.REWARD);
            }
            case GateDecided e -> {
                AuditFold.gate(views, envelope, e);
                EvidenceFold.goalItem(views, envelope, EvidenceFold.GATE);
            }
            case OperationRecorded e -> AuditFold.operationRecorded(views, envelope, e);
            case SchedulerAcked e -> {
                SchedulerFold.acked(views, envelope, e);
                LaneFold.acked(views, envelope, e);
            }
            case SchedulerHostUpdateFailed e -> SchedulerFold.hostUpdateFailed(views, envelope, e);
            case TurnObserved e -> {
                SchedulerFold.turnObserved(views, envelope, e);
                LaneFold.turnObserved(views, envelope, e);
            }
            case LaneStopAcknowledged e -> LaneFold.stopAcknowledged(views, envelope, e);
            case GoalLivenessConfigured e -> LaneFold.livenessConfigured(views, envelope, e);
            case HeartbeatInstalled e -> HeartbeatFold.installed(views, envelope, e);
            case PromptMigrationDeferred e -> PromptMigrationFold.deferred(views, envelope, e);
            case PromptMigrationApplied e -> PromptMigrationFold.applied(views, envelope, e);
            case PromptMigrationRecovered e -> PromptMigrationFold.recovered(views, envelope, e);
            case PromptMigrationFailed e -> {} // the ledger is the record; nothing pending changes
            case PromptMigrationRolledBack e -> {} // a rollback leaves any pending hint as it is
            case RuntimeUpgraded e -> {} // runtime-wide; the ledger is the record (ledger replay shows it)
            case LedgerRepaired e -> {} // stands in for a lost event; what that event changed is lost with it
        }
        if (!envelope.operationId().isEmpty()) {
            AuditFold.operationEvent(views, envelope);
        }
    }

    public static Optional<GoalView> goal(Views views, String goalId) {
        return GoalFold.goal(views, goalId);
    }
}
