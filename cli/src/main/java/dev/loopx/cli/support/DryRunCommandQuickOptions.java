// Generated from the @Option annotations of DryRunCommand by QuickOptionsTest; do not edit.
// Regenerate: ./mvnw -q -o -pl cli test -Dtest=QuickOptionsTest -Dloopx.regenerate=true
package dev.loopx.cli.support;

/** The quick path's tables of {@link DryRunCommand} (its options, how each binds, its groups' rules). */
public final class DryRunCommandQuickOptions {
    public static final QuickCommand.Options OPTIONS = QuickCommand.Options.of()
            .flags("--dry-run")
            .and(GoalWriteCommandQuickOptions.OPTIONS);

    private DryRunCommandQuickOptions() {}

    /** Sets {@code option} (its first name) as picocli would; {@code value} is null for a flag. */
    public static void bind(DryRunCommand c, String option, String value) {
        switch (option) {
            case "--dry-run" -> c.dryRun = true;
            default -> GoalWriteCommandQuickOptions.bind(c, option, value);
        }
    }

    /** The argument groups' rules picocli checks beyond required options. */
    public static boolean complete(DryRunCommand c) {
        return (true)
            && GoalWriteCommandQuickOptions.complete(c);
    }
}
