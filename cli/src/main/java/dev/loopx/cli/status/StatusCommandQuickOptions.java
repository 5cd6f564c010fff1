// Generated from the @Option annotations of StatusCommand by QuickOptionsTest; do not edit.
// Regenerate: ./mvnw -q -o -pl cli test -Dtest=QuickOptionsTest -Dloopx.regenerate=true
package dev.loopx.cli.status;

import dev.loopx.cli.support.QuickCommand;

/** The quick path's tables of {@link StatusCommand} (its options, how each binds, its groups' rules). */
public final class StatusCommandQuickOptions {
    public static final QuickCommand.Options OPTIONS = QuickCommand.Options.of("--goal-id", "--agent-id");

    private StatusCommandQuickOptions() {}

    /** Sets {@code option} (its first name) as picocli would; {@code value} is null for a flag. */
    public static void bind(StatusCommand c, String option, String value) {
        switch (option) {
            case "--goal-id" -> c.goalId = value;
            case "--agent-id" -> c.agentId = value;
            default -> throw new IllegalArgumentException(option);
        }
    }

    /** The argument groups' rules picocli checks beyond required options. */
    public static boolean complete(StatusCommand c) {
        return true;
    }
}
