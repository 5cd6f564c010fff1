// Generated from the @Option annotations of ShouldRunCommand by QuickOptionsTest; do not edit.
// Regenerate: ./mvnw -q -o -pl cli test -Dtest=QuickOptionsTest -Dloopx.regenerate=true
package dev.loopx.cli.quota;

import dev.loopx.cli.support.QuickCommand;

/** The quick path's tables of {@link ShouldRunCommand} (its options, how each binds, its groups' rules). */
public final class ShouldRunCommandQuickOptions {
    public static final QuickCommand.Options OPTIONS = QuickCommand.Options.of("--goal-id", "--agent-id", "--runtime-profile", "--include-detail", "--turn-instance-id", "--codex-home", "--app-automation-current-rrule")
            .lists("--available-capability")
            .flags("-A")
            .required("--goal-id")
            .alias("--codex-app", "-A");

    private ShouldRunCommandQuickOptions() {}

    /** Sets {@code option} (its first name) as picocli would; {@code value} is null for a flag. */
    public static void bind(ShouldRunCommand c, String option, String value) {
        switch (option) {
            case "--goal-id" -> c.goalId = value;
            case "--agent-id" -> c.agentId = value;
            case "--runtime-profile" -> c.runtimeProfile = value;
            case "-A" -> c.codexApp = true;
            case "--available-capability" -> c.capabilities.add(value);
            case "--include-detail" -> c.includeDetail = value;
            case "--turn-instance-id" -> c.turnInstanceId = value;
            case "--codex-home" -> c.codexHome = value;
            case "--app-automation-current-rrule" -> c.currentRrule = value;
            default -> throw new IllegalArgumentException(option);
        }
    }

    /** The argument groups' rules picocli checks beyond required options. */
    public static boolean complete(ShouldRunCommand c) {
        return true;
    }
}
