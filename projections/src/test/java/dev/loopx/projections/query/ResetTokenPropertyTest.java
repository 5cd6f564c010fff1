package dev.loopx.projections.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalResumed;
import dev.loopx.ledger.event.GoalStopped;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.scheduler.SchedulerView;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * §S8: the same state gives the same reset token; a change of selected todo, effective action or
 * agent gives another one.
 */
class ResetTokenPropertyTest {
    private static final List<String> AGENTS = List.of("a", "b");
    private static final List<String> IDS = List.of("t1", "t2", "t3", "t4", "t5");

    @Provide
    Arbitrary<List<LoopxEvent>> histories() {
        Arbitrary<String> id = Arbitraries.of(IDS);
        Arbitrary<LoopxEvent> add = Combinators.combine(
                        id,
                        Arbitraries.of("agent", "user"),
                        Arbitraries.of("advancement_task", "continuous_monitor", "user_gate"),
                        Arbitraries.of("", "a", "b"),
                        Arbitraries.of("P0", "P1", "P2"))
                .as((i, role, cls, claim, prio) -> new TodoAdded(
                        i,
                        role,
                        "text " + i,
                        role.equals("user") ? "user_gate" : cls,
                        prio,
                        role.equals("user") ? "" : claim,
                        role.equals("user") ? claim : "",
                        false,
                        List.of(),
                        "",
                        ""));
        Arbitrary<LoopxEvent> complete = Combinators.combine(id, Arbitraries.of(true, false))
                .as((i, nf) -> new TodoCompleted(i, "ev", nf, "", List.of()));
        Arbitrary<LoopxEvent> claim =
                Combinators.combine(id, Arbitraries.of(AGENTS)).as(TodoClaimed::new);
        Arbitrary<LoopxEvent> defer =
                Combinators.combine(id, id).as((i, j) -> new TodoUpdated(i, "text " + i, "deferred", "todo_done:" + j));
        Arbitrary<LoopxEvent> misc = Arbitraries.of(
                new GoalStopped("x"),
                new GoalResumed("y"),
                new GoalConfigured(BigDecimal.ZERO, 24, 1),
                new GoalConfigured(BigDecimal.ONE, 24, 1),
                new TodoSectionDeclaredEmpty("user"));
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(5, add),
                        net.jqwik.api.Tuple.of(3, complete),
                        net.jqwik.api.Tuple.of(2, claim),
                        net.jqwik.api.Tuple.of(1, defer),
                        net.jqwik.api.Tuple.of(1, misc))
                .list()
                .ofMaxSize(15);
    }

    private static GoalState fold(List<LoopxEvent> events) {
        // Events about todos that were never added are simply ignored by the folds.
        return Histories.goal(AGENTS, events.toArray(LoopxEvent[]::new));
    }

    private static JsonNode hint(GoalState s, String agent, Instant now) {
        return ShouldRun.answer(
                        s,
                        SchedulerView.empty("g1", agent, "codex_app"),
                        new ShouldRun.Request("g1", agent, "codex_app_heartbeat", List.of(), "", "", now))
                .path("scheduler_hint");
    }

    @Property(tries = 200)
    void sameStateSameToken(@ForAll("histories") List<LoopxEvent> events, @ForAll("agents") String agent) {
        GoalState s = fold(events);
        assertEquals(hint(s, agent, Histories.NOW), hint(s, agent, Histories.NOW));
        assertEquals(
                hint(s, agent, Histories.NOW).at("/reset_policy/reset_token"),
                hint(fold(events), agent, Histories.NOW).at("/reset_policy/reset_token"));
    }

    @Provide
    Arbitrary<String> agents() {
        return Arbitraries.of(AGENTS);
    }

    /** Two asks differ in token exactly when their identity or cadence differ. */
    @Property(tries = 200)
    void tokenFollowsIdentity(
            @ForAll("histories") List<LoopxEvent> first,
            @ForAll("histories") List<LoopxEvent> second,
            @ForAll("agents") String agentOne,
            @ForAll("agents") String agentTwo) {
        GoalState s1 = fold(first);
        GoalState s2 = fold(second);
        JsonNode h1 = hint(s1, agentOne, Histories.NOW);
        JsonNode h2 = hint(s2, agentTwo, Histories.NOW);
        var a1 = ShouldRun.answer(
                s1,
                SchedulerView.empty("g1", agentOne, "codex_app"),
                new ShouldRun.Request("g1", agentOne, "codex_app_heartbeat", List.of(), "", "", Histories.NOW));
        var a2 = ShouldRun.answer(
                s2,
                SchedulerView.empty("g1", agentTwo, "codex_app"),
                new ShouldRun.Request("g1", agentTwo, "codex_app_heartbeat", List.of(), "", "", Histories.NOW));
        boolean sameIdentity = agentOne.equals(agentTwo)
                && a1.path("effective_action").equals(a2.path("effective_action"))
                && a1.at("/selected_todo/todo_id").equals(a2.at("/selected_todo/todo_id"))
                && a1.at("/heartbeat_recommendation/recommended_mode")
                        .equals(a2.at("/heartbeat_recommendation/recommended_mode"))
                && h1.path("cadence_class").equals(h2.path("cadence_class"));
        if (sameIdentity) {
            assertEquals(h1.at("/reset_policy/reset_token"), h2.at("/reset_policy/reset_token"));
        } else {
            assertNotEquals(h1.at("/reset_policy/reset_token"), h2.at("/reset_policy/reset_token"));
        }
    }

    @Property(tries = 300)
    void changingSelectedTodoActionOrAgentChangesTheToken(
            @ForAll("identities") SchedulerHint.Identity id, @ForAll("cadences") Cadence cadence) {
        String token = SchedulerHint.resetToken(cadence, id);
        List<SchedulerHint.Identity> changed = new ArrayList<>();
        changed.add(new SchedulerHint.Identity(
                id.goalId(),
                id.agentId(),
                id.effectiveAction(),
                id.recommendedMode(),
                id.interactionMode(),
                id.selectedTodoId() + "x"));
        changed.add(new SchedulerHint.Identity(
                id.goalId(),
                id.agentId(),
                id.effectiveAction() + "_other",
                id.recommendedMode(),
                id.interactionMode(),
                id.selectedTodoId()));
        changed.add(new SchedulerHint.Identity(
                id.goalId(),
                id.agentId() + "x",
                id.effectiveAction(),
                id.recommendedMode(),
                id.interactionMode(),
                id.selectedTodoId()));
        for (SchedulerHint.Identity other : changed) {
            assertNotEquals(token, SchedulerHint.resetToken(cadence, other), other.toString());
            assertNotEquals(SchedulerHint.identitySignature(id), SchedulerHint.identitySignature(other));
        }
        assertEquals(
                token,
                SchedulerHint.resetToken(
                        cadence,
                        new SchedulerHint.Identity(
                                id.goalId(),
                                id.agentId(),
                                id.effectiveAction(),
                                id.recommendedMode(),
                                id.interactionMode(),
                                id.selectedTodoId())));
    }

    @Provide
    Arbitrary<SchedulerHint.Identity> identities() {
        Arbitrary<String> word =
                Arbitraries.strings().alpha().numeric().withChars('_', '-').ofMaxLength(12);
        return Combinators.combine(
                        word,
                        word,
                        Arbitraries.of(
                                "normal_run",
                                "operator_gate_notify",
                                "quota_skip",
                                "monitor_due",
                                "peer_coordination_blocked"),
                        Arbitraries.of("work", "quiet_wait", "monitor"),
                        word)
                .as((g, a, action, mode, todo) -> new SchedulerHint.Identity(g, a, action, mode, mode, todo));
    }

    @Provide
    Arbitrary<Cadence> cadences() {
        return Arbitraries.of(Cadence.class);
    }
}
