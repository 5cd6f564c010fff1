package dev.loopx.host.heartbeat;

import java.util.Objects;

/**
 * The thin heartbeat answer of one lane (SPEC §S11): the rendered {@link ThinBody} task body and
 * its character budget ({@value ThinBody#MAX_CHARS}).
 *
 * @param agentId empty only for a goal without registered agents
 */
public record ThinPrompt(String goalId, String agentId, String taskBody) {
    public ThinPrompt {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(taskBody, "taskBody");
    }

    /** The body rendered for a request. */
    public static ThinPrompt of(ThinBody.Request request) {
        return new ThinPrompt(request.goalId(), request.agentId(), ThinBody.render(request));
    }

    /** The body's length in code points. */
    public int chars() {
        return ThinBody.chars(taskBody);
    }

    public int maxChars() {
        return ThinBody.MAX_CHARS;
    }

    public boolean withinBudget() {
        return chars() <= ThinBody.MAX_CHARS;
    }
}
