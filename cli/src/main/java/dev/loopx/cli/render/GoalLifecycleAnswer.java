package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.projections.goal.GoalView;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx goal-lifecycle}'s answer, {@code loopx_goal_lifecycle_v0}: the write's head and the
 * goal's lifecycle after it (now, for a preview).
 *
 * <p>Its text says what the goal is now and what that means for should-run; a stopped goal's text
 * gives the command that resumes it.
 */
public record GoalLifecycleAnswer(GoalWriteHead head) implements RenderedAnswer {
    public GoalLifecycleAnswer {
        Objects.requireNonNull(head, "head");
    }

    /** The lifecycle after the write, or {@code ""} when the goal is not registered. */
    private String lifecycle() {
        return head.outcome().goal().map(g -> g.lifecycle().wire()).orElse("");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        head.outcome().goal().ifPresent(g -> doc.put("lifecycle", g.lifecycle().wire()));
        return doc;
    }

    void text(PrintWriter out) {
        String goal = head.goalId();
        String lifecycle = lifecycle();
        if (head.preview()) {
            boolean stops = head.wouldAppend().stream().map(ProposedEvent::type).anyMatch("goal.stopped"::equals);
            out.println("preview: would " + (stops ? "stop" : "resume") + " goal " + goal + " (now " + lifecycle
                    + "; nothing written)");
            new Lines(out).add("next", Previews.next(head.schemaVersion())).print();
            return;
        }
        boolean stopped = head.outcome().goal().filter(GoalView::stopped).isPresent();
        boolean changed = !head.unchanged();
        out.println((changed ? "goal " + goal + " " : "goal " + goal + " is already ")
                + lifecycle
                + (stopped
                        ? ": should-run answers should_run=false for every lane until it is resumed"
                        : ": its lanes run again as should-run says")
                + (changed ? "" : " — nothing new recorded"));
        new Lines(out)
                .add("recorded", head.recorded())
                .add("next", stopped ? CommandLines.withInputs(OwnerSteps.resumeGoal(goal)) : "")
                .print();
    }
}
