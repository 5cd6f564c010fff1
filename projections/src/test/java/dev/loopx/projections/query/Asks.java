package dev.loopx.projections.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.ShouldRun.Verdict;
import dev.loopx.projections.query.ShouldRunRule.Ask;
import dev.loopx.projections.quota.QuotaStatus;
import java.util.List;
import java.util.Optional;

/**
 * What the should-run rule tests ask, built as {@link ShouldRun#answer} builds it (frontier and
 * quota at the request's {@code now}), and the three things they check: a rule fires, a rule
 * decides, an earlier rule wins over a later one that fires too.
 */
final class Asks {
    private Asks() {}

    /** Lane {@code a} on a Codex CLI host, declaring no capabilities, at {@link Histories#NOW}. */
    static Ask ask(GoalState s) {
        return ask(s, Histories.request("a", "codex_cli"));
    }

    static Ask ask(GoalState s, ShouldRun.Request r) {
        Frontier f = Frontier.of(s, r.agentId(), r.capabilities(), r.now());
        return Ask.of(s, r, f, QuotaStatus.at(s.goal().quota(), s.quota(), r.now()));
    }

    /** Lane {@code agent} on a Codex CLI host declaring {@code capabilities}, at {@link Histories#NOW}. */
    static Ask ask(GoalState s, String agent, List<String> capabilities) {
        return ask(
                s,
                new ShouldRun.Request(
                        Histories.GOAL,
                        agent,
                        Optional.of(RuntimeProfile.CODEX_CLI),
                        capabilities,
                        "",
                        "",
                        Histories.NOW));
    }

    static Verdict decide(Ask a) {
        return ShouldRun.decide(a.state(), a.request(), a.frontier(), a.quota());
    }

    /** {@code rule} answers {@code a}, with its own effective action. */
    static Verdict assertFires(ShouldRunRule rule, Ask a) {
        Optional<Verdict> v = rule.answer(a);
        assertTrue(v.isPresent(), rule + " should fire");
        assertEquals(rule.action(), v.get().effectiveAction());
        return v.get();
    }

    /** {@code rule} fires and {@link ShouldRun#decide} gives exactly its verdict. */
    static Verdict assertDecides(ShouldRunRule rule, Ask a) {
        Verdict v = assertFires(rule, a);
        assertEquals(v, decide(a));
        return v;
    }

    /** Both rules fire on {@code a}, and the earlier one decides. */
    static void assertWinsOver(ShouldRunRule earlier, ShouldRunRule later, Ask a) {
        assertTrue(earlier.ordinal() < later.ordinal(), earlier + " is listed before " + later);
        assertFires(later, a);
        assertDecides(earlier, a);
    }
}
