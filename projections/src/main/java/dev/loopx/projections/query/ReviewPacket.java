package dev.loopx.projections.query;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code loopx_review_packet_v0} (SPEC §S9): a compact handoff for a reviewer or the next agent —
 * {@code kind}, {@code waiting_on}, what changed since the last reward, the latest evidence, open
 * gates, and the exact next CLI commands — before {@link CharBudget} fits it. Pure.
 */
public final class ReviewPacket {
    /** The lists dropped first when the packet is over budget, in order. */
    public static final List<String> TRIM_ORDER = List.of(
            "/since_last_reward/added_todos",
            "/since_last_reward/completed_todos",
            "/lanes",
            "/open_user_gates",
            "/next_commands");

    private ReviewPacket() {}

    /**
     * The ledger facts after the last reward.
     *
     * @param eventsByType event type → count, for this goal's events after {@code lastRewardSeq}
     */
    public record Changes(long lastRewardSeq, Map<String, Long> eventsByType) {}

    public static long lastRewardSeq(GoalState s) {
        return s.log().lastReward().map(GoalLog.Reward::seq).orElse(0L);
    }

    public static ObjectNode of(GoalState s, String agentId, Instant now, Changes changes) {
        String goal = s.goal().goalId();
        List<LaneDecisions.Lane> lanes = LaneDecisions.of(s, agentId, now);
        String waitingOn = LaneDecisions.waitingOn(lanes);
        boolean terminal = Frontier.of(s, agentId, now).terminal();
        ObjectNode doc = Json.object();
        doc.put("schema_version", "loopx_review_packet_v0");
        doc.put("ok", true);
        doc.put("goal_id", goal);
        doc.put("agent_id", agentId);
        doc.put("kind", terminal ? "closure" : waitingOn.equals("user") ? "owner_decision" : "handoff");
        doc.put("waiting_on", waitingOn);
        doc.put("objective", s.goal().objective());
        doc.put("lifecycle", s.goal().lifecycle());
        doc.put(
                "quota_state",
                s.goal().stopped()
                        ? "stopped"
                        : dev.loopx.projections.quota.QuotaStatus.at(s.goal().quota(), s.quota(), now)
                                .state());
        ArrayNode laneArray = doc.putArray("lanes");
        lanes.forEach(l -> laneArray
                .addObject()
                .put("agent_id", l.agentId())
                .put("effective_action", l.verdict().effectiveAction().wire())
                .put("waiting_on", l.waitingOn())
                .put("reason", l.verdict().reason()));
        doc.set("since_last_reward", since(s, changes));
        doc.set("latest_evidence", GoalStatus.lastEvidence(s.quota()));
        ArrayNode gates = doc.putArray("open_user_gates");
        GoalStatus.openGates(s, agentId).forEach(t -> gates.add(TodoBrief.gate(t)));
        ArrayNode commands = doc.putArray("next_commands");
        NextCommands.of(s, agentId, lanes).forEach(commands::add);
        return doc;
    }

    private static ObjectNode since(GoalState s, Changes changes) {
        long from = changes.lastRewardSeq();
        ObjectNode n = Json.object();
        Optional<GoalLog.Reward> last = s.log().lastReward();
        if (last.isEmpty()) {
            n.putNull("last_reward");
        } else {
            n.putObject("last_reward")
                    .put("seq", last.get().seq())
                    .put("reward", last.get().reward())
                    .put("reason_summary", last.get().reasonSummary())
                    .put("recorded_at", last.get().recordedAt());
        }
        n.put("after_seq", from);
        n.put(
                "events",
                changes.eventsByType().values().stream()
                        .mapToLong(Long::longValue)
                        .sum());
        ObjectNode byType = n.putObject("events_by_type");
        changes.eventsByType().forEach(byType::put);
        ArrayNode completed = n.putArray("completed_todos");
        s.todos().stream()
                .filter(t -> t.done() && t.updatedSeq() > from)
                .sorted(java.util.Comparator.comparingLong(TodoView::updatedSeq))
                .forEach(t -> completed.add(TodoBrief.of(t).put("evidence", t.evidence())));
        ArrayNode added = n.putArray("added_todos");
        s.todos().stream()
                .filter(t -> t.createdSeq() > from && !t.done())
                .sorted(TodoRules.ORDER)
                .forEach(t -> added.add(TodoBrief.of(t)));
        return n;
    }
}
