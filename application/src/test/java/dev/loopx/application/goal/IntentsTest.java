package dev.loopx.application.goal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.agent.RegisterAgents;
import dev.loopx.commands.gate.OperatorGate;
import dev.loopx.commands.goal.ChangeLifecycle;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.quota.QuotaCommands;
import dev.loopx.commands.reward.RecordReward;
import dev.loopx.commands.scheduler.SchedulerCommands;
import dev.loopx.commands.todo.TodoCommands;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The intents are part of the ledger's contract: a ledger holds the digest of every write made
 * with {@code --operation-id}, and a retry after an upgrade must find the same digest. These are
 * the names and arguments the 0.1 CLI wrote (each command's former {@code intentArguments}).
 */
class IntentsTest {
    private static final String G = "g1";

    private static void same(String command, String arguments, GoalWrite write) throws Exception {
        Intent expected = Intent.of(command, (ObjectNode) Json.mapper().readTree(arguments));
        assertEquals(expected, Intents.of(write), command);
    }

    @Test
    void todoWritesMeanWhatTheirArgumentsSay() throws Exception {
        same(
                "todo claim",
                "{\"todo_id\":\"todo_1\",\"agent_id\":\"a\"}",
                new GoalWrite.Todo(new TodoCommands.ClaimTodo(G, "todo_1", "a")));
        same(
                "todo update",
                "{\"todo_id\":\"todo_1\",\"agent_id\":\"\",\"text\":\"t\",\"status\":\"open\",\"resume_when\":\"\",\"clear_claim\":true}",
                new GoalWrite.Todo(
                        new TodoCommands.UpdateTodo(G, "todo_1", "", "t", Optional.of(TodoStatus.OPEN), "", true)));
        same(
                "todo complete",
                "{\"todo_id\":\"todo_1\",\"agent_id\":\"a\",\"evidence\":\"e\",\"no_followup\":false,"
                        + "\"next_agent_todo\":\"n\",\"next_user_todo\":\"\",\"next_user_task_class\":\"\",\"decision_outcome\":\"\"}",
                new GoalWrite.Todo(new TodoCommands.CompleteTodo(G, "todo_1", "a", "e", false, "n", "", "", "")));
        same(
                "todo supersede",
                "{\"todo_id\":\"todo_1\",\"agent_id\":\"\",\"reason\":\"r\",\"next_agent_todo\":null}",
                new GoalWrite.Todo(new TodoCommands.SupersedeTodo(G, "todo_1", "", "r", null)));
        same(
                "todo declare-empty",
                "{\"role\":\"agent\"}",
                new GoalWrite.Todo(new TodoCommands.DeclareEmpty(G, "agent")));
        same(
                "todo add",
                "{\"role\":\"user\",\"text\":\"Approve it\",\"task_class\":\"user_gate\",\"priority\":\"P1\","
                        + "\"claimed_by\":\"\",\"blocks_agent\":\"b\",\"global_gate\":false,\"resume_when\":\"\",\"excluded_agents\":[]}",
                new GoalWrite.Todo(new TodoCommands.AddTodo(
                        G,
                        TodoRole.USER,
                        "  Approve   it ",
                        TaskClass.USER_GATE,
                        Priority.P1,
                        "",
                        "b",
                        false,
                        List.of(),
                        "")));
    }

    @Test
    void quotaSchedulerAndOwnerWritesMeanWhatTheirArgumentsSay() throws Exception {
        same(
                "refresh-state",
                "{\"agent_id\":\"a\",\"delivery_outcome\":\"outcome_progress\",\"summary\":\"s\"}",
                new GoalWrite.Quota(new QuotaCommands.RecordEvidence(G, "a", "outcome_progress", "s")));
        same(
                "quota spend-slot",
                "{\"agent_id\":\"\",\"slots\":1}",
                new GoalWrite.Quota(new QuotaCommands.SpendSlot(G, "", 1)));
        same(
                "quota void-slot",
                "{\"spent_seq\":7,\"reason_summary\":\"r\"}",
                new GoalWrite.Quota(new QuotaCommands.VoidSlot(G, 7, "r")));
        same(
                "quota scheduler-ack",
                "{\"agent_id\":\"a\",\"applied_rrule\":\"FREQ=MINUTELY;INTERVAL=30\",\"reset_token\":\"t\","
                        + "\"identity_signature\":\"i\",\"surface\":\"codex_app\"}",
                new GoalWrite.Scheduler(new SchedulerCommands.AckScheduler(
                        G, "a", "codex_app", "FREQ=MINUTELY;INTERVAL=30", "t", "i", Instant.EPOCH)));
        same(
                "quota scheduler-fail-current",
                "{\"agent_id\":\"a\",\"failed_rrule\":\"f\",\"current_rrule\":\"c\"}",
                new GoalWrite.Scheduler(new SchedulerCommands.FailScheduler(G, "a", "codex_app", "f", "c")));
        same(
                "operator-gate",
                "{\"decision\":\"approve\",\"reason_summary\":\"r\",\"gate\":\"g\"}",
                new GoalWrite.Gate(new OperatorGate(G, "g", "approve", "r")));
        same(
                "reward",
                "{\"reward\":\"1\",\"reason_summary\":\"r\",\"decision\":\"\",\"lesson_kind\":\"\",\"lesson_summary\":\"\","
                        + "\"actor_kind\":\"controller\"}",
                new GoalWrite.Reward(new RecordReward(G, "1", "r", "", "", ""), ActorKind.CONTROLLER));
        same(
                "register-agent",
                "{\"scope\":\"goal\",\"require_new\":false,\"agent_ids\":[\"a\",\"b\"]}",
                new GoalWrite.Agents(new RegisterAgents(G, List.of("b", "a", "b"), "goal", false)));
        same(
                "goal-lifecycle",
                "{\"operation\":\"stop\",\"actor_kind\":\"owner\",\"reason\":\"freeze\"}",
                new GoalWrite.Lifecycle(new ChangeLifecycle(G, true, "freeze"), ActorKind.OWNER));
    }

    @Test
    void aTurnReceiptHasNoOperationIntent() {
        assertEquals(
                Intent.NONE,
                Intents.of(new GoalWrite.Scheduler(new SchedulerCommands.ObserveTurn(G, "a", "turn-1", "normal_run"))));
    }
}
