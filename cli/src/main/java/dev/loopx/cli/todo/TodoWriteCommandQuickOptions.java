// Generated from the @Option annotations of TodoWriteCommand by QuickOptionsTest; do not edit.
// Regenerate: ./mvnw -q -o -pl cli test -Dtest=QuickOptionsTest -Dloopx.regenerate=true
package dev.loopx.cli.todo;

import dev.loopx.cli.support.DryRunCommandQuickOptions;
import dev.loopx.cli.support.QuickCommand;

/** The quick path's tables of {@link TodoWriteCommand} (its options, how each binds, its groups' rules). */
public final class TodoWriteCommandQuickOptions {
    public static final QuickCommand.Options OPTIONS = QuickCommand.Options.of("--agent-id")
            .and(DryRunCommandQuickOptions.OPTIONS);

    private TodoWriteCommandQuickOptions() {}

    /** Sets {@code option} (its first name) as picocli would; {@code value} is null for a flag. */
    public static void bind(TodoWriteCommand c, String option, String value) {
        switch (option) {
            case "--agent-id" -> c.agentId = value;
            default -> DryRunCommandQuickOptions.bind(c, option, value);
        }
    }

    /** The argument groups' rules picocli checks beyond required options. */
    public static boolean complete(TodoWriteCommand c) {
        return (true)
            && DryRunCommandQuickOptions.complete(c);
    }
}
