package dev.loopx.projections.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** §S8: the reset token's basis is written exactly as {@link CanonicalJson} writes the documented tree. */
class ResetBasisPropertyTest {
    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings()
                .withCharRange('\u0000', '\u00ff')
                .withCharRange('\u2000', '\u20ff')
                .withChars('"', '\\', '/', '\u00e9', '\u7f16')
                .ofMaxLength(12);
    }

    @Provide
    Arbitrary<SchedulerHint.Identity> identities() {
        Arbitrary<String> t = texts();
        return Combinators.combine(t, t, t, t, t, t).as(SchedulerHint.Identity::new);
    }

    @Property(tries = 500)
    void basisAndIdentityAreTheCanonicalJsonOfTheDocumentedTrees(
            @ForAll("identities") SchedulerHint.Identity id, @ForAll Cadence cadence) {
        ObjectNode identity = Json.object()
                .put("goal_id", id.goalId())
                .put("agent_id", id.agentId())
                .put("effective_action", id.effectiveAction())
                .put("recommended_mode", id.recommendedMode())
                .put("interaction_mode", id.interactionMode())
                .put("selected_todo_id", id.selectedTodoId());
        ObjectNode basis = Json.object().put("action", cadence.action());
        basis.set("identity_snapshot", identity);
        ObjectNode profile = basis.putObject("profile_snapshot").put("cadence_class", cadence.cadenceClass());
        cadence.localProgression().forEach(profile.putArray("progression")::add);
        assertEquals(CanonicalJson.string(identity), SchedulerHint.identityJson(id));
        assertEquals(CanonicalJson.string(basis), SchedulerHint.basisJson(cadence, id));
        assertEquals(CanonicalJson.sha256Hex(basis).substring(0, 16), SchedulerHint.resetToken(cadence, id));
        assertEquals(CanonicalJson.sha256Hex(identity).substring(0, 12), SchedulerHint.identitySignature(id));
    }
}
