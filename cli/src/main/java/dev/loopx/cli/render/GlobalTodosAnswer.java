package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ProjectDigests.GoalTodos;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx global-todos}'s answer, {@code loopx_global_todos_v0}: per readable project
 * ({@link GlobalScanParts}) and goal the next agent todo per lane and the open todos in priority order
 * (todo briefs); {@code open_todo_count} over all projects.
 *
 * <p>Its text counts the open todos and projects, then one table row per open todo.
 */
public record GlobalTodosAnswer(Instant now, ScanProjects.Scan<List<GoalTodos>> scan) implements RenderedAnswer {
    public GlobalTodosAnswer {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(scan, "scan");
    }

    @Override
    public boolean ok() {
        return GlobalScanParts.ok(scan);
    }

    private int openTodoCount() {
        return GlobalScanParts.sum(
                scan,
                goals -> goals.stream().mapToInt(g -> g.openTodos().size()).sum());
    }

    @Override
    public ObjectNode json() {
        return GlobalScanParts.json(
                "loopx_global_todos_v0",
                now,
                scan,
                doc -> doc.put("open_todo_count", openTodoCount()),
                GlobalTodosAnswer::goals);
    }

    private static void goals(List<GoalTodos> todos, ObjectNode into) {
        ArrayNode goals = into.putArray("goals");
        for (GoalTodos t : todos) {
            ObjectNode g = goals.addObject().put("goal_id", t.goalId());
            g.set("next_agent_todo", LanesDocument.of(t.nextAgentTodo()));
            ArrayNode open = g.putArray("open_todos");
            t.openTodos().forEach(todo -> open.add(TodoParts.brief(todo)));
        }
    }

    void text(PrintWriter out) {
        out.println(Words.count(openTodoCount(), "open todo") + " in " + Words.count(scan.projectCount(), "project"));
        Table t = new Table("  ", "PROJECT", "GOAL", "ID", "FOR", "PRI", "CLAIMED BY", "TEXT");
        for (ScanProjects.Read<List<GoalTodos>> p : scan.readable()) {
            for (GoalTodos g : p.facts()) {
                for (TodoView todo : g.openTodos()) {
                    t.row(
                            p.label(),
                            g.goalId(),
                            todo.todoId(),
                            todo.isUser() ? "owner" : "agent",
                            dashed(todo.priority().wire()),
                            dashed(todo.claimedBy()),
                            todo.text() + kind(todo.taskClass()));
                }
            }
        }
        GlobalScanParts.print(t, scan, out);
    }

    /**
     * The todo's kind after its text: {@code (gate)}, {@code (monitor)}, … or nothing for plain
     * work. A gate is never said to block an agent or everyone here (the brief this view was
     * first written against carries neither {@code blocks_agent} nor {@code global_gate}).
     */
    private static String kind(TaskClass taskClass) {
        return switch (taskClass) {
            case USER_GATE -> "  (gate)";
            case ADVANCEMENT_TASK, USER_ACTION, UNKNOWN -> "";
            case MONITOR_TASK, BLOCKER -> "  (" + taskClass.wire().replace('_', ' ') + ")";
        };
    }

    private static String dashed(String v) {
        return v.isEmpty() ? "-" : v;
    }
}
