package dev.loopx.cli.render;

import static dev.loopx.cli.render.Words.quoted;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.quota.AnswerShouldRun;
import dev.loopx.host.codexapp.binding.AppPromptBinding;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.migration.PendingUpgradeHint;
import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import dev.loopx.projections.monitor.MonitorView;
import dev.loopx.projections.query.EffectiveAction;
import dev.loopx.projections.query.InteractionContract;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.query.SchedulerHint;
import dev.loopx.projections.query.ShouldRunAnswer;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx quota should-run}'s answer, {@code loopx_quota_decision_v0}, from
 * {@link AnswerShouldRun.Answer}: the decision, with the pending upgrade read (SPEC §S12) in
 * {@code interaction_contract.agent_channel}, the Codex App prompt binding under
 * {@code scheduler_hint.app_automation} and its {@code codex_app} mirror, and the turn receipt.
 *
 * <p>Its text answers the heartbeat question in one line a person can act on
 * ({@code run now → claim todo_… "Write the parser"}, {@code wait 30 min: gate "…" blocks this lane
 * (owner must decide)}, {@code stop: goal done (validated, no follow-up)}), then why, the commands to
 * run next, the quota, the work counts and the next wake with the RRULE to apply when the host
 * keeps one. The JSON carries everything else ({@code --verbose} shows it).
 */
public record QuotaDecisionAnswer(AnswerShouldRun.Answer answer) implements RenderedAnswer {
    public QuotaDecisionAnswer {
        Objects.requireNonNull(answer, "answer");
    }

    void text(PrintWriter out) {
        ShouldRunAnswer d = answer.decision();
        out.println(answerLine(d));
        Lines lines = new Lines(out);
        lines.add("why", d.reason());
        String profile = d.runtimeProfile().map(RuntimeProfile::wire).orElse("");
        lines.add(
                "lane",
                (d.agentId().isEmpty() ? "(no agent id)" : d.agentId()) + " on goal " + d.goalId()
                        + (profile.isEmpty() ? "" : " · " + profile));
        List<String> next = new ArrayList<>();
        d.promptUpgrade().ifPresent(u -> next.add(CommandLines.withInputs(u.command())));
        d.interactionContract().nextCliActions().forEach(c -> next.add(CommandLines.withInputs(c)));
        lines.add("next", next);
        if (d.effectiveAction() == EffectiveAction.GOAL_STOPPED) {
            // the owner's command, for the person reading (not in next_cli_actions: a lane never resumes its goal)
            lines.add("owner", CommandLines.withInputs(OwnerSteps.resumeGoal(d.goalId())));
        }
        lines.add("quota", QuotaBar.of(d.quota()));
        lines.add("work", work(d));
        for (TodoView t : d.claimsTakenBack()) {
            t.reclaimedFrom(d.agentId())
                    .ifPresent(r -> lines.add(
                            "taken back",
                            "your claim on " + t.todoId() + " " + quoted(t.text()) + " was taken back: " + r.reason()
                                    + " (its writes are refused until you claim it again)"));
        }
        for (TodoView t : d.interactionContract().reminders()) {
            lines.add("reminder", "you: " + t.text() + "  [" + t.todoId() + "]");
        }
        d.selectedTodo()
                .filter(t -> t.lease().present())
                .ifPresent(t -> lines.add(
                        "lease",
                        t.lease().state(d.now()).wire() + " · held by "
                                + t.lease().holder() + " until "
                                + Words.when(t.lease().expiresAt(), d.now())));
        lines.add("wake", wake(d.schedulerHint(), appLane(d)));
        lines.print();
    }

    /** The first line: what the lane does now, in words a person can act on. */
    private static String answerLine(ShouldRunAnswer d) {
        Optional<TodoView> todo = d.selectedTodo();
        String named = todo.map(t -> t.todoId() + " " + quoted(t.text())).orElse("");
        String todoId = todo.map(t -> t.todoId() + " ").orElse("");
        String wait = waitPrefix(d.schedulerHint());
        return switch (d.effectiveAction()) {
            case NORMAL_RUN ->
                todo.isPresent()
                        ? "run now → " + (d.claimRequiredBeforeWork() ? "claim " : "continue ") + named
                        : "run now";
            case MONITOR_DUE -> "run now → check the monitor " + (todo.isPresent() ? named : "that is due");
            case MONITOR_MATERIAL_CHANGE ->
                "run now → plan: the monitor " + todoId
                        + "saw a material change; add the advancement work it calls for";
            case MONITOR_EXPIRED ->
                "run now → close the monitor " + todoId + "(its watch expired "
                        + d.selectedMonitor().map(MonitorView::expiresAt).orElse("") + ")";
            case SUCCESSOR_REPLAN_REQUIRED -> "run now → replan: a deferred successor is ready";
            case AUTONOMOUS_REPLAN_REQUIRED -> "run now → replan: the plan must be revisited before more work";
            case INITIAL_PLAN_REQUIRED -> "run now → plan: the goal has no agent work yet; add the first todos";
            case OPERATOR_GATE_NOTIFY -> wait + ": " + gate(d) + " blocks this lane (owner must decide)";
            case THROTTLED_SKIP ->
                d.quota().state() != QuotaState.THROTTLED
                        // a wake storm: the quota has slots, the turn came too soon (the why line says how soon)
                        ? "skip: a wake storm, this turn came too soon after the lane's last one"
                        : wait + ": quota slot not due yet"
                                + (d.quota().nextEligibleAt().isEmpty()
                                        ? ""
                                        : " (next slot " + d.quota().nextEligibleAt() + ")");
            case PEER_COORDINATION_BLOCKED -> wait + ": all open work is claimed by other agents";
            case CAPABILITY_BLOCKED ->
                wait + ": " + todo.map(TodoView::todoId).orElse("") + " "
                        + quoted(todo.map(TodoView::text).orElse(""))
                        + " needs " + String.join(", ", d.missingCapabilities())
                        + ", which this lane did not declare";
            case MONITOR_QUIET_SKIP -> wait + ": only monitors remain and none is due";
            case QUOTA_SKIP -> wait + ": nothing to do for this lane";
            case QUOTA_PAUSED -> "wait: the quota is paused (compute 0); the owner must set a quota";
            case TERMINAL_NO_FOLLOWUP -> "stop: goal done (validated, no follow-up)";
            case GOAL_STOPPED -> "stop: the goal is stopped until the owner resumes it (see owner)";
            case LEDGER_DAMAGED -> "stop: " + d.reason() + " (owner: see next)";
            case REPAIR_SCHEDULER_EXECUTION_CONTEXT ->
                "stop: the heartbeat did not say where it runs; add --runtime-profile (see next)";
            case AUTOMATION_PROMPT_UPGRADE_REQUIRED ->
                "stop: this heartbeat names no registered agent; install one for a registered agent (see next)";
        };
    }

    private static String gate(ShouldRunAnswer d) {
        List<TodoView> gates = d.userTodos().openGates();
        return gates.isEmpty() ? "an owner gate" : "gate " + quoted(gates.get(0).text());
    }

    /** {@code wait 30 min} when the hint names the next wake, else {@code wait}. */
    private static String waitPrefix(SchedulerHint h) {
        int minutes = wakeMinutes(h);
        return minutes > 0 ? "wait " + minutes(minutes) : "wait";
    }

    private static String minutes(int minutes) {
        if (minutes >= 60 && minutes % 60 == 0) {
            return Words.count(minutes / 60, "hour");
        }
        return minutes + " min";
    }

    /** The RRULE the host must apply to its automation, or {@code ""} when nothing is to change. */
    private static String rruleToApply(SchedulerHint h) {
        return h.backoff().applyNeeded() ? h.backoff().currentRrule() : "";
    }

    /** The next wake in minutes: the RRULE to apply, else the first step of the App's progression. */
    private static int wakeMinutes(SchedulerHint h) {
        String rrule = rruleToApply(h);
        if (rrule.startsWith("FREQ=MINUTELY;INTERVAL=")) {
            return Integer.parseInt(rrule.substring("FREQ=MINUTELY;INTERVAL=".length()));
        }
        return h.initialAppMinutes().orElse(0);
    }

    /** Whether the lane is woken by a Codex App automation, the one host that keeps an RRULE. */
    private static boolean appLane(ShouldRunAnswer d) {
        return d.runtimeProfile()
                .filter(p -> p == RuntimeProfile.CODEX_APP_HEARTBEAT || p == RuntimeProfile.CODEX_APP_SSH_GOAL)
                .isPresent();
    }

    private static String wake(SchedulerHint h, boolean appLane) {
        String rrule = rruleToApply(h);
        int minutes = wakeMinutes(h);
        String when = minutes > 0 ? "ask again in " + minutes(minutes) : "ask again on the next heartbeat";
        if (rrule.isEmpty() || !appLane) {
            return when; // other hosts wake on their own turn (their loop or hook): no automation to change
        }
        String ack = h.backoff().ackNeeded() ? CommandLines.of(h.ackStep()) : CommandLines.of(List.of());
        return when + " · apply RRULE " + rrule + " to the automation, then acknowledge it:\n"
                + ack
                + "\nif the App refuses the change, set it by hand or report it:\n"
                + CommandLines.of(h.failureStep());
    }

    private static String work(ShouldRunAnswer d) {
        ShouldRunAnswer.AgentTodos a = d.agentTodos();
        ShouldRunAnswer.UserTodos u = d.userTodos();
        return Words.count(a.runnableCount(), "runnable todo") + " · "
                + a.claimedByMeCount() + " claimed by this lane · "
                + a.claimedByOthersCount() + " by others · "
                + Words.count(u.openCount(), "owner todo") + " open ("
                + Words.count(u.blockingGateCount(), "gate") + " blocking)";
    }

    /** {@code <one of: a, b>} in a hint becomes the first of them (the others are listed in the answer). */
    @Override
    public ObjectNode json() {
        ShouldRunAnswer d = answer.decision();
        ObjectNode doc = Json.object();
        doc.put("schema_version", "loopx_quota_decision_v0");
        doc.put("ok", true);
        doc.put("goal_id", d.goalId());
        doc.put("should_run", d.shouldRun());
        doc.put("state", d.state().wire());
        doc.put("effective_action", d.effectiveAction().wire());
        doc.put("reason", d.reason());
        doc.put("recommended_action", d.recommendedAction());
        doc.put("normal_delivery_allowed", d.normalDeliveryAllowed());
        doc.put("claim_required_before_work", d.claimRequiredBeforeWork());
        doc.put("runtime_profile", d.runtimeProfile().map(RuntimeProfile::wire).orElse(""));
        doc.set("quota", QuotaWindowDocument.of(d.quota()));
        ObjectNode identity = doc.putObject("agent_identity");
        identity.put("agent_id", d.agentId());
        identity.put("registered", d.agentRegistered());
        if (d.selectedTodo().isEmpty()) {
            doc.putNull("selected_todo");
        } else {
            doc.set("selected_todo", TodoParts.item(d.selectedTodo().get(), d.now()));
        }
        d.selectedMonitor().ifPresent(m -> doc.set("selected_monitor", MonitorPart.of(m)));
        ArrayNode candidates = doc.putArray("runnable_candidates");
        d.runnableCandidates().forEach(t -> candidates.add(TodoParts.item(t, d.now())));
        if (!d.missingCapabilities().isEmpty()) {
            ObjectNode blocked = doc.putObject("capability_blocked");
            blocked.put("todo_id", d.selectedTodo().map(TodoView::todoId).orElse(""));
            d.missingCapabilities().forEach(blocked.putArray("missing_capabilities")::add);
        }
        if (!d.claimsTakenBack().isEmpty()) {
            ArrayNode taken = doc.putArray("claims_taken_back");
            for (TodoView t : d.claimsTakenBack()) {
                t.reclaimedFrom(d.agentId()).ifPresent(r -> {
                    ObjectNode n = taken.addObject();
                    n.put("todo_id", t.todoId());
                    n.put("your_epoch", r.epoch());
                    n.put("claim_epoch", t.claimEpoch());
                    n.put("reason", r.reason());
                });
            }
        }
        doc.set("user_todo_summary", userTodos(d.userTodos()));
        doc.set("agent_todo_summary", agentTodos(d.agentTodos()));
        ObjectNode heartbeat = doc.putObject("heartbeat_recommendation");
        heartbeat.put("recommended_mode", d.recommendedMode());
        heartbeat.put("notify", notify(d.notifyUser()));
        doc.set(
                "interaction_contract",
                contract(
                        d.interactionContract(),
                        answer.upgradeRead(),
                        answer.binding().map(AppPromptBinding::cliBin).orElse("loopx")));
        ObjectNode liveness = doc.putObject("automation_liveness");
        liveness.put("automation_action", d.automationAction());
        liveness.put("pause_allowed", d.pauseAllowed());
        // heartbeat_identity_upgrade: the lane's heartbeat must be reinstalled with an agent identity.
        // Its first name, automation_prompt_upgrade, is kept (same content) for hosts that read it; it is
        // unrelated to the required_reads item of kind automation_prompt_upgrade (a pending prompt migration).
        ObjectNode upgrade = doc.putObject("heartbeat_identity_upgrade");
        upgrade.put("required", d.promptUpgrade().isPresent());
        d.promptUpgrade().ifPresent(u -> {
            CommandLines.writeOne(upgrade, "command", "inputs", u.command());
            ArrayNode agents = upgrade.putArray("registered_agents");
            u.registeredAgents().forEach(agents::add);
        });
        doc.set("automation_prompt_upgrade", upgrade.deepCopy());
        doc.set("goal_frontier_projection", FrontierDocument.of(d.frontier()));
        doc.set("scheduler_hint", SchedulerHintPart.of(d.schedulerHint(), answer.binding()));
        answer.turn().ifPresent(turn -> {
            ObjectNode receipt = doc.putObject("turn_receipt");
            receipt.put("turn_instance_id", turn.turnInstanceId());
            receipt.put("recorded_now", turn.recordedNow());
            receipt.put("spends_quota", false);
        });
        return doc;
    }

    private static String notify(boolean notifyUser) {
        return notifyUser ? "NOTIFY" : "DONT_NOTIFY";
    }

    private static ObjectNode userTodos(ShouldRunAnswer.UserTodos u) {
        ObjectNode n = Json.object();
        n.put("open_count", u.openCount());
        n.put("blocking_gate_count", u.blockingGateCount());
        ArrayNode gates = n.putArray("open_gates");
        for (TodoView t : u.openGates()) {
            gates.addObject().put("todo_id", t.todoId()).put("question", t.text());
        }
        return n;
    }

    private static ObjectNode agentTodos(ShouldRunAnswer.AgentTodos a) {
        ObjectNode n = Json.object();
        n.put("open_count", a.openCount());
        n.put("runnable_count", a.runnableCount());
        n.put("claimed_by_me_count", a.claimedByMeCount());
        n.put("claimed_by_others_count", a.claimedByOthersCount());
        n.put("monitor_open_count", a.monitorOpenCount());
        return n;
    }

    /**
     * {@code loopx_interaction_contract_v0}, with one more {@code required_reads} item for the
     * confirmed upgrade (when present) and {@code turn_envelope_budget_bytes}: the envelope budget,
     * plus the read's budget only when the read is emitted. The read grants no authority.
     */
    private static ObjectNode contract(InteractionContract c, Optional<PendingUpgrade> confirmed, String cliBin) {
        ObjectNode n = Json.object();
        n.put("schema_version", "loopx_interaction_contract_v0");
        n.put("mode", c.mode());
        ObjectNode user = n.putObject("user_channel");
        user.put("action_required", c.userActionRequired());
        user.put("notify", notify(c.notifyUser()));
        ArrayNode items = user.putArray("items");
        for (TodoView t : c.reminders()) {
            items.addObject()
                    .put("todo_id", t.todoId())
                    .put("text", t.text())
                    .put("task_class", t.taskClass().wire())
                    .put("blocking", false);
        }
        ObjectNode agent = n.putObject("agent_channel");
        agent.put("primary_action", c.primaryAction());
        agent.put("delivery_allowed", c.deliveryAllowed());
        ArrayNode reads = agent.putArray("required_reads");
        for (InteractionContract.RequiredRead r : c.requiredReads()) {
            reads.addObject()
                    .put("kind", r.kind())
                    .put("ordering", r.ordering())
                    .put("command", CommandLines.of(r.command()));
        }
        int budget = PendingUpgradeHint.ENVELOPE_BUDGET_BYTES;
        if (confirmed.isPresent()) {
            PendingUpgrade p = confirmed.get();
            ObjectNode read = reads.addObject();
            read.put("kind", PendingUpgradeHint.KIND);
            read.put("ordering", "before_work");
            read.put("prompt_budget_bytes", PendingUpgradeHint.READ_BUDGET_BYTES);
            read.put("command", cliBin + " automation-prompts plan --automation-id " + p.automationId());
            read.put("automation_id", p.automationId());
            read.put("prompt_sha256", p.oldPromptSha256());
            read.put("grants_authority", false);
            budget += PendingUpgradeHint.READ_BUDGET_BYTES;
        }
        agent.put("turn_envelope_budget_bytes", budget);
        CommandLines.write(n.putObject("cli_channel"), "next_cli_actions", "next_cli_inputs", c.nextCliActions());
        return n;
    }
}
