package dev.loopx.commands.todo;

import dev.loopx.commands.todo.TodoCommands.AddTodo;
import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import dev.loopx.commands.todo.TodoCommands.UpdateTodo;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import java.util.List;

/** Test data for todo deciders: events and commands with every optional field unset. */
final class Todos {
    static final String G = "g1";

    private Todos() {}

    static String idOf(String role, String text) {
        return TodoIds.of(G, role, text);
    }

    /** An open, unclaimed agent advancement task. */
    static TodoAdded agentTodo(String text) {
        return new TodoAdded(
                idOf("agent", text), "agent", text, "advancement_task", "", "", "", false, List.of(), "", "");
    }

    static TodoAdded agentTodoClaimedBy(String text, String agentId) {
        return new TodoAdded(
                idOf("agent", text), "agent", text, "advancement_task", "", agentId, "", false, List.of(), "", "");
    }

    static TodoAdded userTodo(String text, String taskClass, String blocksAgent, boolean globalGate) {
        return new TodoAdded(
                idOf("user", text), "user", text, taskClass, "", "", blocksAgent, globalGate, List.of(), "", "");
    }

    static AddTodo addAgentTodo(String text) {
        return new AddTodo(
                G,
                TodoRole.AGENT,
                text,
                TaskClass.ADVANCEMENT_TASK,
                Priority.NONE,
                "",
                "",
                false,
                java.util.List.of(),
                "");
    }

    static AddTodo addUserGate(String text, String blocksAgent, boolean globalGate) {
        return new AddTodo(
                G,
                TodoRole.USER,
                text,
                TaskClass.USER_GATE,
                Priority.NONE,
                "",
                blocksAgent,
                globalGate,
                java.util.List.of(),
                "");
    }

    static UpdateTodo update(String todoId, String agentId, String text, String status, String resumeWhen) {
        return new UpdateTodo(G, todoId, agentId, text, TodoStatus.fromWire(status), resumeWhen, false);
    }

    static CompleteTodo complete(String todoId, String agentId, String nextAgentTodo) {
        return new CompleteTodo(G, todoId, agentId, "shipped", false, nextAgentTodo, "", "", "");
    }
}
