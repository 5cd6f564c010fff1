package dev.loopx.cli.render;

import java.util.Set;

/**
 * What a preview tells a person to do next (ADR 0008): the commands that record work or a decision
 * write unless given {@code --dry-run}, so their preview says to repeat without it; every other
 * write previews unless given {@code --execute}. A document's own {@code next_step} wins.
 */
final class Previews {
    /** The documents of the write-first commands (they preview only with {@code --dry-run}). */
    private static final Set<String> DRY_RUN = Set.of(
            "loopx_connect_v0",
            "loopx_todo_add_v0",
            "loopx_todo_claim_v0",
            "loopx_todo_update_v0",
            "loopx_todo_complete_v0",
            "loopx_todo_supersede_v0",
            "loopx_todo_declare_empty_v0",
            "loopx_todo_checkpoint_v0",
            "loopx_operator_gate_v0",
            "loopx_reward_v0",
            "loopx_refresh_state_v0",
            "loopx_slash_command_install_v0");

    private Previews() {}

    /** What to do next after a preview of a document of {@code schemaVersion} that has no {@code next_step}. */
    static String next(String schemaVersion) {
        return DRY_RUN.contains(schemaVersion)
                ? "repeat the command without --dry-run to record it"
                : "repeat the command with --execute to record it";
    }

    /** The same for a document whose {@code next_step} is {@code nextStep}. */
    static String next(String schemaVersion, String nextStep) {
        return nextStep.startsWith("add --execute") ? next(schemaVersion) : Words.pasteable(nextStep);
    }
}
