package dev.loopx.cli.todo;

import dev.loopx.application.todo.ListTodos;
import dev.loopx.cli.render.TodoListAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "list",
        description = {
            "List a goal's todos (read-only), ordered by priority (missing last) then creation.",
            "--agent-id shows what that agent may see: its claims, unclaimed work and gates on its lane.",
            "Archived todos (todo archive-completed) are left out unless --include-archived is given.",
            "Each todo says its lease_state (none, live or expired: an expired lease frees the todo)."
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

    @Option(names = "--include-archived", description = "List archived todos too (each says archived_seq > 0).")
    boolean includeArchived;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        Optional<TodoStatus> wanted = status == null
                ? Optional.empty()
                : Optional.of(TodoStatuses.require(
                        status, TodoStatus.OPEN, TodoStatus.DONE, TodoStatus.BLOCKED, TodoStatus.DEFERRED));
        if (role != null) {
            TextOptions.oneOf("--role", role, "user", "agent");
        }
        List<TodoView> todos = ListTodos.run(
                        context.invocation(),
                        new ListTodos.Request(
                                goalId,
                                wanted,
                                role == null ? "" : role,
                                agentId == null ? "" : agentId,
                                includeArchived))
                .getOrElseThrow(CliError::of);
        return context.emit(new TodoListAnswer(goalId, includeArchived, todos, context.now()));
    }
}
