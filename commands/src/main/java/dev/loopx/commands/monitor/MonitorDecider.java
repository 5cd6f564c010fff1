package dev.loopx.commands.monitor;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.AgentDecider;
import dev.loopx.commands.monitor.MonitorCommands.AddMonitor;
import dev.loopx.commands.monitor.MonitorCommands.PollMonitor;
import dev.loopx.commands.todo.TodoDecider;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.MonitorPolled;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoMonitorConfigured;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.monitor.MonitorView;
import dev.loopx.projections.query.TodoRules;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import io.vavr.control.Either;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Pure decisions about monitors (issue 21). A monitor with settings is added as its
 * {@code todo.added} plus {@code todo.monitor_configured} in one append; adding the same text
 * again changes nothing (the settings of an existing monitor are not rewritten). A poll is a
 * no-spend receipt ({@code monitor.polled}) of an open monitor, by a lane that may write it; it
 * sets the next due time by {@link MonitorCadence} unless the lane gave one.
 */
public final class MonitorDecider {
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'");

    private MonitorDecider() {}

    /** Watch settings are for monitors only (checked before anything is opened). */
    public static Optional<Rejection> admissible(AddMonitor c) {
        Optional<Rejection> todo = TodoDecider.admissible(c.add());
        if (todo.isPresent()) {
            return todo;
        }
        if (c.add().taskClass() != TaskClass.MONITOR_TASK) {
            return Optional.of(new Rejection.NotForThisTodo(
                    "monitor settings (target key, cadence, next due time, expiry, watch-only)", "monitor_task todos"));
        }
        return Optional.empty();
    }

    public static Either<Rejection, List<LoopxEvent>> decide(
            MonitorCommands.MonitorCommand command, Optional<GoalState> state, Instant now) {
        return switch (command) {
            case AddMonitor c -> decide(c, state);
            case PollMonitor c -> decide(c, state, now);
        };
    }

    public static Either<Rejection, List<LoopxEvent>> decide(AddMonitor c, Optional<GoalState> state) {
        Optional<Rejection> inadmissible = admissible(c);
        if (inadmissible.isPresent()) {
            return Decision.reject(inadmissible.get());
        }
        Either<Rejection, List<LoopxEvent>> added = TodoDecider.decide(c.add(), state);
        if (added.isLeft() || added.get().isEmpty()) {
            return added;
        }
        List<LoopxEvent> events = new ArrayList<>(added.get());
        for (LoopxEvent e : added.get()) {
            if (e instanceof TodoAdded a) {
                MonitorSettings m = c.settings();
                events.add(new TodoMonitorConfigured(
                        a.todoId(), m.targetKey(), m.cadenceMinutes(), m.nextDueAt(), m.expiresAt(), m.watchOnly()));
            }
        }
        return Either.right(events);
    }

    public static Either<Rejection, List<LoopxEvent>> decide(PollMonitor c, Optional<GoalState> state, Instant now) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(c.goalId()));
        }
        GoalState s = state.get();
        Optional<TodoView> todo = s.todo(c.todoId());
        if (todo.isEmpty()) {
            return Decision.reject(new Rejection.TodoNotFound(c.todoId()));
        }
        TodoView t = todo.get();
        if (!TodoRules.isMonitor(t)) {
            return Decision.reject(
                    new Rejection.NotAMonitor(t.todoId(), t.taskClass().wire()));
        }
        if (t.done()) {
            return Decision.reject(new Rejection.TodoAlreadyCompleted(t.todoId()));
        }
        if (!t.is(TodoStatus.OPEN)) {
            return Decision.reject(
                    new Rejection.MonitorNotOpen(t.todoId(), t.status().wire()));
        }
        Optional<Rejection> actor = AgentDecider.checkActor(s, c.agentId());
        if (actor.isPresent()) {
            return Decision.reject(actor.get());
        }
        if (!t.claimedBy().isEmpty() && !c.agentId().isEmpty() && !t.claimedBy().equals(c.agentId())) {
            return Decision.reject(new Rejection.ClaimedByOther(t.todoId(), t.claimedBy()));
        }
        MonitorView m = s.monitor(t.todoId());
        int interval = MonitorCadence.nextInterval(m.cadenceMinutes(), m.consecutiveNoChange(), c.materialChange());
        String next = !c.nextDueAt().isEmpty()
                ? c.nextDueAt()
                : now.truncatedTo(ChronoUnit.SECONDS)
                        .plus(interval, ChronoUnit.MINUTES)
                        .atOffset(ZoneOffset.UTC)
                        .format(UTC);
        return Decision.accept(new MonitorPolled(
                t.todoId(), c.agentId(), c.resultDigest(), c.materialChange(), interval, next, c.summary()));
    }
}
