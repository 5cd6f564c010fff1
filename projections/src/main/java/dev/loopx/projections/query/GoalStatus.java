package dev.loopx.projections.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One goal's entry in {@code loopx_status_v0} (SPEC §S9): objective, lifecycle, quota, open user
 * gates with their question, the next agent todo per lane, counts, the last evidence, the
 * attention queue and the derived terminal state. {@code agentId} narrows gates, lanes and the
 * queue to one lane (empty: all lanes). Pure.
 */
public final class GoalStatus {
    private GoalStatus() {}

    public static ObjectNode of(GoalState s, String agentId, Instant now) {
        Frontier f = Frontier.of(s, agentId, now);
        ObjectNode n = Json.object();
        n.put("goal_id", s.goal().goalId());
        n.put("project_label", s.goal().projectLabel());
        n.put("objective", s.goal().objective());
        ObjectNode lifecycle = n.putObject("lifecycle");
        lifecycle.put("state", s.goal().lifecycle());
        lifecycle.put("reason", s.goal().lifecycleReason());
        var agents = n.putArray("agents");
        s.goal().agentIds().forEach(agents::add);
        n.set("quota", QuotaStatus.at(s.goal().quota(), s.quota(), now).toJson());
        var gates = n.putArray("open_user_gates");
        openGates(s, agentId).forEach(t -> gates.add(TodoBrief.gate(t)));
        n.set("next_agent_todo", Lanes.toJson(s, agentId, now));
        n.set("counts", counts(s));
        n.set("last_evidence", lastEvidence(s.quota()));
        n.set("attention", Attention.of(s, agentId, now).toJson());
        n.put("terminal", f.terminal());
        n.set(
                "terminal_state",
                f.toJson().path("terminal_state").isMissingNode()
                        ? Json.NODES.nullNode()
                        : f.toJson().get("terminal_state"));
        n.set("goal_frontier_projection", f.toJson());
        return n;
    }

    /** Open user gates, ordered; with a lane, only those that block it. */
    public static List<TodoView> openGates(GoalState s, String agentId) {
        return s.openTodos().stream()
                .filter(t -> t.role().equals("user") && t.isUserGate() && TodoRules.open(t))
                .filter(t -> agentId.isEmpty() || TodoRules.gateBlocks(t, agentId))
                .sorted(TodoRules.ORDER)
                .toList();
    }

    /** Counts from the open todos and the done-todo counters (never reads the done todos). */
    static ObjectNode counts(GoalState s) {
        List<TodoView> todos = s.openTodos();
        ObjectNode c = Json.object();
        c.put("todos", s.todoCount());
        c.put("open", count(todos, t -> t.status().equals("open")));
        c.put("blocked", count(todos, t -> t.status().equals("blocked")));
        c.put("deferred", count(todos, t -> t.status().equals("deferred")));
        c.put("done", s.doneCounts().done());
        c.put("user_open", count(todos, t -> t.role().equals("user") && TodoRules.open(t)));
        c.put("agent_open", count(todos, t -> t.role().equals("agent") && TodoRules.open(t)));
        c.put(
                "agent_claimed",
                count(
                        todos,
                        t -> t.role().equals("agent")
                                && TodoRules.open(t)
                                && !t.claimedBy().isEmpty()));
        c.put(
                "agent_unclaimed",
                count(
                        todos,
                        t -> t.role().equals("agent")
                                && TodoRules.open(t)
                                && t.claimedBy().isEmpty()));
        return c;
    }

    /** The newest writeback ({@code seq, agent_id, delivery_outcome, summary, recorded_at}), or null. */
    public static com.fasterxml.jackson.databind.JsonNode lastEvidence(QuotaLog log) {
        Optional<QuotaLog.Writeback> w = log.lastWriteback();
        if (w.isEmpty()) {
            return Json.NODES.nullNode();
        }
        ObjectNode e = Json.object();
        e.put("seq", w.get().seq());
        e.put("agent_id", w.get().agentId());
        e.put("delivery_outcome", w.get().deliveryOutcome());
        e.put("summary", w.get().summary());
        e.put("recorded_at", w.get().recordedAt());
        e.put("spent", w.get().spentSeq() != 0);
        return e;
    }

    private static long count(List<TodoView> todos, Predicate<TodoView> p) {
        return todos.stream().filter(p).count();
    }
}
