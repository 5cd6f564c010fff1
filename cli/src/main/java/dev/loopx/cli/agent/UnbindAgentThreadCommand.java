package dev.loopx.cli.agent;

import dev.loopx.application.Invocation;
import dev.loopx.application.agent.WriteThreadBinding;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.AgentThreadBindingAnswer;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.PreviewFirstCommand;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.ThreadCommands.UnbindAgentThread;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "unbind-agent-thread",
        description = {
            "Remove the binding of a host thread from the agent it is bound to. --agent-id names that agent:",
            "a thread bound to another agent is refused (agent_thread_bound_to_other); a thread that is not",
            "bound changes nothing. Shows a preview unless --execute is given."
        },
        footer = {
            "",
            "Example:  loopx unbind-agent-thread --goal-id weather-app-goal --thread-id 019a7f3e-5b1c-7d2e-8f90-a1b2c3d4e5f6 \\",
            "            --agent-id builder --execute"
        })
public final class UnbindAgentThreadCommand extends PreviewFirstCommand {
    @Option(names = "--thread-id", required = true, paramLabel = "ID", description = HostThreads.THREAD_ID_HELP)
    String threadId;

    @Option(
            names = "--agent-id",
            required = true,
            paramLabel = "ID",
            description = "The agent the thread is bound to now.")
    String agentId;

    @Option(names = "--host-surface", paramLabel = "SURFACE", description = HostThreads.SURFACE_HELP)
    String hostSurface;

    private WriteThreadBinding.Result result;

    @Override
    protected String schemaVersion() {
        return "loopx_agent_thread_binding_v0";
    }

    @Override
    protected void validate(CliContext context) {
        threadId = HostThreads.threadId(threadId);
        IdOptions.requireId("--agent-id", agentId);
        hostSurface = HostThreads.surface(hostSurface);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new AgentThreadBindingAnswer(
                head, AgentThreadBindingAnswer.Operation.UNBIND, hostSurface, threadId, agentId, result);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return WriteThreadBinding.run(
                        invocation, options, new UnbindAgentThread(goalId, hostSurface, threadId, agentId))
                .peek(r -> result = r)
                .map(WriteThreadBinding.Result::outcome);
    }
}
