package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The attention queue of {@code loopx status} (SPEC §S9): every open todo lands in exactly one
 * list. {@code needs_user}: open user todos (with an agent lane, only gates that block it);
 * {@code needs_agent}: runnable advancement work, due monitors, monitors whose material change
 * waits to become work or whose watch expired, and deferred todos whose condition
 * came true; {@code watching}: the rest (blocked, deferred, waiting on a condition, quiet
 * monitors, work claimed by other lanes). Each item says {@code why}. A stopped goal or a paused
 * quota needs no agent: what would be agent work is watched, {@code why} {@code goal_stopped} or
 * {@code quota_paused} (as should-run stops the automation there). Pure.
 */
public record Attention(List<Item> needsUser, List<Item> needsAgent, List<Item> watching) {
    public record Item(TodoView todo, String why) {}

    public static Attention of(GoalState s, String agentId, Instant now) {
        List<Item> user = new ArrayList<>();
        List<Item> agent = new ArrayList<>();
        List<Item> watching = new ArrayList<>();
        String halted = s.goal().stopped() ? "goal_stopped" : s.goal().quota().paused() ? "quota_paused" : "";
        for (TodoView t : s.openTodos().stream()
                .filter(TodoRules::open)
                .sorted(TodoRules.ORDER)
                .toList()) {
            if (t.isUser()) {
                if (!t.isUserGate()) {
                    user.add(new Item(t, "user_action"));
                } else if (agentId.isEmpty() || TodoRules.gateBlocks(t, agentId)) {
                    user.add(new Item(t, "user_gate"));
                } else {
                    watching.add(new Item(t, "gate_on_other_lane"));
                }
            } else if (!halted.isEmpty()) {
                watching.add(new Item(t, halted));
            } else if (TodoRules.readyDeferred(s, t, now)) {
                agent.add(new Item(t, "replan"));
            } else if (TodoRules.monitorChangePending(s, t)) {
                agent.add(new Item(t, "monitor_material_change"));
            } else if (TodoRules.monitorDue(s, t, now)) {
                agent.add(new Item(t, "monitor_due"));
            } else if (TodoRules.monitorExpired(s, t, now)) {
                agent.add(new Item(t, "monitor_expired"));
            } else if (runnable(s, t, agentId, now)) {
                agent.add(new Item(t, TodoRules.claimant(t, now).isEmpty() ? "unclaimed" : "claimed"));
            } else {
                watching.add(new Item(t, watchReason(s, t, agentId, now)));
            }
        }
        return new Attention(List.copyOf(user), List.copyOf(agent), List.copyOf(watching));
    }

    private static boolean runnable(GoalState s, TodoView t, String agentId, Instant now) {
        if (agentId.isEmpty()) {
            return TodoRules.isAdvancement(t) && t.is(TodoStatus.OPEN) && TodoRules.resumeSatisfied(s, t, now);
        }
        return TodoRules.runnableFor(s, t, agentId, now);
    }

    private static String watchReason(GoalState s, TodoView t, String agentId, Instant now) {
        if (t.is(TodoStatus.BLOCKED) || t.is(TodoStatus.DEFERRED)) {
            return t.status().wire(); // the status is the reason: "blocked" or "deferred"
        }
        if (TodoRules.isMonitor(t)) {
            return "monitor_quiet";
        }
        if (!TodoRules.resumeSatisfied(s, t, now)) {
            return "waiting_condition";
        }
        if (t.excludedAgents().contains(agentId)) {
            return "excluded_lane";
        }
        if (TodoRules.claimedByOther(t, agentId, now)) {
            return "claimed_by_other";
        }
        return TodoRules.capabilityBlocked(s, t, agentId, List.of(), now) ? "capability_blocked" : "other";
    }
}
