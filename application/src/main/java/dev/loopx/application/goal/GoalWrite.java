package dev.loopx.application.goal;

import dev.loopx.commands.agent.RegisterAgents;
import dev.loopx.commands.agent.ThreadCommands.ThreadCommand;
import dev.loopx.commands.gate.OperatorGate;
import dev.loopx.commands.goal.ChangeLifecycle;
import dev.loopx.commands.quota.QuotaCommands.QuotaCommand;
import dev.loopx.commands.reward.RecordReward;
import dev.loopx.commands.scheduler.SchedulerCommands.SchedulerCommand;
import dev.loopx.commands.todo.TodoCommands.TodoCommand;
import dev.loopx.ledger.ActorKind;
import java.util.Objects;

/**
 * The typed request of every use case that is one decision on one goal (SPEC §S3–§S8): todo
 * writes, evidence and quota accounting, scheduler acks, gate decisions, rewards, agent
 * registration, stop/resume. Each wraps the aggregate's command (sealed per aggregate in
 * {@code commands}); {@link GoalWrites#run(dev.loopx.application.Invocation, WriteOptions, GoalWrite)}
 * picks the decider and the state it sees, and {@link Intents} what the write means.
 */
public sealed interface GoalWrite {
    String goalId();

    /** {@code todo claim|update|complete|supersede|declare-empty} (and {@code todo add}, see {@code AddTodo}). */
    record Todo(TodoCommand command) implements GoalWrite {
        public Todo {
            Objects.requireNonNull(command, "command");
        }

        public String goalId() {
            return command.goalId();
        }
    }

    /** {@code refresh-state}, {@code quota spend-slot}, {@code quota void-slot}. */
    record Quota(QuotaCommand command) implements GoalWrite {
        public Quota {
            Objects.requireNonNull(command, "command");
        }

        public String goalId() {
            return command.goalId();
        }
    }

    /** {@code quota scheduler-ack(-current)}, {@code quota scheduler-fail-current}, should-run's turn receipt. */
    record Scheduler(SchedulerCommand command) implements GoalWrite {
        public Scheduler {
            Objects.requireNonNull(command, "command");
        }

        public String goalId() {
            return command.goalId();
        }
    }

    /** {@code operator-gate}. */
    record Gate(OperatorGate command) implements GoalWrite {
        public Gate {
            Objects.requireNonNull(command, "command");
        }

        public String goalId() {
            return command.goalId();
        }
    }

    /** {@code reward}; {@code actorKind} is the declared {@code --actor-kind} ({@code owner|controller}). */
    record Reward(RecordReward command, ActorKind actorKind) implements GoalWrite {
        public Reward {
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(actorKind, "actorKind");
        }

        public String goalId() {
            return command.goalId();
        }
    }

    /** {@code register-agent}. */
    record Agents(RegisterAgents command) implements GoalWrite {
        public Agents {
            Objects.requireNonNull(command, "command");
        }

        public String goalId() {
            return command.goalId();
        }
    }

    /** {@code bind-agent-thread}, {@code unbind-agent-thread}. */
    record HostThread(ThreadCommand command) implements GoalWrite {
        public HostThread {
            Objects.requireNonNull(command, "command");
        }

        public String goalId() {
            return command.goalId();
        }
    }

    /** {@code goal-lifecycle} (stop/resume) by the owner or a controller. */
    record Lifecycle(ChangeLifecycle command, ActorKind actorKind) implements GoalWrite {
        public Lifecycle {
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(actorKind, "actorKind");
        }

        public String goalId() {
            return command.goalId();
        }
    }
}
