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

    @Test
    void dashedHexIsJudgedPieceByPiece() {
        Fakes f = new Fakes(3);
        assertTrue(RandomTokens.occursIn("key v1.0-" + f.hex(24) + "-" + f.hex(146)));
        assertFalse(RandomTokens.occursIn("deadbeef-cafe-" + f.hex(12) + "-" + f.hex(12)));
        assertFalse(RandomTokens.occursIn("range " + f.hex(40) + "-" + f.hex(16)));
    }

    @Test
    void base64OfASentenceIsNotATokenButBase64OfASecretStillIs() {
        String sentence = base64("the quick brown fox jumps over the lazy dog");
        assertFalse(RandomTokens.occursIn("echo " + sentence + " | base64 -d", decoded -> false));
        assertFalse(PublicText.check("--text", "payload: " + sentence).isPresent());
        assertFalse(PublicText.check("--text", "data:text/plain;base64," + base64("Build passed on main."))
                .isPresent());

        String secret = base64("the deploy password is Falcon42x for prod");
        assertTrue(PublicText.check("--text", "echo " + secret + " | base64 -d").isPresent());
        String transcript = base64("User: fix the build please\nAssistant: done, the tests pass now");
        assertTrue(PublicText.check("--text", transcript).isPresent());
        String credentials = base64("deploy-bot:" + new Fakes(9).password() + new Fakes(9).alnum(12));
        assertTrue(RandomTokens.occursIn("auth " + credentials, decoded -> false), "user:pass has no space: a token");
    }

    private static String base64(String text) {
        return java.util.Base64.getEncoder().encodeToString(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
