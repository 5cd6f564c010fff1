package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.query.LaneDecisions;
import dev.loopx.projections.query.ReviewPacket;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx review-packet}'s answer, {@code loopx_review_packet_v0} (SPEC §S9), of a
 * {@link ReviewPacket}: local paths redacted, then fitted into {@code maxChars} by
 * {@link CharBudget}, dropping whole items from the end of the lists of {@link #TRIM_ORDER}.
 *
 * <p>Its text, of what fits: whom the goal waits on, each lane's answer, the open gates, what
 * changed since the last reward, the latest evidence and the first five next commands.
 *
 * @param maxChars the character budget of the compact JSON
 */
public record ReviewPacketAnswer(ReviewPacket packet, int maxChars) implements RenderedAnswer {
    /** The lists dropped first when the packet is over budget, in order. */
    static final List<String> TRIM_ORDER = List.of(
            "/next_command_inputs",
            "/since_last_reward/added_todos",
            "/since_last_reward/completed_todos",
            "/lanes",
            "/open_user_gates",
            "/next_commands");

    private static final int NEXT_COMMANDS = 5;

    public ReviewPacketAnswer {
        Objects.requireNonNull(packet, "packet");
    }

    @Override
    public ObjectNode json() {
        return fit().document();
    }

    /** The redacted packet within its budget, and what was dropped to fit it. */
    private CharBudget.Fit fit() {
        ObjectNode safe = (ObjectNode) PathRedactor.redact(document());
        return CharBudget.fit(safe, maxChars, TRIM_ORDER);
    }

    /** The whole packet as a document, before redaction and fitting. */
    private ObjectNode document() {
        ReviewPacket p = packet;
        ObjectNode doc = Json.object();
        doc.put("schema_version", "loopx_review_packet_v0");
        doc.put("ok", true);
        doc.put("goal_id", p.goalId());
        doc.put("agent_id", p.agentId());
        doc.put("kind", p.kind());
        doc.put("waiting_on", p.waitingOn());
        doc.put("objective", p.objective());
        doc.put("lifecycle", p.lifecycle().wire());
        doc.put("quota_state", p.quotaState().wire());
        ArrayNode lanes = doc.putArray("lanes");
        p.lanes()
                .forEach(l -> lanes.addObject()
                        .put("agent_id", l.agentId())
                        .put("effective_action", l.verdict().effectiveAction().wire())
                        .put("waiting_on", l.waitingOn())
                        .put("reason", l.verdict().reason()));
        doc.set("since_last_reward", since(p.sinceLastReward()));
        EvidenceDocument.put(doc, "latest_evidence", p.latestEvidence());
        ArrayNode gates = doc.putArray("open_user_gates");
        p.openUserGates().forEach(t -> gates.add(TodoParts.gate(t)));
        CommandLines.write(doc, "next_commands", "next_command_inputs", p.nextCommands());
        return doc;
    }

    private static ObjectNode since(ReviewPacket.SinceLastReward s) {
        ObjectNode n = Json.object();
        if (s.lastReward().isEmpty()) {
            n.putNull("last_reward");
        } else {
            GoalLog.Reward r = s.lastReward().get();
            n.putObject("last_reward")
                    .put("seq", r.seq())
                    .put("reward", r.reward())
                    .put("reason_summary", r.reasonSummary())
                    .put("recorded_at", r.recordedAt());
        }
        n.put("after_seq", s.afterSeq());
        n.put("events", s.events());
        ObjectNode byType = n.putObject("events_by_type");
        s.eventsByType().forEach(byType::put);
        ArrayNode completed = n.putArray("completed_todos");
        s.completedTodos().forEach(t -> completed.add(TodoParts.brief(t).put("evidence", t.evidence())));
        ArrayNode added = n.putArray("added_todos");
        s.addedTodos().forEach(t -> added.add(TodoParts.brief(t)));
        return n;
    }

    /** The first items of {@code list} that fit: all but those the budget dropped from its end. */
    private static <T> List<T> kept(List<T> list, CharBudget.Fit fit, String name) {
        return list.subList(0, list.size() - fit.omitted(name));
    }

    void text(PrintWriter out) {
        ReviewPacket p = packet;
        CharBudget.Fit fit = fit();
        out.println("handoff for goal " + p.goalId() + ": waiting on "
                + p.waitingOn() + " · " + p.lifecycle().wire() + " · quota "
                + p.quotaState().wire()
                + (p.objective().isEmpty() ? "" : " — " + p.objective()));
        ReviewPacket.SinceLastReward since = p.sinceLastReward();
        new Lines(out)
                .add("lanes", lanes(kept(p.lanes(), fit, "lanes")))
                .add("gates", gates(kept(p.openUserGates(), fit, "open_user_gates")))
                .add(
                        "since",
                        (since.lastReward().isEmpty() ? "the start" : "the last reward (seq " + since.afterSeq() + ")")
                                + ": " + Words.count(since.events(), "event") + " · "
                                + kept(since.completedTodos(), fit, "completed_todos")
                                        .size()
                                + " todos completed · "
                                + kept(since.addedTodos(), fit, "added_todos").size() + " added")
                .add(
                        "evidence",
                        p.latestEvidence().map(ReviewPacketAnswer::evidence).orElse(""))
                .add("next", next(kept(p.nextCommands(), fit, "next_commands")))
                .print();
    }

    /** {@code builder   normal run: runnable advancement work: …}, the ids padded to the widest. */
    private static List<String> lanes(List<LaneDecisions.Lane> lanes) {
        int width = lanes.stream().mapToInt(l -> l.agentId().length()).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (LaneDecisions.Lane l : lanes) {
            lines.add(l.agentId() + " ".repeat(width - l.agentId().length() + 2)
                    + l.verdict().effectiveAction().wire().replace('_', ' ') + ": "
                    + l.verdict().reason());
        }
        return lines;
    }

    private static List<String> gates(List<TodoView> gates) {
        return gates.stream()
                .map(g -> g.todoId() + " " + Words.quoted(g.text())
                        + (g.blocksAgent().isEmpty() ? " (blocks every lane)" : " (blocks " + g.blocksAgent() + ")"))
                .toList();
    }

    private static String evidence(QuotaLog.Writeback e) {
        return "seq " + e.seq() + " " + e.agentId() + " " + e.deliveryOutcome() + ": " + e.summary();
    }

    /** The first five commands, redacted and pasteable, then how many more {@code --verbose} shows. */
    private static List<String> next(List<NextStep> commands) {
        List<String> next = new ArrayList<>();
        commands.stream().limit(NEXT_COMMANDS).forEach(c -> next.add(PathRedactor.redact(CommandLines.withInputs(c))));
        if (commands.size() > NEXT_COMMANDS) {
            next.add("… " + (commands.size() - NEXT_COMMANDS) + " more (--verbose)");
        }
        return next;
    }
}
