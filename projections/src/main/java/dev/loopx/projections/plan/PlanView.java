package dev.loopx.projections.plan;

import java.util.List;
import java.util.Objects;

/**
 * What the replan obligation and the section rules need to know about a goal's plan (view
 * {@code goal_plan}, key the goal id), kept by {@link PlanFold} so that should-run answers from
 * one point read and never reads the done todos.
 *
 * @param declaredSections roles whose todo section {@code connect} declared ({@code todo.sections_declared})
 * @param replanAfterCompletedTodos the goal's {@code replan_after_completed_todos} (1–5, default 5)
 * @param completedSinceCheckpoint advancement todos completed since the last replan checkpoint
 * @param lastCompletedTodoId the advancement todo completed last (empty: none yet)
 * @param lastCompletedNoFollowup that completion said {@code --no-follow-up} (or was settled so later)
 * @param lastCompletedSuccessors how many successors that completion created in its append
 * @param lastCheckpointSeq the seq of the last {@code todo.replan_checkpointed} (0: none)
 */
public record PlanView(
        List<String> declaredSections,
        int replanAfterCompletedTodos,
        long completedSinceCheckpoint,
        String lastCompletedTodoId,
        long lastCompletedSeq,
        boolean lastCompletedNoFollowup,
        int lastCompletedSuccessors,
        long lastCheckpointSeq) {
    public static final int DEFAULT_REPLAN_AFTER = 5;
    public static final PlanView NONE = new PlanView(List.of(), DEFAULT_REPLAN_AFTER, 0, "", 0, false, 0, 0);

    public PlanView {
        declaredSections = List.copyOf(declaredSections);
        Objects.requireNonNull(lastCompletedTodoId, "lastCompletedTodoId");
    }

    PlanView withSections(List<String> sections) {
        return new PlanView(
                sections,
                replanAfterCompletedTodos,
                completedSinceCheckpoint,
                lastCompletedTodoId,
                lastCompletedSeq,
                lastCompletedNoFollowup,
                lastCompletedSuccessors,
                lastCheckpointSeq);
    }

    PlanView withReplanAfter(int n) {
        return new PlanView(
                declaredSections,
                n,
                completedSinceCheckpoint,
                lastCompletedTodoId,
                lastCompletedSeq,
                lastCompletedNoFollowup,
                lastCompletedSuccessors,
                lastCheckpointSeq);
    }

    PlanView completed(String todoId, long seq, boolean noFollowup, int successors, boolean firstCompletion) {
        return new PlanView(
                declaredSections,
                replanAfterCompletedTodos,
                completedSinceCheckpoint + (firstCompletion ? 1 : 0),
                todoId,
                seq,
                noFollowup,
                successors,
                lastCheckpointSeq);
    }

    PlanView settled(boolean noFollowup) {
        return new PlanView(
                declaredSections,
                replanAfterCompletedTodos,
                completedSinceCheckpoint,
                lastCompletedTodoId,
                lastCompletedSeq,
                noFollowup,
                lastCompletedSuccessors,
                lastCheckpointSeq);
    }

    PlanView checkpointed(long seq) {
        return new PlanView(
                declaredSections,
                replanAfterCompletedTodos,
                0,
                lastCompletedTodoId,
                lastCompletedSeq,
                lastCompletedNoFollowup,
                lastCompletedSuccessors,
                seq);
    }
}
