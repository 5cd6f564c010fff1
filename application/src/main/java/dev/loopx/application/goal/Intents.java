package dev.loopx.application.goal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.agent.ThreadCommands;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.quota.QuotaCommands;
import dev.loopx.commands.scheduler.SchedulerCommands;
import dev.loopx.commands.todo.TodoCommands;
import dev.loopx.commands.todo.TodoIds;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.todo.TodoStatus;

/**
 * What each goal write means for {@code --operation-id} (ADR 0002): the command's name and its
 * normalised arguments. A repeated operation id is the same write only when this is equal, so
 * the names and arguments are part of the ledger's contract: changing one turns a retry after an
 * upgrade into {@code operation_id_conflict}. Exhaustive over every command.
 */
public final class Intents {
    private Intents() {}

    public static Intent of(GoalWrite write) {
        return switch (write) {
            case GoalWrite.Todo t -> todo(t.command());
            case GoalWrite.Quota q -> quota(q.command());
            case GoalWrite.Scheduler s -> scheduler(s.command());
            case GoalWrite.Gate g ->
                Intent.of(
                        "operator-gate",
                        args().put("decision", g.command().decision())
                                .put("reason_summary", g.command().reasonSummary())
                                .put("gate", g.command().gate()));
            case GoalWrite.Reward r ->
                Intent.of(
                        "reward",
                        args().put("reward", r.command().reward())
                                .put("reason_summary", r.command().reasonSummary())
                                .put("decision", r.command().decision())
                                .put("lesson_kind", r.command().lessonKind())
                                .put("lesson_summary", r.command().lessonSummary())
                                .put("actor_kind", r.actorKind().wire()));
            case GoalWrite.Agents a -> {
                ObjectNode n = args().put("scope", a.command().scope())
                        .put("require_new", a.command().requireNew());
                ArrayNode ids = n.putArray("agent_ids");
                a.command().agentIds().stream().sorted().distinct().forEach(ids::add);
                yield Intent.of("register-agent", n);
            }
            case GoalWrite.HostThread t -> thread(t.command());
            case GoalWrite.Lifecycle l ->
                Intent.of(
                        "goal-lifecycle",
                        args().put("operation", l.command().stop() ? "stop" : "resume")
                                .put("actor_kind", l.actorKind().wire())
                                .put("reason", l.command().reason()));
        };
    }

    private static Intent thread(ThreadCommands.ThreadCommand command) {
        ObjectNode a = args().put("host_surface", command.hostSurface())
                .put("thread_id", command.threadId())
                .put("agent_id", command.agentId());
        return switch (command) {
            case ThreadCommands.BindAgentThread c -> Intent.of("bind-agent-thread", a.put("move", c.move()));
            case ThreadCommands.UnbindAgentThread c -> Intent.of("unbind-agent-thread", a);
        };
    }

    private static Intent todo(TodoCommands.TodoCommand command) {
        return switch (command) {
            case TodoCommands.AddTodo c -> Intent.of("todo add", todoAddArguments(c));
            case TodoCommands.ClaimTodo c ->
                Intent.of("todo claim", args().put("todo_id", c.todoId()).put("agent_id", c.agentId()));
            case TodoCommands.ReclaimTodo c ->
                Intent.of(
                        "todo reclaim",
                        args().put("todo_id", c.todoId())
                                .put("reason", c.reason())
                                .put("actor_kind", c.actorKind().wire()));
            case TodoCommands.UpdateTodo c -> {
                ObjectNode a = args().put("todo_id", c.todoId())
                        .put("agent_id", c.agentId())
                        .put("text", c.text())
                        .put("status", c.status().map(TodoStatus::wire).orElse(""))
                        .put("resume_when", c.resumeWhen())
                        .put("clear_claim", c.clearClaim());
                c.requiredCapabilities() // absent when kept: older intents stay equal
                        .ifPresent(caps -> caps.forEach(a.putArray("required_capabilities")::add));
                yield Intent.of("todo update", a);
            }
            case TodoCommands.CompleteTodo c ->
                Intent.of(
                        "todo complete",
                        args().put("todo_id", c.todoId())
                                .put("agent_id", c.agentId())
                                .put("evidence", c.evidence())
                                .put("no_followup", c.noFollowup())
                                .put("next_agent_todo", c.nextAgentTodo())
                                .put("next_user_todo", c.nextUserTodo())
                                .put("next_user_task_class", c.nextUserTaskClass())
                                .put("decision_outcome", c.decisionOutcome())
                                .setAll(validation(c.validationCommand())));
            case TodoCommands.SupersedeTodo c ->
                Intent.of(
                        "todo supersede",
                        args().put("todo_id", c.todoId())
                                .put("agent_id", c.agentId())
                                .put("reason", c.reason())
                                .put("next_agent_todo", c.nextAgentTodo()));
            case TodoCommands.DeclareEmpty c -> Intent.of("todo declare-empty", args().put("role", c.role()));
            case TodoCommands.Checkpoint c ->
                Intent.of("todo checkpoint", args().put("agent_id", c.agentId()).put("note", c.note()));
            case TodoCommands.ArchiveCompleted c ->
                Intent.of(
                        "todo archive-completed",
                        args().put("agent_id", c.agentId()).put("keep_latest", c.keepLatest()));
            case TodoCommands.AcquireLease c ->
                Intent.of(
                        "task-lease acquire",
                        args().put("todo_id", c.todoId())
                                .put("agent_id", c.agentId())
                                .put("ttl_minutes", c.ttlMinutes()));
            case TodoCommands.RenewLease c ->
                Intent.of(
                        "task-lease renew",
                        args().put("todo_id", c.todoId())
                                .put("agent_id", c.agentId())
                                .put("ttl_minutes", c.ttlMinutes()));
            case TodoCommands.TransferLease c ->
                Intent.of(
                        "task-lease transfer",
                        args().put("todo_id", c.todoId())
                                .put("agent_id", c.agentId())
                                .put("to_agent_id", c.toAgentId())
                                .put("ttl_minutes", c.ttlMinutes()));
            case TodoCommands.ReleaseLease c ->
                Intent.of(
                        "task-lease release", args().put("todo_id", c.todoId()).put("agent_id", c.agentId()));
        };
    }

    /** The normalised arguments of {@code todo add} (a monitor's add extends them with its settings). */
    public static ObjectNode todoAddArguments(TodoCommands.AddTodo c) {
        ObjectNode a = args().put("role", c.role().wire())
                .put("text", TodoIds.normalise(c.text()))
                .put("task_class", c.taskClass().wire())
                .put("priority", c.priority().wire())
                .put("claimed_by", c.claimedBy())
                .put("blocks_agent", c.blocksAgent())
                .put("global_gate", c.globalGate())
                .put("resume_when", c.resumeWhen());
        c.excludedAgents().forEach(a.putArray("excluded_agents")::add);
        if (!c.unblocksTodoId().isEmpty()) {
            a.put("unblocks_todo_id", c.unblocksTodoId()); // only when given: earlier intents stay as they were
        }
        if (!c.requiredCapabilities().isEmpty()) { // absent when none: older intents stay equal
            c.requiredCapabilities().forEach(a.putArray("required_capabilities")::add);
        }
        return a;
    }

    /** {@code validation_command} when given (an intent without one reads as it did before the option). */
    private static ObjectNode validation(String command) {
        return command.isEmpty() ? args() : args().put("validation_command", command);
    }

    private static Intent quota(QuotaCommands.QuotaCommand command) {
        return switch (command) {
            case QuotaCommands.RecordEvidence c ->
                Intent.of(
                        "refresh-state",
                        args().put("agent_id", c.agentId())
                                .put("delivery_outcome", c.deliveryOutcome())
                                .put("summary", c.summary()));
            case QuotaCommands.SpendSlot c ->
                Intent.of(
                        "quota spend-slot", args().put("agent_id", c.agentId()).put("slots", c.slots()));
            case QuotaCommands.VoidSlot c ->
                Intent.of(
                        "quota void-slot",
                        args().put("spent_seq", c.spentSeq()).put("reason_summary", c.reasonSummary()));
        };
    }

    private static Intent scheduler(SchedulerCommands.SchedulerCommand command) {
        return switch (command) {
            case SchedulerCommands.AckScheduler c ->
                Intent.of(
                        "quota scheduler-ack",
                        args().put("agent_id", c.agentId())
                                .put("applied_rrule", c.appliedRrule())
                                .put("reset_token", c.resetToken())
                                .put("identity_signature", c.identitySignature())
                                .put("surface", c.surface()));
            case SchedulerCommands.FailScheduler c ->
                Intent.of(
                        "quota scheduler-fail-current",
                        args().put("agent_id", c.agentId())
                                .put("failed_rrule", c.failedRrule())
                                .put("current_rrule", c.observedRrule()));
            // A turn receipt is keyed by its turn instance id, never by an operation id.
            case SchedulerCommands.ObserveTurn c -> Intent.NONE;
            // recorded once per lane and stop by should-run itself, never under an operation id
            case SchedulerCommands.AcknowledgeStop c -> Intent.NONE;
        };
    }

    private static ObjectNode args() {
        return Json.object();
    }
}
