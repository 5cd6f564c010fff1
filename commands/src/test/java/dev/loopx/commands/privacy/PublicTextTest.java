package dev.loopx.commands.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.commands.privacy.PublicTextViolation.Reason;
import org.junit.jupiter.api.Test;

/** The contract of the validator beyond the corpus: limits, optional fields, precedence, wording. */
class PublicTextTest {
    @Test
    void aMissingRequiredValueIsInvalid() {
        PublicTextViolation violation = PublicText.check("--text", null).orElseThrow();
        assertEquals(Reason.BLANK, violation.reason());
        assertEquals("invalid_value", violation.errorCode());
        assertEquals("--text is required and must not be blank", violation.message());
    }

    @Test
    void aPathArgumentMayLookRandomButMayNotCarryACredential() {
        // a JUnit temp folder and an upgrade snapshot name: random-looking, no secret
        String snapshot =
                "/tmp/junit-8819283746152837465/app/.loopx/private/upgrades/2026-12-02T071500123456789Z-b3e518894880-snapshot.json";
        assertEquals(
                Reason.RANDOM_TOKEN,
                PublicText.check("--plan-file", snapshot).orElseThrow().reason());
        assertTrue(PublicText.checkPathArgument("--plan-file", snapshot).isEmpty());
        assertTrue(PublicText.checkPathArgument("--plan-file", "/nix/store/0c9fyz1m3qv8ki2jh4vn5x7lw6prdsbt-jdk/bin")
                .isEmpty());
        assertEquals(
                Reason.PROVIDER_KEY,
                PublicText.checkPathArgument("--plan-file", "/tmp/ghp_FAKE0123456789abcdefghijklmnopqrstuv/plan.json")
                        .orElseThrow()
                        .reason());
    }

    @Test
    void anAbsentOptionalValueIsAccepted() {
        assertTrue(PublicText.checkOptional("--reason", null).isEmpty());
        assertTrue(PublicText.checkOptional("--reason", "").isEmpty());
        assertEquals(
                Reason.BLANK,
                PublicText.checkOptional("--reason", "  ").orElseThrow().reason());
    }

    @Test
    void theLengthLimitCountsCodePointsNotUtf16Units() {
        String rockets = "🚀".repeat(PublicText.MAX_LENGTH);
        assertTrue(PublicText.check("--text", rockets).isEmpty());
        assertEquals(
                Reason.TOO_LONG,
                PublicText.check("--text", rockets + "!").orElseThrow().reason());
    }

    @Test
    void aSecretIsReportedBeforeTheTextIsTooLong() {
        String paste = "x ".repeat(PublicText.MAX_LENGTH) + " ghp_FAKE0123456789abcdefghijklmnopqrstuv";
        assertEquals(
                Reason.PROVIDER_KEY,
                PublicText.check("--text", paste).orElseThrow().reason());
    }

    @Test
    void exactlyTheMaximumNumberOfLinesIsStillAccepted() {
        String lines = "step\n".repeat(PublicText.MAX_LINES);
        assertTrue(PublicText.check("--text", lines).isEmpty());
        assertEquals(
                Reason.TOOL_OUTPUT,
                PublicText.check("--text", lines + "one more").orElseThrow().reason());
    }

    @Test
    void aRejectionNamesTheFieldAndTellsWhatToDoInstead() {
        PublicTextViolation violation =
                PublicText.check("--evidence-summary", "api_key=FAKE-0000").orElseThrow();
        assertEquals("public_boundary_violation", violation.errorCode());
        assertTrue(violation.message().startsWith("--evidence-summary "), violation.message());
        assertTrue(violation.hint().contains("$API_KEY"), violation.hint());
    }

    @Test
    void everyReasonHasAnErrorCodeDescriptionAndHint() {
        for (Reason reason : Reason.values()) {
            PublicTextViolation violation = new PublicTextViolation("f", reason);
            assertTrue(violation.errorCode().equals("invalid_value")
                    || violation.errorCode().equals("public_boundary_violation"));
            assertTrue(!violation.message().isBlank() && !violation.hint().isBlank(), reason::name);
        }
    }
}
