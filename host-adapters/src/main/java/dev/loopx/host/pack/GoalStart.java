package dev.loopx.host.pack;

import dev.loopx.projections.query.RuntimeProfile;
import java.util.List;
import java.util.Objects;

/**
 * A guided goal start ({@link StartGoalPlan}) as the host sees it before anything is written:
 * either a gate that asks for one more choice, or the whole plan.
 */
public sealed interface GoalStart {
    PackRequest request();

    ProjectSnapshot snapshot();

    /**
     * Nothing planned yet: the host must choose first. {@code kind} is
     * {@code host_surface_selection_required}, {@code goal_selection_required} or
     * {@code agent_selection_required}.
     */
    record Gate(PackRequest request, ProjectSnapshot snapshot, String kind, String summary, List<Choice> options)
            implements GoalStart {
        public Gate {
            Objects.requireNonNull(request, "request");
            Objects.requireNonNull(snapshot, "snapshot");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(summary, "summary");
            options = List.copyOf(options);
        }
    }

    /**
     * The plan: the goal and agent it starts, the should-run profile of the host, the todos in
     * write order and the seven ordered steps.
     */
    record Plan(
            PackRequest request,
            ProjectSnapshot snapshot,
            String goalId,
            String agentId,
            RuntimeProfile runtimeProfile,
            List<PlannedWrite> todos,
            List<Step> steps)
            implements GoalStart {
        public Plan {
            Objects.requireNonNull(request, "request");
            Objects.requireNonNull(snapshot, "snapshot");
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(runtimeProfile, "runtimeProfile");
            todos = List.copyOf(todos);
            steps = List.copyOf(steps);
        }
    }

    /** A planned todo and the id {@code todo add} will give it. */
    record PlannedWrite(StartGoalPlan.PlannedTodo todo, String todoId) {
        public PlannedWrite {
            Objects.requireNonNull(todo, "todo");
            Objects.requireNonNull(todoId, "todoId");
        }
    }

    /**
     * One step of the start, in order: its name, its status now, whether running it writes, a
     * sentence for the host and the exact calls that perform it.
     */
    record Step(String step, String status, boolean writesWhenRun, String summary, List<CliCall> commands) {
        public Step {
            Objects.requireNonNull(step, "step");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(summary, "summary");
            commands = List.copyOf(commands);
        }
    }
}
