package dev.loopx.cli.quota;

import static dev.loopx.cli.quota.Histories.done;
import static dev.loopx.cli.quota.Histories.gate;
import static dev.loopx.cli.quota.Histories.goal;
import static dev.loopx.cli.quota.Histories.monitor;
import static dev.loopx.cli.quota.Histories.userTodo;
import static dev.loopx.cli.quota.Histories.work;
import static dev.loopx.cli.quota.ShouldRunDecisionTest.ask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalReplanPolicyConfigured;
import dev.loopx.ledger.event.GoalStopped;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoReplanCheckpointed;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.ledger.event.TodoSectionsDeclared;
import dev.loopx.projections.GoalState;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The decisions that used to stall a loop (issue 21, items 1–3, 6, 7), given a history, when
 * should-run is asked, then the rendered answer: the replan obligation (succession gap, long
 * chain), the first planning turn, declared sections and the exact {@code declare-empty} that
 * closes a missing one, non-blocking reminders, and a stopped goal's liveness.
 */
class StallDecisionsTest {
    private static final TodoSectionsDeclared SECTIONS = new TodoSectionsDeclared(List.of("agent", "user"));

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::asText)
                .toList();
    }

    @Nested
    class SuccessionGap {
        @Test
        void givenTheLastTodoDoneWithoutNoFollowUp_whenAsked_thenTheAgentMustReplan() {
            ObjectNode a = ask(goal(List.of("a"), SECTIONS, work("t1", "a"), done("t1", false)), "a");
            assertTrue(a.path("should_run").asBoolean(), a::toPrettyString);
            assertEquals(
                    "autonomous_replan_required", a.path("effective_action").asText());
            assertEquals("NOTIFY", a.at("/heartbeat_recommendation/notify").asText());
            assertEquals(
                    "NOTIFY", a.at("/interaction_contract/user_channel/notify").asText());
            assertFalse(
                    a.at("/interaction_contract/user_channel/action_required").asBoolean());
            assertFalse(a.path("normal_delivery_allowed").asBoolean());
            assertEquals("run_now", a.at("/scheduler_hint/action").asText());
            // issue 36: the completion to settle is done, so it is not selected; the trigger and the
            // settling command name it
            assertTrue(a.path("selected_todo").isNull(), a::toPrettyString);
            JsonNode f = a.path("goal_frontier_projection");
            assertEquals(List.of("autonomous_replan_obligation"), texts(f.path("autonomy_blockers")));
            assertTrue(f.path("replan_required").asBoolean());
            JsonNode trigger = f.at("/autonomous_replan_obligation/triggers/0");
            assertEquals(
                    "completed_advancement_without_successor",
                    trigger.path("kind").asText());
            assertEquals("t1", trigger.path("todo_id").asText());
            assertEquals(
                    List.of(
                            "loopx todo add --goal-id g1 --role agent --agent-id a",
                            "loopx todo complete --goal-id g1 --todo-id t1 --agent-id a --no-follow-up"),
                    texts(a.at("/interaction_contract/cli_channel/next_cli_actions")));
            // what the agent gives is named apart from the command, with the command it belongs to
            JsonNode inputs = a.at("/interaction_contract/cli_channel/next_cli_inputs");
            assertEquals(2, inputs.size());
            assertEquals(
                    "loopx todo add --goal-id g1 --role agent --agent-id a",
                    inputs.at("/0/command").asText());
            assertEquals("--text", inputs.at("/0/flag").asText());
            assertEquals("the real next step", inputs.at("/0/meaning").asText());
            assertTrue(inputs.at("/0/required").asBoolean());
            assertEquals("--evidence", inputs.at("/1/flag").asText());
            assertEquals("why no real work remains", inputs.at("/1/meaning").asText());
        }

        @Test
        void givenASettlement_whenAsked_thenTheGoalIsTerminal() {
            ObjectNode a = ask(
                    goal(
                            List.of("a"),
                            SECTIONS,
                            work("t1", "a"),
                            done("t1", false),
                            new TodoCompleted("t1", "nothing else to do", true, "", List.of())),
                    "a");
            assertEquals("terminal_no_followup", a.path("effective_action").asText(), a::toPrettyString);
        }

        @Test
        void givenARealSuccessor_whenAsked_thenTheSuccessorRuns() {
            ObjectNode a = ask(goal(List.of("a"), SECTIONS, work("t1", "a"), done("t1", false), work("t2", "")), "a");
            assertEquals("normal_run", a.path("effective_action").asText());
            assertTrue(a.at("/goal_frontier_projection/autonomy_blockers").isEmpty());
        }

        @Test
        void givenAnEarlierNoFollowUpButALaterOpenEndedCompletion_whenAsked_thenTheLaterOneCounts() {
            ObjectNode a = ask(
                    goal(List.of("a"), SECTIONS, work("t1", ""), done("t1", true), work("t2", ""), done("t2", false)),
                    "a");
            assertEquals(
                    "autonomous_replan_required", a.path("effective_action").asText());
            assertEquals(
                    "t2",
                    a.at("/goal_frontier_projection/autonomous_replan_obligation/triggers/0/todo_id")
                            .asText());
        }

        @Test
        void givenASuccessorCompletedInTheSameAppend_whenTheSuccessorIsOpen_thenNoGap() {
            TodoCompleted withSuccessor = new TodoCompleted("t1", "shipped", false, "", List.of("t2"));
            ObjectNode a = ask(goal(List.of("a"), SECTIONS, work("t1", ""), withSuccessor, work("t2", "")), "a");
            assertEquals("normal_run", a.path("effective_action").asText());
        }

        @Test
        void givenOnlyAQuietMonitorLeft_whenAsked_thenTheReplanComesFirst() {
            ObjectNode a = ask(
                    goal(
                            List.of("a"),
                            SECTIONS,
                            monitor("m1", "resume_at:2027-01-01T00:00:00Z"),
                            work("t1", ""),
                            done("t1", false)),
                    "a");
            assertEquals(
                    "autonomous_replan_required", a.path("effective_action").asText());
        }

        @Test
        void givenABlockingGate_whenAsked_thenTheGateStillComesFirst() {
            ObjectNode a = ask(goal(List.of("a"), SECTIONS, work("t1", ""), done("t1", false), gate("u1", "")), "a");
            assertEquals("operator_gate_notify", a.path("effective_action").asText());
        }
    }

    @Nested
    class LongChain {
        private List<LoopxEvent> chain(int completed) {
            List<LoopxEvent> events = new ArrayList<>(List.of(SECTIONS));
            for (int i = 1; i <= completed; i++) {
                events.add(work("t" + i, ""));
                events.add(new TodoCompleted("t" + i, "done " + i, false, "", List.of("t" + (i + 1))));
            }
            events.add(work("t" + (completed + 1), ""));
            return events;
        }

        private GoalState goalWith(List<LoopxEvent> events) {
            return goal(List.of("a"), events.toArray(LoopxEvent[]::new));
        }

        @Test
        void givenFourCompletedWithSuccessors_whenAsked_thenWorkGoesOn() {
            assertEquals(
                    "normal_run",
                    ask(goalWith(chain(4)), "a").path("effective_action").asText());
        }

        @Test
        void givenFiveCompletedWithoutACheckpoint_whenAsked_thenACheckpointIsDue() {
            ObjectNode a = ask(goalWith(chain(5)), "a");
            assertEquals(
                    "autonomous_replan_required", a.path("effective_action").asText(), a::toPrettyString);
            JsonNode trigger = a.at("/goal_frontier_projection/autonomous_replan_obligation/triggers/0");
            assertEquals("long_chain_without_checkpoint", trigger.path("kind").asText());
            assertEquals(5, trigger.path("completed_since_checkpoint").asInt());
            assertEquals(5, trigger.path("replan_after_completed_todos").asInt());
            assertEquals(1, a.path("runnable_candidates").size());
            assertTrue(texts(a.at("/interaction_contract/cli_channel/next_cli_actions"))
                    .contains("loopx todo checkpoint --goal-id g1 --agent-id a"));
        }

        @Test
        void givenACheckpoint_whenAsked_thenTheChainStartsAgain() {
            List<LoopxEvent> events = chain(5);
            events.add(new TodoReplanCheckpointed("a", "plan still matches"));
            assertEquals(
                    "normal_run",
                    ask(goalWith(events), "a").path("effective_action").asText());
        }

        @Test
        void givenAGoalThatReplansAfterTwo_whenTwoAreDone_thenACheckpointIsDue() {
            List<LoopxEvent> events = new ArrayList<>(List.of(new GoalReplanPolicyConfigured(2)));
            events.addAll(chain(2));
            ObjectNode a = ask(goalWith(events), "a");
            assertEquals(
                    "autonomous_replan_required", a.path("effective_action").asText());
            assertEquals(
                    2,
                    a.at(
                                    "/goal_frontier_projection/autonomous_replan_obligation/triggers/0/replan_after_completed_todos")
                            .asInt());
        }
    }

    @Nested
    class FirstPlan {
        @Test
        void givenAFreshGoalWithAnAgent_whenAsked_thenTheAgentPlans() {
            ObjectNode a = ask(goal(List.of("a"), SECTIONS), "a");
            assertTrue(a.path("should_run").asBoolean());
            assertEquals("initial_plan_required", a.path("effective_action").asText());
            assertEquals(
                    "plan", a.at("/heartbeat_recommendation/recommended_mode").asText());
            assertFalse(a.path("normal_delivery_allowed").asBoolean());
            assertEquals(
                    List.of(
                            "loopx todo add --goal-id g1 --role agent --agent-id a",
                            "loopx todo declare-empty --goal-id g1 --role agent"),
                    texts(a.at("/interaction_contract/cli_channel/next_cli_actions")));
        }

        @Test
        void givenTheAgentSectionDeclaredEmpty_whenAsked_thenQuiet() {
            ObjectNode a = ask(goal(List.of("a"), SECTIONS, new TodoSectionDeclaredEmpty("agent")), "a");
            assertEquals("quota_skip", a.path("effective_action").asText());
        }

        @Test
        void givenAGoalWithoutAgents_whenAsked_thenNoPlanningTurnIsForced() {
            ObjectNode a = ask(goal(List.of(), SECTIONS), "");
            assertEquals("quota_skip", a.path("effective_action").asText());
        }
    }

    @Nested
    class Sections {
        @Test
        void givenDeclaredSections_whenAllWorkIsDoneWithNoFollowUp_thenTerminal() {
            ObjectNode a = ask(goal(List.of("a"), SECTIONS, work("t1", ""), done("t1", true)), "a");
            assertEquals("terminal_no_followup", a.path("effective_action").asText(), a::toPrettyString);
            assertEquals(
                    "valid",
                    a.at("/goal_frontier_projection/source_completeness/user_todos")
                            .asText());
        }

        @Test
        void givenAnOldLedgerWithoutDeclaredSections_whenAllWorkIsDone_thenShouldRunNamesTheDeclareEmpty() {
            ObjectNode a = ask(goal(List.of("a"), work("t1", ""), done("t1", true)), "a");
            assertEquals("quota_skip", a.path("effective_action").asText());
            JsonNode sources = a.at("/goal_frontier_projection/source_completeness");
            assertEquals("missing", sources.path("user_todos").asText());
            assertEquals(
                    List.of("loopx todo declare-empty --goal-id g1 --role user"),
                    texts(sources.path("close_missing_commands")));
            assertEquals(
                    "close the missing section: declare it empty",
                    a.path("recommended_action").asText());
            assertEquals(
                    "loopx todo declare-empty --goal-id g1 --role user",
                    a.at("/interaction_contract/cli_channel/next_cli_actions/0").asText());
        }
    }

    @Nested
    class Reminders {
        @Test
        void givenOpenReminders_whenWorkIsRunnable_thenTheyAreNotifiedWithoutBlocking() {
            ObjectNode a = ask(
                    goal(
                            List.of("a"),
                            SECTIONS,
                            work("t1", ""),
                            userTodo("u1"),
                            userTodo("u2"),
                            userTodo("u3"),
                            userTodo("u4")),
                    "a");
            assertEquals("normal_run", a.path("effective_action").asText());
            assertTrue(a.path("should_run").asBoolean());
            JsonNode user = a.at("/interaction_contract/user_channel");
            assertEquals("NOTIFY", user.path("notify").asText());
            assertFalse(user.path("action_required").asBoolean());
            assertEquals(3, user.path("items").size());
            for (JsonNode item : user.path("items")) {
                assertFalse(item.path("blocking").asBoolean());
                assertEquals("user_action", item.path("task_class").asText());
            }
            assertEquals("NOTIFY", a.at("/heartbeat_recommendation/notify").asText());
        }

        @Test
        void givenNoReminder_whenWorkIsRunnable_thenNothingIsNotified() {
            ObjectNode a = ask(goal(List.of("a"), SECTIONS, work("t1", "")), "a");
            assertEquals(
                    "DONT_NOTIFY",
                    a.at("/interaction_contract/user_channel/notify").asText());
            assertTrue(a.at("/interaction_contract/user_channel/items").isEmpty());
        }
    }

    @Nested
    class Liveness {
        @Test
        void givenAStoppedGoal_whenAsked_thenTheAutomationStopsUntilResumed() {
            ObjectNode a = ask(goal(List.of("a"), SECTIONS, work("t1", ""), new GoalStopped("freeze")), "a");
            assertEquals(
                    "stop_goal_stopped",
                    a.at("/automation_liveness/automation_action").asText());
            assertEquals(
                    "stop_until_explicit_resume", a.at("/scheduler_hint/action").asText());
        }

        @Test
        void givenAPausedQuota_whenAsked_thenTheAutomationStopsUntilResumed() {
            ObjectNode a =
                    ask(goal(List.of("a"), SECTIONS, work("t1", ""), new GoalConfigured(BigDecimal.ZERO, 24, 1)), "a");
            assertEquals(
                    "stop_quota_paused",
                    a.at("/automation_liveness/automation_action").asText());
        }

        @Test
        void givenRunnableWork_whenAsked_thenTheAutomationStaysActive() {
            ObjectNode a = ask(goal(List.of("a"), SECTIONS, work("t1", "")), "a");
            assertEquals(
                    "keep_active_quiet",
                    a.at("/automation_liveness/automation_action").asText());
        }
    }
}
