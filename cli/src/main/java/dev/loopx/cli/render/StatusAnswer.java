package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.status.ReadStatus;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import dev.loopx.projections.query.Attention;
import dev.loopx.projections.query.EffectiveAction;
import dev.loopx.projections.query.GateScope;
import dev.loopx.projections.query.GoalStatus;
import dev.loopx.projections.query.LaneDecisions;
import dev.loopx.projections.query.LaneLiveness;
import dev.loopx.projections.query.Lanes;
import dev.loopx.projections.query.LedgerDamageNotice;
import dev.loopx.projections.query.ShouldRun;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * {@code loopx status}'s answer, {@code loopx_status_v0} (SPEC §S9), from {@link ReadStatus}'s
 * entries: one object per goal in {@code goals[]}, each with the last heartbeat install of its
 * lanes. The JSON is written by hand (status is on the heartbeat's quick path: no
 * {@code ObjectMapper}).
 *
 * <p>Its text is a compact first screen per goal: objective and lifecycle, a quota bar, gates with
 * their question, the next todo per lane, counts, evidence, the attention queue and whether the
 * goal is done. Same facts as the JSON, fewer words.
 *
 * @param agentId the lane the answer is narrowed to; empty for every lane
 */
public record StatusAnswer(
        String agentId, Instant now, List<ReadStatus.Entry> entries, Optional<LedgerDamageNotice> ledgerDamage)
        implements RenderedAnswer {
    private static final int BAR = 20;
    private static final String NO_GOALS =
            "no goals in this runtime root; connect a project with: loopx connect --project .";

    public StatusAnswer {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(now, "now");
        entries = List.copyOf(entries);
        Objects.requireNonNull(ledgerDamage, "ledgerDamage");
    }

    /** The status of a sound ledger. */
    public StatusAnswer(String agentId, Instant now, List<ReadStatus.Entry> entries) {
        this(agentId, now, entries, Optional.empty());
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_status_v0", true);
        doc.put("agent_id", agentId);
        doc.put("now", now.toString());
        ledgerDamage.ifPresent(d -> LedgerDamageDocument.put(doc, d));
        doc.put("goal_count", entries.size());
        ArrayNode goals = doc.putArray("goals");
        for (ReadStatus.Entry e : entries) {
            ObjectNode goal = goal(e.status(), now);
            ArrayNode installs = goal.putArray("heartbeat_installs");
            e.heartbeatInstalls().forEach(i -> installs.add(install(i)));
            goals.add(goal);
        }
        return doc;
    }

    private static ObjectNode goal(GoalStatus s, Instant now) {
        ObjectNode n = Json.object();
        n.put("goal_id", s.goalId());
        n.put("project_label", s.projectLabel());
        n.put("objective", s.objective());
        ObjectNode lifecycle = n.putObject("lifecycle");
        lifecycle.put("state", s.lifecycle().wire());
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
            TodoView t = s.lastCompletion().get();
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
        ArrayNode lanes = n.putArray("lane_liveness");
        s.liveness().forEach(l -> lanes.add(liveness(l, now)));
        return n;
    }

    /** One lane's liveness (issue 36): when it was last heard of, what it is expected to keep, whether it is silent. */
    private static ObjectNode liveness(LaneLiveness l, Instant now) {
        ObjectNode n = Json.object();
        n.put("agent_id", l.agentId());
        n.put("surface", l.surface());
        n.put("last_heard_at", l.lastHeard().map(Instant::toString).orElse(""));
        n.put("last_activity", l.lastKind());
        n.put("last_turn_at", l.lastTurn().map(Instant::toString).orElse(""));
        n.put("last_writeback_at", l.lastWriteback().map(Instant::toString).orElse(""));
        n.put("last_spend_at", l.lastSpend().map(Instant::toString).orElse(""));
        n.put("expected_every_minutes", l.expectedMinutes());
        n.put("expected_from", l.fromRrule() ? "applied_rrule" : "turn_default");
        n.put("next_due_at", l.nextDue().map(Instant::toString).orElse(""));
        n.put("work_waiting", l.workWaiting());
        n.put("silent_minutes", l.silentFor().toMinutes());
        n.put("silent", l.silent());
        n.put("storm_turns", l.stormTurns());
        if (l.stop().stopped()) {
            n.putObject("stop")
                    .put("acknowledged", l.stop().acknowledgedAt().isPresent())
                    .put(
                            "acknowledged_at",
                            l.stop().acknowledgedAt().map(Instant::toString).orElse(""))
                    .put("after_stop", l.stop().afterStop())
                    .put("after_stop_kind", l.stop().afterStopKind());
        } else {
            n.putNull("stop");
        }
        n.put("words", l.words(now));
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

    /** One lane's last heartbeat install, its fields in the record's order (as the mapper wrote them). */
    private static ObjectNode install(HeartbeatInstall i) {
        ObjectNode n = Json.object();
        n.put("seq", i.seq());
        n.put("goal_id", i.goalId());
        n.put("agent_id", i.agentId());
        n.put("host_surface", i.hostSurface());
        n.put("wrapper_version", i.wrapperVersion());
        n.put("wrapper_sha256", i.wrapperSha256());
        n.put("installed_at", i.installedAt());
        return n;
    }

    void text(PrintWriter out) {
        ledgerDamage.ifPresent(d -> out.println(LedgerDamageDocument.line(d)));
        if (entries.isEmpty()) {
            out.println(NO_GOALS);
        }
        entries.forEach(e -> goalText(e.status(), now, out));
    }

    private static void goalText(GoalStatus g, Instant now, PrintWriter out) {
        out.println("goal " + g.goalId() + "  [" + g.lifecycle().wire() + "]"
                + (g.frontier().terminal() ? "  terminal: no follow-up" : ""));
        if (!g.objective().isEmpty()) {
            out.println("  objective  " + g.objective());
        }
        if (!g.lifecycleReason().isEmpty()) {
            out.println("  reason     " + g.lifecycleReason());
        }
        out.println("  quota      " + quotaBar(g.quota()));
        g.openUserGates()
                .forEach(t -> out.println("  gate       ? " + t.text() + blocks(t) + "  [" + t.todoId() + "]"));
        next(g.nextAgentTodo(), g.decisions()).forEach(out::println);
        for (int i = 0; i < g.liveness().size(); i++) {
            out.println((i == 0 ? "  lanes      " : "             ")
                    + g.liveness().get(i).words(now));
        }
        out.println("  counts     " + countsLine(g.counts()));
        out.println("  evidence   " + evidence(g.lastEvidence(), now));
        g.lastCompletion().ifPresent(t -> out.println("  completed  " + completed(t)));
        Attention a = g.attention();
        out.println("  attention  needs you " + a.needsUser().size() + " · needs agent "
                + a.needsAgent().size() + " · watching " + a.watching().size());
        for (Attention.Item item : a.needsUser()) {
            out.println("             you: " + item.todo().text() + "  ["
                    + item.todo().todoId() + "]");
        }
        out.println("  done?      " + doneLine(g));
    }

    /** Whom a gate blocks, after its question: one agent, everyone, or nothing said when unscoped. */
    private static String blocks(TodoView gate) {
        return switch (GateScope.of(gate)) {
            case AGENT -> " (blocks " + gate.blocksAgent() + ")";
            case GLOBAL -> " (blocks everyone)";
            case UNSCOPED -> "";
        };
    }

    /**
     * What each lane does next — in words from the verdict {@code quota should-run} gives that lane
     * (one source: a lane told to plan, to wait for a gate or a stopped goal is not shown a todo),
     * the todo when it runs one — then the unassigned todo when no lane shows it (or there are no lanes).
     */
    private static List<String> next(Lanes lanes, List<LaneDecisions.Lane> decisions) {
        List<String> lines = new ArrayList<>();
        Set<String> shown = new HashSet<>();
        for (LaneDecisions.Lane lane : decisions) {
            if (lane.agentId().isEmpty()) {
                continue; // no agent registered: the unassigned line below speaks for the goal
            }
            ShouldRun.Verdict v = lane.verdict();
            Optional<TodoView> todo = Optional.ofNullable(v.selected());
            lines.add("  next       for " + lane.agentId() + " → " + laneNext(v.effectiveAction(), todo));
            if (v.effectiveAction() == EffectiveAction.NORMAL_RUN) {
                shown.add(todo.map(TodoView::todoId).orElse(""));
            }
        }
        boolean noLanes = lines.isEmpty();
        String unassignedId = lanes.unassigned().map(TodoView::todoId).orElse("");
        if (noLanes || (!unassignedId.isEmpty() && !shown.contains(unassignedId))) {
            lines.add("  next       " + (noLanes ? "" : "for any agent → ") + todo(lanes.unassigned()));
        }
        return lines;
    }

    /** A lane's next step in words, from its should-run verdict. */
    private static String laneNext(EffectiveAction action, Optional<TodoView> todo) {
        String named = todo.map(t -> " " + t.todoId()).orElse("");
        return switch (action) {
            case NORMAL_RUN -> todo(todo);
            case MONITOR_DUE -> "check the monitor" + named;
            case MONITOR_MATERIAL_CHANGE -> "plan the work the monitor" + named + " saw a change for";
            case MONITOR_EXPIRED -> "close the monitor" + named + " (its watch expired)";
            case SUCCESSOR_REPLAN_REQUIRED -> "replan: a deferred successor is ready";
            case AUTONOMOUS_REPLAN_REQUIRED -> "replan before more work";
            case INITIAL_PLAN_REQUIRED -> "plan: add the first todos";
            case OPERATOR_GATE_NOTIFY -> "waits for the owner's decision on a gate";
            case THROTTLED_SKIP -> "waits for the next quota slot";
            case PEER_COORDINATION_BLOCKED -> "waits: all open work is claimed by other agents";
            case CAPABILITY_BLOCKED -> "waits: its next todo needs a capability it did not declare";
            case MONITOR_QUIET_SKIP -> "nothing due (only monitors remain)";
            case QUOTA_SKIP -> "(nothing runnable)";
            case QUOTA_PAUSED -> "paused: the quota is 0";
            case TERMINAL_NO_FOLLOWUP -> "done (validated, no follow-up)";
            case GOAL_STOPPED -> "stopped until the owner resumes the goal";
            case LEDGER_DAMAGED -> "stopped: the ledger is damaged";
            case REPAIR_SCHEDULER_EXECUTION_CONTEXT, AUTOMATION_PROMPT_UPGRADE_REQUIRED ->
                "its host setup needs repair (see should-run)";
        };
    }

    private static String countsLine(GoalStatus.Counts c) {
        return "open " + c.open() + " · blocked " + c.blocked() + " · deferred " + c.deferred() + " · done "
                + c.done() + (c.archived() > 0 ? " (" + c.archived() + " archived)" : "")
                + "  (owner " + c.userOpen() + ", agent " + c.agentOpen() + " open)";
    }

    private static String evidence(Optional<QuotaLog.Writeback> last, Instant now) {
        if (last.isEmpty()) {
            return "(none yet)";
        }
        QuotaLog.Writeback e = last.get();
        return e.deliveryOutcome() + ": " + e.summary() + "  (seq " + e.seq()
                + (e.agentId().isEmpty() ? "" : ", " + e.agentId()) + ") at " + Words.when(e.recordedAt(), now);
    }

    private static String completed(TodoView done) {
        String validated = done.validationCommand();
        return done.text()
                + (done.evidence().isEmpty() ? "" : ": " + done.evidence())
                + (validated.isEmpty() ? "" : "  (validated by: " + validated + ")")
                + "  [" + done.todoId() + "]";
    }

    /** Whether the goal is finished, in plain words (from the terminal flag and the source completeness). */
    private static String doneLine(GoalStatus g) {
        if (g.frontier().terminal()) {
            return "yes: every todo is done and the last completion said no follow-up";
        }
        GoalStatus.Counts c = g.counts();
        long open = c.open() + c.blocked() + c.deferred();
        List<String> missing = new ArrayList<>();
        if (g.frontier().agentSource().equals("missing")) {
            missing.add("agent");
        }
        if (g.frontier().userSource().equals("missing")) {
            missing.add("owner");
        }
        if (open > 0) {
            return "no: " + open + (open == 1 ? " todo is" : " todos are") + " still open";
        }
        if (!missing.isEmpty()) {
            return "no: the " + String.join(" and ", missing)
                    + " todo list was never declared (loopx todo declare-empty names it empty)";
        }
        return "no: nothing is open, but no completion has said \"no follow-up\" yet";
    }

    /** {@code [#####...............] 5/20 slots · active} (or the state alone when nothing is allowed). */
    private static String quotaBar(QuotaStatus q) {
        long allowed = q.allowedSlots();
        long spent = q.spentSlots();
        String next = q.nextEligibleAt().isEmpty() ? "" : " · next slot " + q.nextEligibleAt();
        if (allowed <= 0) {
            return "[" + "-".repeat(BAR) + "] " + q.state().wire() + " (nothing allowed)";
        }
        int filled = (int) Math.min(BAR, Math.max(spent > 0 ? 1 : 0, Math.round(BAR * (double) spent / allowed)));
        return "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + spent + "/" + allowed + " slots · "
                + q.state().wire() + " (" + q.windowHours() + " h window)" + next;
    }

    private static String todo(Optional<TodoView> todo) {
        if (todo.isEmpty()) {
            return "(nothing runnable)";
        }
        TodoView t = todo.get();
        String claim = t.claimedBy().isEmpty() ? "unclaimed" : "claimed by " + t.claimedBy();
        String priority = t.priority().given() ? t.priority().wire() + ", " : "";
        return t.text() + "  (" + priority + claim + ") [" + t.todoId() + "]";
    }
}
