package dev.loopx.cli.render;

import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoView;

/**
 * A todo's gate scope or class as the text views show it after its text: {@code  (gate: blocks
 * reviewer)}, {@code  (gate: blocks everyone)}, {@code  (monitor task)}, or nothing. The todo
 * answers ({@link TodoListAnswer}, {@link TodoWriteAnswer}) read it from the todo; the views still
 * rendered from a document, from its {@code todo_item_v0}.
 */
final class TodoText {
    private TodoText() {}

    static String scope(TodoView t) {
        return scope(t.taskClass(), t.blocksAgent(), t.globalGate());
    }

    private static String scope(TaskClass taskClass, String blocks, boolean globalGate) {
        return switch (taskClass) {
            case USER_GATE ->
                globalGate
                        ? "  (gate: blocks everyone)"
                        : blocks.isEmpty() ? "  (gate)" : "  (gate: blocks " + blocks + ")";
            case ADVANCEMENT_TASK, USER_ACTION, UNKNOWN -> "";
            case MONITOR_TASK, BLOCKER -> "  (" + taskClass.wire().replace('_', ' ') + ")";
        };
    }
}
