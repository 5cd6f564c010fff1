package dev.loopx.projections.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
import dev.loopx.projections.todo.TodoView;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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

    private static ShouldRunAnswer answer(GoalState s, String agent, Instant now) {
        return ShouldRun.answer(
                s,
                SchedulerView.empty("g1", agent, "codex_app"),
                new ShouldRun.Request(
                        "g1", agent, Optional.of(RuntimeProfile.CODEX_APP_HEARTBEAT), List.of(), "", "", now));
    }

    private static SchedulerHint hint(GoalState s, String agent, Instant now) {
        return answer(s, agent, now).schedulerHint();
    }

    @Property(tries = 200)
    void sameStateSameToken(@ForAll("histories") List<LoopxEvent> events, @ForAll("agents") String agent) {
        GoalState s = fold(events);
        assertEquals(hint(s, agent, Histories.NOW), hint(s, agent, Histories.NOW));
        assertEquals(
                hint(s, agent, Histories.NOW).backoff().resetToken(),
                hint(fold(events), agent, Histories.NOW).backoff().resetToken());
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
        ShouldRunAnswer a1 = answer(s1, agentOne, Histories.NOW);
        ShouldRunAnswer a2 = answer(s2, agentTwo, Histories.NOW);
        SchedulerHint h1 = a1.schedulerHint();
        SchedulerHint h2 = a2.schedulerHint();
        boolean sameIdentity = agentOne.equals(agentTwo)
                && a1.effectiveAction() == a2.effectiveAction()
                && a1.selectedTodo()
                        .map(TodoView::todoId)
                        .equals(a2.selectedTodo().map(TodoView::todoId))
                && a1.recommendedMode().equals(a2.recommendedMode())
                && h1.cadence().cadenceClass().equals(h2.cadence().cadenceClass());
        if (sameIdentity) {
            assertEquals(h1.backoff().resetToken(), h2.backoff().resetToken());
        } else {
            assertNotEquals(h1.backoff().resetToken(), h2.backoff().resetToken());
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
