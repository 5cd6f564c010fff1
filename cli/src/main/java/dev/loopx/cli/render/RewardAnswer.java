package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Objects;

/** {@code loopx reward}'s answer, {@code loopx_reward_v0}: the write's head and nothing more. */
public record RewardAnswer(GoalWriteHead head) implements RenderedAnswer {
    public RewardAnswer {
        Objects.requireNonNull(head, "head");
    }

    @Override
    public ObjectNode json() {
        return head.json();
    }

    void text(PrintWriter out) {
        out.println("reward recorded on goal " + head.goalId());
        new Lines(out).add("recorded", head.recorded()).print();
    }
}
