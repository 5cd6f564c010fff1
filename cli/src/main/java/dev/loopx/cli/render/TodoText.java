package dev.loopx.cli.render;

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

    private static String scope(String taskClass, String blocks, boolean globalGate) {
        if (taskClass.equals("user_gate")) {
            return globalGate
                    ? "  (gate: blocks everyone)"
                    : blocks.isEmpty() ? "  (gate)" : "  (gate: blocks " + blocks + ")";
        }
        if (taskClass.equals("advancement_task") || taskClass.equals("user_action") || taskClass.isEmpty()) {
            return "";
        }
        return "  (" + taskClass.replace('_', ' ') + ")";
    }
}
