package dev.loopx.application.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.Intents;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.application.todo.AddTodo;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.monitor.MonitorCommands.AddMonitor;
import dev.loopx.commands.monitor.MonitorCommands.PollMonitor;
import dev.loopx.commands.monitor.MonitorDecider;
import dev.loopx.commands.monitor.MonitorSettings;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.commands.todo.TodoCommands;
import dev.loopx.commands.todo.TodoIds;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.monitor.MonitorFold;
import dev.loopx.projections.monitor.MonitorView;
import io.vavr.control.Either;
import java.util.Optional;

/**
 * Use cases "add a monitor with watch settings" ({@code todo add --task-class monitor_task} with
 * the monitor flags) and "record a monitor poll" ({@code quota monitor-poll}, issue 21), through
 * the one write path ({@link GoalWrites}). Both take {@code --operation-id}: the add's intent is
 * {@code todo add}'s with the settings under {@code monitor}; the poll's is its own.
 */
public final class MonitorWrites {
    private MonitorWrites() {}

    /** Adds the todo and its settings in one append; an inadmissible request is refused before anything is opened. */
    public static Either<Rejection, GoalWrites.Outcome> add(
            Invocation invocation, WriteOptions options, TodoCommands.AddTodo todo, MonitorSettings settings) {
        return AddTodo.admissible(todo)
                .map(add -> new AddMonitor(add, settings))
                .flatMap(c -> MonitorDecider.admissible(c)
                        .<Either<Rejection, AddMonitor>>map(Either::left)
                        .orElseGet(() -> Either.right(c)))
                .flatMap(c -> GoalWrites.run(
                        invocation,
                        new GoalWrites.Request(
                                c.goalId(),
                                options.actor(),
                                options.operationId(),
                                addIntent(c),
                                options.preview(),
                                (goal, views) -> MonitorDecider.decide(c, goal),
                                TodoIds.of(todo.goalId(), todo.role().wire(), todo.text()),
                                false)));
    }

    /**
     * A poll's outcome and the monitor as it is afterwards (now, for a preview: the previewed
     * receipt's interval and due time are in {@code outcome}'s would-append payload).
     */
    public record Polled(GoalWrites.Outcome outcome, Optional<MonitorView> monitor) {}

    /** Records one poll receipt; it never spends quota. */
    public static Either<Rejection, Polled> poll(Invocation invocation, WriteOptions options, PollMonitor command) {
        GoalWrites.Request request = new GoalWrites.Request(
                command.goalId(),
                options.actor(),
                options.operationId(),
                pollIntent(command),
                options.preview(),
                (goal, views) -> MonitorDecider.decide(command, goal, invocation.now()),
                command.todoId(),
                false);
        LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(
                invocation.now(), command.goalId(), options.actor(), options.operationId(), request.intent());
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            return GoalWrites.run(runtime, write, request)
                    .map(outcome -> new Polled(
                            outcome, MonitorFold.monitor(runtime.views(), command.goalId(), command.todoId())));
        }
    }

    static Intent addIntent(AddMonitor c) {
        ObjectNode a = Intents.todoAddArguments(c.add());
        MonitorSettings m = c.settings();
        a.putObject("monitor")
                .put("target_key", m.targetKey())
                .put("cadence_minutes", m.cadenceMinutes())
                .put("next_due_at", m.nextDueAt())
                .put("expires_at", m.expiresAt())
                .put("watch_only", m.watchOnly());
        return Intent.of("todo add", a);
    }

    static Intent pollIntent(PollMonitor c) {
        ObjectNode a = Json.object()
                .put("todo_id", c.todoId())
                .put("agent_id", c.agentId())
                .put("result_digest", c.resultDigest())
                .put("material_change", c.materialChange())
                .put("next_due_at", c.nextDueAt())
                .put("summary", c.summary());
        return Intent.of("quota monitor-poll", a);
    }
}
