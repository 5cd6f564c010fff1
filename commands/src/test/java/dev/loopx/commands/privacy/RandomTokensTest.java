package dev.loopx.commands.privacy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The documented detection rate of unprefixed random tokens holds, and word-made strings pass. */
class RandomTokensTest {
    private static final String BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    @Test
    void randomBase64UrlTokensOf32CharactersAreCaughtAtLeast90PercentOfTheTime() {
        Random random = new Random(42);
        int caught = 0;
        int trials = 2_000;
        for (int i = 0; i < trials; i++) {
            StringBuilder token = new StringBuilder();
            for (int j = 0; j < RandomTokens.MIN_LENGTH; j++) {
                token.append(BASE64URL.charAt(random.nextInt(BASE64URL.length())));
            }
            caught += RandomTokens.occursIn("value " + token + " here") ? 1 : 0;
        }
        assertTrue(caught >= trials * 0.9, "caught " + caught + " of " + trials);
    }

    @Test
    void longIdentifiersCommitIdsAndUuidsAreNotTokens() {
        assertFalse(RandomTokens.occursIn("ConfigureGoalCommandTest_rejectsNegativeQuota2"));
        assertFalse(RandomTokens.occursIn("3f786850e387550fdab836ed7e6dc881de23001b"));
        assertFalse(RandomTokens.occursIn("123e4567-e89b-12d3-a456-426614174000"));
        assertFalse(RandomTokens.occursIn("sha256:" + "ab12".repeat(16)));
    }

    @Test
    void hexOfOtherLengthsOrUnlabelledDigestsAreTokens() {
        assertTrue(RandomTokens.occursIn("ab12".repeat(8)));
        assertTrue(RandomTokens.occursIn("value " + "ab12".repeat(16)));
    }
}
