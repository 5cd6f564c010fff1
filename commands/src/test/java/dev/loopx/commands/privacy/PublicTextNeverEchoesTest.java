package dev.loopx.commands.privacy;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A refusal is printed, logged and shown to agents, so it must carry nothing of the refused value. */
class PublicTextNeverEchoesTest {
    private static final int WINDOW = 8;

    static java.util.List<PublicTextCorpus> rejects() {
        return PublicTextCorpus.rejects();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejects")
    void aRejectionNeverContainsTheRejectedTextOrAnyEightCharacterPieceOfIt(PublicTextCorpus sample) {
        PublicTextViolation violation = PublicText.check("text", sample.text()).orElseThrow();
        String shown = violation.message() + "\n" + violation.hint() + "\n" + violation;
        for (int i = 0; i + WINDOW <= sample.text().length(); i++) {
            String piece = sample.text().substring(i, i + WINDOW);
            if (!piece.isBlank() && !isRepeatedCharacter(piece)) {
                assertFalse(shown.contains(piece), sample + " leaked the piece \"" + piece + "\": " + shown);
            }
        }
    }

    /** {@code "xxxxxxxx"} from the too-long sample is no secret; skipping it keeps the check honest elsewhere. */
    private static boolean isRepeatedCharacter(String piece) {
        return piece.chars().distinct().count() == 1;
    }
}
