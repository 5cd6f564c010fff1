package dev.loopx.commands.monitor;

import dev.loopx.commands.todo.TodoCommands.AddTodo;
import java.util.Objects;

/** The monitor commands (issue 21). Empty strings mean "not given"; values are validated by the parser. */
public final class MonitorCommands {
    private MonitorCommands() {}

    /** Every monitor command; {@link MonitorDecider} decides each one. */
    public sealed interface MonitorCommand permits AddMonitor, PollMonitor {
        String goalId();
    }

    /** {@code todo add --task-class monitor_task} with watch settings: the todo and its settings in one append. */
    public record AddMonitor(AddTodo add, MonitorSettings settings) implements MonitorCommand {
        public AddMonitor {
            Objects.requireNonNull(add, "add");
            Objects.requireNonNull(settings, "settings");
        }

        public String goalId() {
            return add.goalId();
        }
    }

    /**
     * {@code quota monitor-poll}: one poll receipt.
     *
     * @param resultDigest a digest of what was observed
     * @param nextDueAt the lane's own next due time (RFC 3339 UTC), or empty: the stretching rule decides
     * @param summary what the lane saw (public-safe), or empty
     */
    public record PollMonitor(
            String goalId,
            String todoId,
            String agentId,
            String resultDigest,
            boolean materialChange,
            String nextDueAt,
            String summary)
            implements MonitorCommand {
        public PollMonitor {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(todoId, "todoId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(resultDigest, "resultDigest");
            Objects.requireNonNull(nextDueAt, "nextDueAt");
            Objects.requireNonNull(summary, "summary");
        }
    }
}
