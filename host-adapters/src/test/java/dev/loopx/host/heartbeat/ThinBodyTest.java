package dev.loopx.host.heartbeat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.projections.query.RuntimeProfile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThinBodyTest {
    static String longId(char c) {
        return String.valueOf(c).repeat(160);
    }

    /** The largest request accepted: 160-character ids, a 320-character scope, 8 capabilities of 40. */
    static ThinBody.Request worstCase() {
        List<String> caps = new ArrayList<>();
        for (int i = 0; i < ThinBody.MAX_CAPABILITIES; i++) {
            caps.add(i + "c".repeat(ThinBody.MAX_CAPABILITY_CHARS - 1));
        }
        return new ThinBody.Request(
                longId('g'),
                longId('a'),
                "s".repeat(ThinBody.MAX_SCOPE_CHARS),
                caps,
                "loopx",
                RuntimeProfile.CODEX_APP_HEARTBEAT,
                longId('t'));
    }

    @Test
    void theWorstCaseBodyStaysWithinItsBudget() {
        String body = ThinBody.render(worstCase());
        assertTrue(ThinBody.chars(body) <= ThinBody.MAX_CHARS, () -> ThinBody.chars(body) + " chars");
    }

    @Test
    void theBodyTeachesTheWholeTurnLoop() {
        String body = ThinBody.render(new ThinBody.Request(
                "g1", "builder", "", List.of("shell"), "loopx", RuntimeProfile.CODEX_APP_HEARTBEAT, ""));
        assertTrue(
                body.contains(
                        "loopx quota should-run --goal-id g1 --agent-id builder --runtime-profile codex_app_heartbeat"
                                + " --available-capability shell\n"),
                body);
        for (String part : List.of(
                "interaction_contract",
                "claim_required_before_work",
                "todo claim",
                "refresh-state",
                "spend-slot",
                "validated delivery",
                "recommended_rrule",
                "apply_needed=true",
                "ack_hint.cli_args",
                "NOTIFY",
                "DONT_NOTIFY",
                "never decides whether you work",
                "Never fall back to remembered rules")) {
            assertTrue(body.contains(part), () -> "missing " + part + " in\n" + body);
        }
    }

    @Test
    void scopesAreCollapsedAndGuarded() {
        assertEquals(
                "backend API; docs only", ThinBody.normalizeScope(List.of("  backend \n\t API ", "docs   only", "  ")));
        assertEquals(
                "invalid_value", ThinBody.scopeProblem("a <b>").orElseThrow().errorCode());
        assertEquals(
                "invalid_value",
                ThinBody.scopeProblem("x".repeat(321)).orElseThrow().errorCode());
        assertTrue(ThinBody.scopeProblem("x".repeat(320)).isEmpty());
        assertEquals(
                "public_boundary_violation",
                ThinBody.scopeProblem("see /home/me/secret.txt").orElseThrow().errorCode());
        assertEquals(
                "public_boundary_violation",
                ThinBody.scopeProblem("token ghp_abcdefghijklmnopqrstuvwxyz0123456789")
                        .orElseThrow()
                        .errorCode());
    }
}
