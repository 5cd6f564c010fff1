package dev.loopx.cli.support;

/**
 * Bridge to the privacy guard of SPEC §S14 (credentials, private keys, tokens, transcripts).
 * Kept in one place so every free-text option uses the same validator.
 */
final class PublicBoundary {
    private PublicBoundary() {}

    static void check(String option, String text) {
        // Replaced by the shared validator from dev.loopx.commands.privacy when it lands.
    }
}
