package dev.loopx.cli.render;

import static dev.loopx.cli.render.Words.quoted;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx todo checkpoint}'s answer, {@code loopx_todo_checkpoint_v0}: the write's head and the
 * {@code note} the replan recorded.
 *
 * <p>Its text says whether the checkpoint was recorded (and that the count towards the next one
 * starts again), would be (a preview), or was not needed (nothing completed since the last one).
 *
 * @param head the write's schema, goal and preview or receipt
 * @param note what the replan decided
 */
public record TodoCheckpointAnswer(GoalWriteHead head, String note) implements RenderedAnswer {
    public TodoCheckpointAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(note, "note");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("note", note);
        return doc;
    }

    void text(PrintWriter out) {
        out.println(answerLine());
        new Lines(out).add("recorded", head.recorded()).add("next", head.next()).print();
    }

    private String answerLine() {
        String goal = head.goalId();
        if (head.preview()) {
            return "preview: would record a replan checkpoint on goal " + goal + ": " + quoted(note)
                    + " (nothing written)";
        }
        return head.unchanged()
                ? "nothing to checkpoint on goal " + goal
                        + ": no todo was completed since the last checkpoint (nothing written)"
                : "replan checkpoint recorded on goal " + goal + ": " + quoted(note)
                        + " — the count of completed todos toward the next checkpoint starts again";
    }
}
