package dev.loopx.cli.todo;

import dev.loopx.application.todo.ListTodos;
import dev.loopx.cli.render.TodoListAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.util.List;
import java.util.Objects;
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
public final class TodoListCommand extends LoopxSubcommand implements TheOnlyGoalByDefault {
    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
    String goalId;

    @Option(names = "--agent-id", paramLabel = "ID")
    String agentId;

    @Option(names = "--status", paramLabel = "STATUS", description = "open | done | blocked | deferred")
    String status;

    @Option(names = "--role", paramLabel = "user|agent")
    String role;

    @Option(names = "--include-archived", description = "List archived todos too (each says archived_seq > 0).")
    boolean includeArchived;

    /** A listing as typed values: the options as given, each string but the goal null when not given. */
    public record Listing(String goalId, String agentId, String status, String role, boolean includeArchived) {
        public Listing {
            Objects.requireNonNull(goalId, "goalId");
        }
    }

    @Override
    protected int execute(CliContext context) {
        return context.emit(answer(context, new Listing(goalId, agentId, status, role, includeArchived)));
    }

    /**
     * {@code loopx todo list} as a function, shared by the command and the dashboard: the checks
     * (exit 2), one {@link ListTodos} call, its record.
     *
     * @throws CliError for bad input or a refusal, as the command reports it
     */
    public static TodoListAnswer answer(CliContext context, Listing listing) {
        String goalId = listing.goalId();
        String agentId = listing.agentId();
        String status = listing.status();
        String role = listing.role();
        boolean includeArchived = listing.includeArchived();
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
        return new TodoListAnswer(goalId, includeArchived, todos, context.now());
    }
}
