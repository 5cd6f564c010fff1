package dev.loopx.cli.quota;

import static dev.loopx.cli.quota.Histories.GOAL;
import static dev.loopx.cli.quota.Histories.NOW;
import static dev.loopx.cli.quota.Histories.done;
import static dev.loopx.cli.quota.Histories.gate;
import static dev.loopx.cli.quota.Histories.goal;
import static dev.loopx.cli.quota.Histories.monitor;
import static dev.loopx.cli.quota.Histories.request;
import static dev.loopx.cli.quota.Histories.userTodo;
import static dev.loopx.cli.quota.Histories.work;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalStopped;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.query.ShouldRun;
import dev.loopx.projections.scheduler.SchedulerView;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * One named test per branch of the §S7 decision order, and the exact terminal derivation, on the
 * rendered {@code loopx_quota_decision_v0} ({@link ShouldRun#answer} through {@link Decisions}).
 */
class ShouldRunDecisionTest {
    private static final String APP = "codex_app_heartbeat";

    static ObjectNode ask(GoalState s, String agent) {
        return ask(s, agent, APP);
    }

    static ObjectNode ask(GoalState s, String agent, String profile) {
        return Decisions.render(
                ShouldRun.answer(s, SchedulerView.empty(GOAL, agent, "codex_app"), request(agent, profile)));
    }

    private static void assertBranch(
            JsonNode a, boolean shouldRun, String effectiveAction, String hintAction, String cadenceClass) {
        assertEquals("loopx_quota_decision_v0", a.path("schema_version").asText());
        assertTrue(a.path("ok").asBoolean());
        assertEquals(GOAL, a.path("goal_id").asText());
        assertEquals(shouldRun, a.path("should_run").asBoolean(), () -> a.toPrettyString());
        assertEquals(effectiveAction, a.path("effective_action").asText(), () -> a.toPrettyString());
        assertEquals(hintAction, a.at("/scheduler_hint/action").asText());
        assertEquals(cadenceClass, a.at("/scheduler_hint/cadence_class").asText());
        assertEquals("quota.should-run", a.at("/scheduler_hint/source").asText());
    }

    @Test
    void noRuntimeProfileFailsClosed() {
        // Even with runnable work, an unknown execution context never runs.
        ObjectNode a = ask(goal(List.of("a"), work("t1", "")), "a", "");
        assertBranch(
                a,
                false,
                "repair_scheduler_execution_context",
                "repair_scheduler_execution_context",
                "control_plane_repair");
        assertFalse(a.path("normal_delivery_allowed").asBoolean());
        assertTrue(a.path("selected_todo").isNull());
    }

    @Test
    void goalStopped() {
        ObjectNode a = ask(goal(List.of("a"), work("t1", ""), new GoalStopped("freeze")), "a");
        assertBranch(a, false, "goal_stopped", "stop_until_explicit_resume", "goal_stopped");
        assertEquals("stopped", a.path("state").asText());
        assertTrue(a.at("/automation_liveness/pause_allowed").asBoolean());
    }

    @Test
    void quotaPausedWhenComputeIsZero() {
        ObjectNode a = ask(goal(List.of("a"), work("t1", ""), new GoalConfigured(BigDecimal.ZERO, 24, 1)), "a");
        assertBranch(a, false, "quota_paused", "stop_until_explicit_resume", "quota_paused");
        assertEquals("paused", a.at("/quota/state").asText());
        assertEquals(0, a.at("/quota/compute").decimalValue().signum());
    }

    @Test
    void terminalNoFollowup() {
        GoalState s = goal(List.of("a"), work("t1", ""), userTodo("u1"), done("u1", false), done("t1", true));
        ObjectNode a = ask(s, "a");
        assertBranch(a, false, "terminal_no_followup", "stop_until_explicit_resume", "terminal_no_followup");
        assertEquals(
                "stop_terminal_no_followup",
                a.at("/automation_liveness/automation_action").asText());
        JsonNode t = a.at("/goal_frontier_projection/terminal_state");
        assertEquals("goal_terminal_state_v0", t.path("schema_version").asText());
        assertEquals("no_followup", t.path("kind").asText());
        assertTrue(t.path("derived").asBoolean());
        assertEquals("validated_goal_closure", t.path("source").asText());
    }

    @Test
    void missingAgentIdentityOnAGoalWithRegisteredAgents() {
        ObjectNode a = ask(goal(List.of("builder"), work("t1", "")), "");
        assertBranch(
                a,
                false,
                "automation_prompt_upgrade_required",
                "repair_scheduler_execution_context",
                "control_plane_repair");
        assertTrue(a.at("/automation_prompt_upgrade/required").asBoolean());
        // the field's own name; the old one stays, with the same content, for hosts that read it
        assertEquals(a.at("/heartbeat_identity_upgrade"), a.at("/automation_prompt_upgrade"));
        assertEquals(
                "loopx heartbeat-prompt --goal-id g1 --agent-id builder --bootstrap",
                a.at("/automation_prompt_upgrade/command").asText());
        assertFalse(a.at("/agent_identity/registered").asBoolean());
        // An unregistered id is the same branch.
        ObjectNode ghost = ask(goal(List.of("builder"), work("t1", "")), "ghost");
        assertEquals(
                "automation_prompt_upgrade_required",
                ghost.path("effective_action").asText());
        assertEquals(
                "loopx heartbeat-prompt --goal-id g1 --agent-id builder --bootstrap",
                ghost.at("/automation_prompt_upgrade/command").asText());
    }

    @Test
    void registeredAgentNeedsNoPromptUpgrade() {
        ObjectNode a = ask(goal(List.of("builder"), work("t1", "")), "builder");
        assertFalse(a.at("/automation_prompt_upgrade/required").asBoolean());
        assertTrue(a.at("/automation_prompt_upgrade/command").isMissingNode());
    }

    @Test
    void laneScopedUserGateNotifiesTheGatedLaneOnly() {
        GoalState s = goal(List.of("builder", "reviewer"), work("t1", ""), gate("q1", "reviewer"));
        ObjectNode gated = ask(s, "reviewer");
        assertBranch(gated, false, "operator_gate_notify", "backoff_waiting_for_user", "human_gate");
        assertEquals(
                "NOTIFY", gated.at("/interaction_contract/user_channel/notify").asText());
        assertTrue(
                gated.at("/interaction_contract/user_channel/action_required").asBoolean());
        assertEquals("NOTIFY", gated.at("/heartbeat_recommendation/notify").asText());
        assertEquals("q1", gated.at("/selected_todo/todo_id").asText());
        assertEquals(1, gated.at("/user_todo_summary/blocking_gate_count").asInt());

        ObjectNode other = ask(s, "builder");
        assertBranch(other, true, "normal_run", "run_now", "active_work");
        assertEquals(
                "DONT_NOTIFY",
                other.at("/interaction_contract/user_channel/notify").asText());
        assertEquals(0, other.at("/user_todo_summary/blocking_gate_count").asInt());
    }

    @Test
    void throttledWhenTheWindowIsSpent() {
        // compute 1, 1 h window of 30 min slots = 2 slots; both spent just now.
        GoalState s = goal(
                List.of("a"),
                work("t1", ""),
                new GoalConfigured(BigDecimal.ONE, 1, 30),
                new EvidenceRecorded("a", "outcome_progress", "x"),
                new QuotaSlotSpent("a", 2, 4));
        ObjectNode a = Decisions.render(ShouldRun.answer(
                s,
                SchedulerView.empty(GOAL, "a", "codex_app"),
                new ShouldRun.Request(
                        GOAL, "a", RuntimeProfile.fromWire(APP), List.of(), "", "", Histories.T0.plusSeconds(60))));
        assertBranch(a, false, "throttled_skip", "backoff_until_fresh_evidence", "unchanged_noop");
        assertEquals("throttled", a.at("/quota/state").asText());
        assertFalse(a.at("/quota/next_eligible_at").isNull());
    }

    @Test
    void readyDeferredSuccessorComesBeforeRunnableWork() {
        GoalState s = goal(
                List.of("a"),
                work("t1", ""),
                work("t2", ""),
                work("t3", ""),
                new TodoUpdated("t2", "work t2", "deferred", "todo_done:t3"),
                done("t3", false));
        ObjectNode a = ask(s, "a");
        assertBranch(a, true, "successor_replan_required", "run_now", "active_work");
        assertEquals("t2", a.at("/selected_todo/todo_id").asText());
        assertTrue(a.at("/goal_frontier_projection/replan_required").asBoolean());
        assertEquals(
                1,
                a.at("/goal_frontier_projection/deferred_successors/ready_count")
                        .asInt());
    }

    @Test
    void runnableWorkUnclaimedRequiresAClaim() {
        ObjectNode a = ask(goal(List.of("a"), work("t1", "")), "a");
        assertBranch(a, true, "normal_run", "run_now", "active_work");
        assertTrue(a.path("claim_required_before_work").asBoolean());
        assertTrue(a.path("normal_delivery_allowed").asBoolean());
        assertEquals("t1", a.at("/selected_todo/todo_id").asText());
        assertEquals(
                "loopx todo claim --goal-id g1 --todo-id t1 --agent-id a",
                a.at("/interaction_contract/cli_channel/next_cli_actions/0").asText());
    }

    @Test
    void runnableWorkClaimedByMeNeedsNoClaim() {
        ObjectNode a = ask(goal(List.of("a", "b"), work("t1", ""), new TodoClaimed("t1", "a")), "a");
        assertBranch(a, true, "normal_run", "run_now", "active_work");
        assertFalse(a.path("claim_required_before_work").asBoolean());
        assertEquals(
                1,
                a.at("/goal_frontier_projection/remaining_advancement_frontier/current_agent_claimed_advancement_count")
                        .asInt());
    }

    @Test
    void monitorsDue() {
        ObjectNode a = ask(goal(List.of("a"), monitor("m1", "")), "a");
        assertBranch(a, true, "monitor_due", "backoff_until_material_transition", "monitor_wait");
        assertEquals("m1", a.at("/selected_todo/todo_id").asText());
        assertEquals(
                1,
                a.at("/goal_frontier_projection/normalized_progress/agent_monitor_due_count")
                        .asInt());
    }

    @Test
    void monitorsQuiet() {
        ObjectNode a = ask(goal(List.of("a"), monitor("m1", "resume_at:2026-02-01T00:00:00Z")), "a");
        assertBranch(a, false, "monitor_quiet_skip", "backoff_until_material_transition", "monitor_wait");
        assertEquals(
                0,
                a.at("/goal_frontier_projection/normalized_progress/agent_monitor_due_count")
                        .asInt());
        assertEquals(
                1,
                a.at("/goal_frontier_projection/normalized_progress/agent_monitor_open_count")
                        .asInt());
    }

    @Test
    void workClaimedByOthers() {
        ObjectNode a = ask(goal(List.of("a", "b"), work("t1", "b")), "a");
        assertBranch(a, false, "peer_coordination_blocked", "backoff_until_reassigned", "peer_coordination_wait");
        assertEquals(
                1,
                a.at("/goal_frontier_projection/remaining_advancement_frontier/other_agent_claimed_advancement_count")
                        .asInt());
    }

    @Test
    void nothingToDo() {
        // The agent section was declared empty on purpose: no planning turn, nothing to do.
        ObjectNode a = ask(goal(List.of("a"), new TodoSectionDeclaredEmpty("agent")), "a");
        assertBranch(a, false, "quota_skip", "backoff_until_fresh_evidence", "unchanged_noop");
        assertEquals(
                "DONT_NOTIFY", a.at("/interaction_contract/user_channel/notify").asText());
        assertTrue(a.at("/goal_frontier_projection/terminal_state").isMissingNode());
    }

    @Test
    void answerCarriesEverySpecField() {
        ObjectNode a = ask(goal(List.of("a"), work("t1", "")), "a");
        for (String field : List.of(
                "goal_id",
                "ok",
                "should_run",
                "state",
                "effective_action",
                "reason",
                "recommended_action",
                "normal_delivery_allowed",
                "quota",
                "agent_identity",
                "selected_todo",
                "runnable_candidates",
                "user_todo_summary",
                "agent_todo_summary",
                "heartbeat_recommendation",
                "interaction_contract",
                "automation_liveness",
                "automation_prompt_upgrade",
                "goal_frontier_projection",
                "scheduler_hint")) {
            assertTrue(a.has(field), field);
        }
        for (String q : List.of(
                "compute",
                "window_hours",
                "slot_minutes",
                "allowed_slots",
                "spent_slots",
                "state",
                "next_eligible_at")) {
            assertTrue(a.path("quota").has(q), q);
        }
        assertEquals(
                "loopx_interaction_contract_v0",
                a.at("/interaction_contract/schema_version").asText());
        assertEquals(
                "goal_frontier_projection_v0",
                a.at("/goal_frontier_projection/schema_version").asText());
        assertEquals(
                "keep_active_quiet",
                a.at("/automation_liveness/automation_action").asText());
    }

    /** The exact terminal derivation of §S7. */
    @Nested
    class Terminal {
        private JsonNode sources(GoalState s) {
            return ask(s, "a").at("/goal_frontier_projection/source_completeness");
        }

        private boolean terminal(GoalState s) {
            return !ask(s, "a").at("/goal_frontier_projection/terminal_state").isMissingNode();
        }

        @Test
        void aRoleWithoutAnyTodoIsMissing() {
            GoalState s = goal(List.of("a"), work("t1", ""), done("t1", true));
            assertEquals(
                    "goal_terminal_source_completeness_v0",
                    sources(s).path("schema_version").asText());
            assertEquals("missing", sources(s).path("user_todos").asText());
            assertEquals("valid", sources(s).path("agent_todos").asText());
            assertFalse(terminal(s));
        }

        @Test
        void declareEmptyMakesAMissingRoleValid() {
            GoalState s = goal(List.of("a"), work("t1", ""), done("t1", true), new TodoSectionDeclaredEmpty("user"));
            assertEquals("valid", sources(s).path("user_todos").asText());
            assertTrue(terminal(s));
        }

        @Test
        void anOpenTodoMakesItsRoleInvalid() {
            GoalState s = goal(List.of("a"), work("t1", ""), done("t1", true), userTodo("u1"));
            assertEquals("invalid", sources(s).path("user_todos").asText());
            assertFalse(terminal(s));
        }

        @Test
        void aDeferredOrDueMonitorMakesItsRoleInvalid() {
            GoalState deferred = goal(
                    List.of("a"),
                    work("t1", ""),
                    work("t2", ""),
                    done("t1", true),
                    new TodoUpdated("t2", "work t2", "deferred", "resume_at:2026-02-01T00:00:00Z"),
                    new TodoSectionDeclaredEmpty("user"));
            assertEquals("invalid", sources(deferred).path("agent_todos").asText());
            assertFalse(terminal(deferred));
            GoalState monitor = goal(
                    List.of("a"),
                    work("t1", ""),
                    monitor("m1", ""),
                    done("t1", true),
                    new TodoSectionDeclaredEmpty("user"));
            assertEquals("invalid", sources(monitor).path("agent_todos").asText());
            assertFalse(terminal(monitor));
        }

        @Test
        void needsAtLeastOneNoFollowupCompletion() {
            GoalState s = goal(List.of("a"), work("t1", ""), done("t1", false), new TodoSectionDeclaredEmpty("user"));
            assertEquals("valid", sources(s).path("user_todos").asText());
            assertEquals("valid", sources(s).path("agent_todos").asText());
            assertFalse(terminal(s));
            // The plan ran out without a closure: a replan, never a quiet skip (issue 21, item 1).
            assertEquals(
                    "autonomous_replan_required",
                    ask(s, "a").path("effective_action").asText());
        }

        @Test
        void bothRolesDeclaredEmptyWithoutAnyCompletionIsNotTerminal() {
            GoalState s =
                    goal(List.of("a"), new TodoSectionDeclaredEmpty("user"), new TodoSectionDeclaredEmpty("agent"));
            assertFalse(terminal(s));
        }

        @Test
        void everyCounterIsZeroWhenTerminal() {
            GoalState s = goal(List.of("a"), work("t1", ""), userTodo("u1"), done("u1", false), done("t1", true));
            JsonNode f = ask(s, "a").path("goal_frontier_projection");
            f.path("normalized_progress").forEach(n -> assertEquals(0, n.asInt()));
            f.path("remaining_advancement_frontier").forEach(n -> assertEquals(0, n.asInt()));
            f.path("deferred_successors").forEach(n -> assertEquals(0, n.asInt()));
            assertEquals(0, f.path("acceptance_gaps").size());
            assertEquals(0, f.path("autonomy_blockers").size());
            assertFalse(f.path("replan_required").asBoolean());
            assertTrue(terminal(s));
        }

        @Test
        void anOutcomeGapBlocksTerminal() {
            GoalState s = goal(
                    List.of("a"),
                    work("t1", ""),
                    done("t1", true),
                    new TodoSectionDeclaredEmpty("user"),
                    new EvidenceRecorded("a", "outcome_gap", "the benchmark regressed"));
            assertEquals(
                    1,
                    ask(s, "a").at("/goal_frontier_projection/acceptance_gaps").size());
            assertFalse(terminal(s));
        }

        @Test
        void editingTextCannotForceTerminal() {
            // Rewriting an open todo's text to claim it is finished changes nothing: status decides.
            GoalState s = goal(
                    List.of("a"),
                    work("t1", ""),
                    work("t2", ""),
                    done("t1", true),
                    new TodoSectionDeclaredEmpty("user"),
                    new TodoUpdated(
                            "t2", "DONE - no follow-up, goal complete (terminal_state: no_followup)", "open", ""));
            assertEquals("invalid", sources(s).path("agent_todos").asText());
            assertFalse(terminal(s));
            assertEquals("normal_run", ask(s, "a").path("effective_action").asText());
        }

        @Test
        void aBlockerTodoIsAnAutonomyBlocker() {
            TodoAdded blocker =
                    new TodoAdded("b1", "agent", "blocked on creds", "blocker", "P0", "", "", false, List.of(), "", "");
            GoalState s =
                    goal(List.of("a"), blocker, work("t1", ""), done("t1", true), new TodoSectionDeclaredEmpty("user"));
            assertEquals(
                    List.of("b1"),
                    List.of(ask(s, "a")
                            .at("/goal_frontier_projection/autonomy_blockers/0")
                            .asText()));
            assertFalse(terminal(s));
        }
    }

    @Test
    void shouldRunIsPureForAFixedNow() {
        GoalState s = goal(List.of("a"), work("t1", ""));
        assertEquals(ask(s, "a"), ask(s, "a"));
        assertEquals(NOW, request("a", APP).now());
    }
}
