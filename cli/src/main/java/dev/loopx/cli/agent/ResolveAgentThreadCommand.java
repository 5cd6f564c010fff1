package dev.loopx.cli.agent;

import dev.loopx.application.agent.ResolveAgentThread;
import dev.loopx.cli.render.AgentThreadResolutionAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import dev.loopx.projections.goal.ThreadBinding;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx resolve-agent-thread}: which registered agent a host thread speaks for. A thread
 * bound to no agent is {@code agent_thread_not_bound} (exit 1) with the {@code bind-agent-thread}
 * command as the hint. Read-only.
 */
@Command(
        name = "resolve-agent-thread",
        description = {
            "Answer which registered agent a host thread speaks for (its bind-agent-thread binding).",
            "A thread bound to no agent is refused with agent_thread_not_bound (exit 1) and the command",
            "that binds it as the hint. Read-only."
        },
        footer = {
            "",
            "Example:  loopx resolve-agent-thread --goal-id weather-app-goal --thread-id 019a7f3e-5b1c-7d2e-8f90-a1b2c3d4e5f6"
        })
public final class ResolveAgentThreadCommand extends LoopxSubcommand implements TheOnlyGoalByDefault {
    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
    String goalId;

    @Option(names = "--thread-id", required = true, paramLabel = "ID", description = HostThreads.THREAD_ID_HELP)
    String threadId;

    @Option(names = "--host-surface", paramLabel = "SURFACE", description = HostThreads.SURFACE_HELP)
    String hostSurface;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        threadId = HostThreads.threadId(threadId);
        hostSurface = HostThreads.surface(hostSurface);
        ThreadBinding binding = ResolveAgentThread.run(
                        context.invocation(), new ResolveAgentThread.Request(goalId, hostSurface, threadId))
                .getOrElseThrow(CliError::of);
        return context.emit(new AgentThreadResolutionAnswer(goalId, hostSurface, threadId, binding));
    }
}
