package dev.loopx.cli.render;

import static dev.loopx.cli.render.Words.quoted;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.monitor.MonitorSettings;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The answer of a write about one todo: {@code loopx_todo_add_v0}, {@code _claim_},
 * {@code _complete_}, {@code _update_} and {@code _supersede_} (the schema is the head's): the
 * write's head, the {@code todo_id}, the {@code todo} as it is after the write (now, for a preview)
 * when there is one, and for an added monitor its watch settings ({@code monitor}).
 *
 * <p>Its text is one line saying what changed ({@code claimed todo_… "Write the parser" for
 * builder}, or that it was already so), then the evidence of a completion, the watch, the required
 * capabilities, the successors and where it was recorded.
 *
 * @param head    the write's schema, goal and preview or receipt
 * @param todoId  the todo the write is about
 * @param monitor the watch settings recorded with an added monitor; empty for every other write
 */
public record TodoWriteAnswer(GoalWriteHead head, String todoId, Optional<MonitorSettings> monitor)
        implements RenderedAnswer {
    public TodoWriteAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(monitor, "monitor");
    }

    /** A write with no watch settings. */
    public TodoWriteAnswer(GoalWriteHead head, String todoId) {
        this(head, todoId, Optional.empty());
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("todo_id", todoId);
        head.outcome().todo().ifPresent(t -> doc.set("todo", TodoParts.record(t)));
        monitor.ifPresent(m -> doc.set("monitor", monitorJson(m)));
        return doc;
    }

    private static ObjectNode monitorJson(MonitorSettings m) {
        ObjectNode n = Json.object();
        n.put("target_key", m.targetKey());
        n.put("cadence_minutes", m.cadenceMinutes());
        n.put("next_due_at", m.nextDueAt());
        n.put("expires_at", m.expiresAt());
        n.put("watch_only", m.watchOnly());
        return n;
    }

    void text(PrintWriter out) {
        String line = answerLine();
        out.println(head.unchanged() ? line + " — already so, nothing new was recorded" : line);
        Lines lines = new Lines(out);
        boolean completion = head.schemaVersion().equals("loopx_todo_complete_v0");
        lines.add("evidence", completion ? todo(TodoView::evidence) : "");
        lines.add("validated by", completion ? todo(TodoView::validationCommand) : "");
        lines.add("watch", monitor.map(TodoWriteAnswer::watch).orElse(""));
        List<String> capabilities = todoList(TodoView::requiredCapabilities);
        lines.add(
                "needs",
                capabilities.isEmpty()
                        ? ""
                        : String.join(", ", capabilities)
                                + " (only a lane that declares it with --available-capability runs this todo)");
        for (String s : todoList(TodoView::successorTodoIds)) {
            lines.add("next todo", s);
        }
        lines.add("recorded", head.recorded());
        lines.print();
    }

    /** What the write did to the todo, in words. */
    private String answerLine() {
        String what = todoId + " " + quoted(todo(TodoView::text));
        return switch (head.schemaVersion()) {
            case "loopx_todo_add_v0" -> added(what);
            case "loopx_todo_claim_v0" -> "claimed " + what + " for " + todo(TodoView::claimedBy);
            case "loopx_todo_complete_v0" -> "done: " + what;
            case "loopx_todo_supersede_v0" -> "superseded " + what;
            default -> "updated " + what + " (now " + todo(t -> t.status().wire()) + ")";
        };
    }

    private String added(String what) {
        Optional<TodoView> t = head.outcome().todo();
        if (t.filter(TodoView::isUserGate).isPresent()) {
            return "added gate " + what
                    + TodoText.scope(t.get()).replace("  (gate: ", " (").replace("  (gate)", "")
                    + ": the owner decides it with loopx todo complete";
        }
        String priority = todo(v -> v.priority().wire());
        return "added " + what + " for " + (t.filter(TodoView::isUser).isPresent() ? "the owner" : "agents")
                + (priority.isEmpty() ? "" : " (" + priority + ")");
    }

    /** A text field of the todo; empty when the answer has no todo. */
    private String todo(Function<TodoView, String> field) {
        return head.outcome().todo().map(field).orElse("");
    }

    private List<String> todoList(Function<TodoView, List<String>> field) {
        return head.outcome().todo().map(field).orElse(List.of());
    }

    /** A monitor's settings in words ({@code every 30 min from now, ends 2026-…, watch-only}). */
    private static String watch(MonitorSettings m) {
        return (m.targetKey().isEmpty() ? "" : m.targetKey() + ": ")
                + "every " + m.cadenceMinutes() + " min from " + (m.nextDueAt().isEmpty() ? "now" : m.nextDueAt())
                + (m.expiresAt().isEmpty() ? "" : ", ends " + m.expiresAt())
                + (m.watchOnly() ? ", watch-only" : "");
    }
}
