package dev.loopx.cli.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.status.ReadStatus;
import dev.loopx.cli.render.EvidenceDocument;
import dev.loopx.cli.render.FrontierDocument;
import dev.loopx.cli.render.LanesDocument;
import dev.loopx.cli.render.QuotaWindowDocument;
import dev.loopx.cli.render.TodoParts;
import dev.loopx.cli.support.CliContext;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.Attention;
import dev.loopx.projections.query.GoalStatus;
import java.time.Instant;
import java.util.List;

/** {@code loopx_status_v0} (SPEC §S9) from {@link ReadStatus}'s entries: one object per goal in {@code goals[]}. */
final class StatusDocument {
    private StatusDocument() {}

    static ObjectNode of(String agentId, Instant now, List<ReadStatus.Entry> entries) {
        ObjectNode doc = CliContext.document("loopx_status_v0", true);
        doc.put("agent_id", agentId);
        doc.put("now", now.toString());
        doc.put("goal_count", entries.size());
        ArrayNode goals = doc.putArray("goals");
        for (ReadStatus.Entry e : entries) {
            ObjectNode goal = goal(e.status());
            ArrayNode installs = goal.putArray("heartbeat_installs");
            e.heartbeatInstalls().forEach(i -> installs.add(Json.mapper().valueToTree(i)));
            goals.add(goal);
        }
        return doc;
    }

    private static ObjectNode goal(GoalStatus s) {
        ObjectNode n = Json.object();
        n.put("goal_id", s.goalId());
        n.put("project_label", s.projectLabel());
        n.put("objective", s.objective());
        ObjectNode lifecycle = n.putObject("lifecycle");
        lifecycle.put("state", s.lifecycle());
        lifecycle.put("reason", s.lifecycleReason());
        ArrayNode agents = n.putArray("agents");
        s.agents().forEach(agents::add);
        n.set("quota", QuotaWindowDocument.of(s.quota()));
        ArrayNode gates = n.putArray("open_user_gates");
        s.openUserGates().forEach(t -> gates.add(TodoParts.gate(t)));
        n.set("next_agent_todo", LanesDocument.of(s.nextAgentTodo()));
        n.set("counts", counts(s.counts()));
        EvidenceDocument.put(n, "last_evidence", s.lastEvidence());
        if (s.lastCompletion().isPresent()) {
            dev.loopx.projections.todo.TodoView t = s.lastCompletion().get();
            n.putObject("last_completion")
                    .put("todo_id", t.todoId())
                    .put("text", t.text())
                    .put("evidence", t.evidence())
                    .put("validation_command", t.validationCommand());
        } else {
            n.putNull("last_completion");
        }
        n.set("attention", attention(s.attention()));
        n.put("terminal", s.frontier().terminal());
        if (s.frontier().terminal()) {
            n.set("terminal_state", FrontierDocument.terminalState());
        } else {
            n.putNull("terminal_state");
        }
        n.set("goal_frontier_projection", FrontierDocument.of(s.frontier()));
        return n;
    }

    private static ObjectNode counts(GoalStatus.Counts c) {
        ObjectNode n = Json.object();
        n.put("todos", c.todos());
        n.put("open", c.open());
        n.put("blocked", c.blocked());
        n.put("deferred", c.deferred());
        n.put("done", c.done());
        n.put("user_open", c.userOpen());
        n.put("agent_open", c.agentOpen());
        n.put("agent_claimed", c.agentClaimed());
        n.put("agent_unclaimed", c.agentUnclaimed());
        n.put("archived", c.archived());
        return n;
    }

    /** {@code {needs_user, needs_agent, watching}}: each item a todo brief with its {@code why}. */
    private static ObjectNode attention(Attention a) {
        ObjectNode n = Json.object();
        items(n.putArray("needs_user"), a.needsUser());
        items(n.putArray("needs_agent"), a.needsAgent());
        items(n.putArray("watching"), a.watching());
        return n;
    }

    private static void items(ArrayNode array, List<Attention.Item> items) {
        items.forEach(i -> array.add(TodoParts.brief(i.todo()).put("why", i.why())));
    }
}
