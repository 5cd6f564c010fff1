package dev.loopx.commands.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every labelled sample of the shared corpus gets the verdict it is labelled with. */
class PublicTextCorpusTest {
    static List<PublicTextCorpus> samples() {
        return PublicTextCorpus.samples();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void everyCorpusSampleGetsItsLabelledVerdict(PublicTextCorpus sample) {
        Optional<PublicTextViolation> violation = PublicText.check("text", sample.text());
        assertEquals(
                sample.expectReject(),
                violation.isPresent(),
                () -> sample + " -> "
                        + violation.map(PublicTextViolation::message).orElse("accepted"));
        violation.ifPresent(v -> assertEquals(expectedErrorCode(sample.kind()), v.errorCode(), sample::toString));
    }

    /** Malformed-but-harmless text is bad input like any other; everything else crosses the boundary. */
    private static String expectedErrorCode(String kind) {
        return Set.of("blank", "too_long", "control").contains(kind)
                ? PublicTextViolation.INVALID_VALUE
                : PublicTextViolation.PUBLIC_BOUNDARY_VIOLATION;
    }

    @Test
    void theCorpusCoversBothDirectionsWithAtLeastThirtySamplesEach() {
        long rejects = samples().stream().filter(PublicTextCorpus::expectReject).count();
        long accepts = samples().size() - rejects;
        assertTrue(rejects >= 30, "rejects: " + rejects);
        assertTrue(accepts >= 30, "accepts: " + accepts);
        assertFalse(samples().stream().anyMatch(s -> s.note().isBlank()), "every sample explains itself");
    }
}
