package dev.loopx.cli.render;

import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;

/**
 * The owner's commands the text views show beside an agent's (never in {@code next_cli_actions}: a
 * lane does not act for the owner). The same steps as the read surfaces' {@code NextCommands}, which
 * the CLI may not call (use cases and queries live below it; the views render their records).
 */
final class OwnerSteps {
    private OwnerSteps() {}

    /** Resuming a stopped goal; the reason is the owner's to give. */
    static NextStep resumeGoal(String goalId) {
        return NextStep.of(Verb.GOAL_LIFECYCLE)
                .with(Flag.GOAL_ID, goalId)
                .with(Flag.OPERATION, "resume")
                .with(Flag.ACTOR_KIND, "owner")
                .with(Flag.EXECUTE)
                .needs(Flag.REASON, "why the goal resumes");
    }
}
