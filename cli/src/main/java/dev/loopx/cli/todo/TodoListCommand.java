package dev.loopx.cli.todo;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoView;
import java.util.Comparator;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "list",
        description = {
            "List a goal's todos (read-only), ordered by priority (missing last) then creation.",
            "--agent-id shows what that agent may see: its claims, unclaimed work and gates on its lane."
        },
        footer = {"", "Example:  loopx todo list --goal-id g --status open --role agent"})
public final class TodoListCommand extends LoopxSubcommand {
    @Option(names = "--goal-id", required = true, paramLabel = "ID")
    String goalId;

    @Option(names = "--agent-id", paramLabel = "ID")
    String agentId;

    @Option(names = "--status", paramLabel = "STATUS", description = "open | done | blocked | deferred")
    String status;

    @Option(names = "--role", paramLabel = "user|agent")
    String role;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        if (status != null) {
            TextOptions.oneOf("--status", status, "open", "done", "blocked", "deferred");
        }
        if (role != null) {
            TextOptions.oneOf("--role", role, "user", "agent");
        }
        try (LoopxRuntime runtime = context.openRuntime()) {
            GoalState state = GoalState.load(runtime.views(), goalId)
                    .orElseThrow(() -> CliError.of(new Rejection.GoalNotFound(goalId)));
            List<TodoView> todos = state.todos().stream()
                    .filter(t -> status == null || t.status().equals(status))
                    .filter(t -> role == null || t.role().equals(role))
                    .filter(t -> agentId == null || visibleTo(t, agentId))
                    .sorted(Comparator.comparing((TodoView t) -> t.priority().isEmpty() ? "P9" : t.priority())
                            .thenComparingLong(TodoView::createdSeq))
                    .toList();
            ObjectNode doc = CliContext.document("loopx_todo_list_v0", true);
            doc.put("goal_id", goalId);
            doc.put("count", todos.size());
            ArrayNode items = doc.putArray("todos");
            todos.forEach(
                    t -> items.add(Json.mapper().<ObjectNode>valueToTree(t).put("schema_version", "todo_item_v0")));
            return context.emit(doc);
        }
    }

    private static boolean visibleTo(TodoView t, String agent) {
        if (t.role().equals("user")) {
            return t.globalGate()
                    || t.blocksAgent().isEmpty()
                    || t.blocksAgent().equals(agent);
        }
        return !t.excludedAgents().contains(agent)
                && (t.claimedBy().isEmpty() || t.claimedBy().equals(agent));
    }
}
