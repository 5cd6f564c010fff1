package dev.loopx.host.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.commands.privacy.PublicText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The guided start's plan is deterministic: P0 the goal text verbatim, P1 its verification. */
class StartGoalPlanTest {
    @Test
    void goalTextIsTheP0TodoVerbatim_andVerificationFollows() {
        String text = "  fix issue triage\n(keep labels)  ";
        List<StartGoalPlan.PlannedTodo> plan = StartGoalPlan.plan(text);
        assertEquals(
                List.of("P0", "P1"),
                plan.stream().map(StartGoalPlan.PlannedTodo::priority).toList());
        assertEquals(text, plan.get(0).text());
        assertEquals(
                "Verify and record evidence for: fix issue triage (keep labels)",
                plan.get(1).text());
        assertEquals(plan, StartGoalPlan.plan(text), "same text, same plan");
    }

    @Test
    void longGoalText_keepsTheVerificationTodoShortAndPublicSafe() {
        String text = "word ".repeat(700).strip();
        StartGoalPlan.PlannedTodo verify = StartGoalPlan.plan(text).get(1);
        assertTrue(verify.text().length() <= StartGoalPlan.VERIFY_PREFIX.length() + StartGoalPlan.VERIFY_EXCERPT);
        assertTrue(verify.text().endsWith("…"));
        assertTrue(PublicText.check("--text", verify.text()).isEmpty());
    }
}
