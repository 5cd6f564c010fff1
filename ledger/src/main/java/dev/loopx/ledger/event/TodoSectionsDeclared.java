package dev.loopx.ledger.event;

import java.util.List;

/**
 * {@code todo.sections_declared} v1: the goal's todo sections exist (written by {@code connect}
 * when it registers the goal). A declared section with no todo is a valid, empty source for the
 * terminal state; unlike {@link TodoSectionDeclaredEmpty} it does not say "no work on purpose",
 * so an agent section that is only declared still asks its agent to plan. Ledgers written before
 * this event have no declared sections: their sources stay {@code missing} until a todo or a
 * {@code declare-empty}, as they always were.
 *
 * @param roles the declared roles ({@code agent}, {@code user}), sorted
 */
public record TodoSectionsDeclared(List<String> roles) implements LoopxEvent {
    public TodoSectionsDeclared {
        roles = List.copyOf(roles);
    }
}
