// Generated from the @Option annotations of GoalWriteCommand by QuickOptionsTest; do not edit.
// Regenerate: ./mvnw -q -o -pl cli test -Dtest=QuickOptionsTest -Dloopx.regenerate=true
package dev.loopx.cli.support;

/** The quick path's tables of {@link GoalWriteCommand} (its options, how each binds, its groups' rules). */
public final class GoalWriteCommandQuickOptions {
    public static final QuickCommand.Options OPTIONS = QuickCommand.Options.of("--goal-id", "--operation-id")
            .required("--goal-id");

    private GoalWriteCommandQuickOptions() {}

    /** Sets {@code option} (its first name) as picocli would; {@code value} is null for a flag. */
    public static void bind(GoalWriteCommand c, String option, String value) {
        switch (option) {
            case "--goal-id" -> c.goalId = value;
            case "--operation-id" -> c.operationId = value;
            default -> throw new IllegalArgumentException(option);
        }
    }

    /** The argument groups' rules picocli checks beyond required options. */
    public static boolean complete(GoalWriteCommand c) {
        return true;
    }
}
