package dev.loopx.host.pack;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The one {@code recommended_next_step} of a {@link CommandPack}: its kind, a sentence for the
 * host and the command to run, plus what that kind adds.
 */
public sealed interface NextStep {
    String summary();

    /** The command the step names first. */
    CliCall command();

    /** Not connected and no goal text: show the dry run, connect only after the user confirms. */
    record ConfirmBeforeBootstrapMutation(String summary, CliCall dryRun, CliCall afterConfirmation)
            implements NextStep {
        public ConfirmBeforeBootstrapMutation {
            Objects.requireNonNull(summary, "summary");
            Objects.requireNonNull(dryRun, "dryRun");
            Objects.requireNonNull(afterConfirmation, "afterConfirmation");
        }

        @Override
        public CliCall command() {
            return dryRun;
        }
    }

    /** Several goals (or an unknown one): choose one of {@code options} ({@code goal_id}). */
    record GoalSelectionRequired(String summary, CliCall command, List<Choice> options) implements NextStep {
        public GoalSelectionRequired {
            Objects.requireNonNull(summary, "summary");
            Objects.requireNonNull(command, "command");
            options = List.copyOf(options);
        }
    }

    /** Goal text was given: preview the guided start before anything is written. */
    record GoalPlanWriteAndActivate(String summary, CliCall command) implements NextStep {
        public GoalPlanWriteAndActivate {
            Objects.requireNonNull(summary, "summary");
            Objects.requireNonNull(command, "command");
        }
    }

    /** Several agents (or an unknown one): choose one of {@code options} ({@code agent_id}). */
    record SelectAgentIdentity(String summary, CliCall command, List<Choice> options) implements NextStep {
        public SelectAgentIdentity {
            Objects.requireNonNull(summary, "summary");
            Objects.requireNonNull(command, "command");
            options = List.copyOf(options);
        }
    }

    /**
     * Connected: read status, then activate the host loop. {@code activation} is empty while the
     * goal id is unknown until status answers; its {@code commands} are empty when no host surface
     * was given.
     */
    record StatusAndLoopActivation(String summary, CliCall command, Optional<Activation> activation)
            implements NextStep {
        public StatusAndLoopActivation {
            Objects.requireNonNull(summary, "summary");
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(activation, "activation");
        }
    }

    /**
     * How the host loop starts: the surface's activation calls (none without a host surface, which
     * the host must then choose) and the should-run call every turn begins with.
     */
    record Activation(boolean hostSurfaceGiven, List<CliCall> commands, CliCall shouldRun) {
        public Activation {
            commands = List.copyOf(commands);
            Objects.requireNonNull(shouldRun, "shouldRun");
        }
    }
}
