package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.todo.TodoRole;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx todo declare-empty}'s answer, {@code loopx_todo_declare_empty_v0}: the write's head,
 * the {@code role} and, when the goal is registered, whether its section is now
 * {@code declared_empty}.
 *
 * <p>Its text says that the role's todo section is (or would be, or already was) declared empty on
 * purpose, which the terminal check counts as complete.
 *
 * @param head the write's schema, goal and preview or receipt (with the goal after the write)
 * @param role {@code user} or {@code agent}
 */
public record TodoDeclareEmptyAnswer(GoalWriteHead head, String role) implements RenderedAnswer {
    public TodoDeclareEmptyAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(role, "role");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("role", role);
        head.outcome()
                .goal()
                .ifPresent(s -> doc.put("declared_empty", s.declaredEmptyRoles().contains(role)));
        return doc;
    }

    void text(PrintWriter out) {
        out.println(answerLine());
        new Lines(out).add("recorded", head.recorded()).add("next", head.next()).print();
    }

    private String answerLine() {
        String section = "the " + (TodoRole.recorded(role) == TodoRole.USER ? "owner (user)" : role)
                + " todo section of goal " + head.goalId();
        if (head.preview()) {
            return "preview: would declare " + section + " empty on purpose (nothing written)";
        }
        return head.unchanged()
                ? section + " is already declared empty"
                : section + " is declared empty on purpose: the terminal check counts it as complete";
    }
}
