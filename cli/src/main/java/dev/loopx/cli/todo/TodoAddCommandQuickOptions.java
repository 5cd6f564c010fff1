// Generated from the @Option annotations of TodoAddCommand by QuickOptionsTest; do not edit.
// Regenerate: ./mvnw -q -o -pl cli test -Dtest=QuickOptionsTest -Dloopx.regenerate=true
package dev.loopx.cli.todo;

import dev.loopx.cli.support.QuickCommand;

/** The quick path's tables of {@link TodoAddCommand} (its options, how each binds, its groups' rules). */
public final class TodoAddCommandQuickOptions {
    public static final QuickCommand.Options OPTIONS = QuickCommand.Options.of("--role", "--text", "--text-file", "--task-class", "--priority", "--claimed-by", "--blocks-agent", "--resume-when", "--unblocks-todo-id", "--monitor-target-key", "--monitor-cadence-minutes", "--monitor-next-due-at", "--monitor-expires-at")
            .lists("--excluded-agent", "--required-capability")
            .flags("--global-gate", "--watch-only")
            .required("--role")
            .and(TodoWriteCommandQuickOptions.OPTIONS);

    private TodoAddCommandQuickOptions() {}

    /** Sets {@code option} (its first name) as picocli would; {@code value} is null for a flag. */
    public static void bind(TodoAddCommand c, String option, String value) {
        switch (option) {
            case "--role" -> c.role = value;
            case "--text" -> (c.text == null ? (c.text = new TodoAddCommand.Text()) : c.text).inline = value;
            case "--text-file" -> (c.text == null ? (c.text = new TodoAddCommand.Text()) : c.text).file = value;
            case "--task-class" -> c.taskClass = value;
            case "--priority" -> c.priority = value;
            case "--claimed-by" -> c.claimedBy = value;
            case "--blocks-agent" -> (c.scope == null ? (c.scope = new TodoAddCommand.GateScope()) : c.scope).blocksAgent = value;
            case "--global-gate" -> (c.scope == null ? (c.scope = new TodoAddCommand.GateScope()) : c.scope).global = true;
            case "--excluded-agent" -> c.excludedAgents.add(value);
            case "--resume-when" -> c.resumeWhen = value;
            case "--required-capability" -> c.requiredCapabilities.add(value);
            case "--unblocks-todo-id" -> c.unblocksTodoId = value;
            case "--monitor-target-key" -> c.monitorTargetKey = value;
            case "--monitor-cadence-minutes" -> c.monitorCadence = value;
            case "--monitor-next-due-at" -> c.monitorNextDueAt = value;
            case "--monitor-expires-at" -> c.monitorExpiresAt = value;
            case "--watch-only" -> c.watchOnly = true;
            default -> TodoWriteCommandQuickOptions.bind(c, option, value);
        }
    }

    /** The argument groups' rules picocli checks beyond required options. */
    public static boolean complete(TodoAddCommand c) {
        return (((c.text != null && c.text.inline != null ? 1 : 0) + (c.text != null && c.text.file != null ? 1 : 0)) <= 1
            && ((c.text != null && c.text.inline != null ? 1 : 0) + (c.text != null && c.text.file != null ? 1 : 0)) >= 1
            && ((c.scope != null && c.scope.blocksAgent != null ? 1 : 0) + (c.scope != null && c.scope.global ? 1 : 0)) <= 1)
            && TodoWriteCommandQuickOptions.complete(c);
    }
}
