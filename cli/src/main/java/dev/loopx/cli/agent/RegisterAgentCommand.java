package dev.loopx.cli.agent;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RegisterAgentAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.PreviewFirstCommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.RegisterAgents;
import io.vavr.control.Either;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "register-agent",
        description = {
            "Register agent identities for a goal. Agents are peers (agent_model=peer_v1);",
            "registration is identity, not authority. Shows a preview unless --execute is given.",
            "--require-new refuses ids that are already registered (agent_identity_already_registered)."
        },
        footer = {"", "Example:  loopx register-agent --goal-id g --agent-id builder --agent-id reviewer --execute"})
public final class RegisterAgentCommand extends PreviewFirstCommand {
    @Option(names = "--agent-id", required = true, paramLabel = "ID", description = "Repeat for several agents.")
    List<String> agentIds;

    @Option(names = "--scope", paramLabel = "TEXT", description = "Public-safe description of the agents' lane.")
    String scope;

    @Option(names = "--require-new", description = "Refuse if any id is already registered.")
    boolean requireNew;

    @Override
    protected String schemaVersion() {
        return "loopx_register_agent_v0";
    }

    @Override
    protected void validate(CliContext context) {
        agentIds.forEach(id -> IdOptions.requireId("--agent-id", id));
        scope = TextOptions.requirePublic("--scope", scope, false);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new RegisterAgentAnswer(head, agentIds);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(
                invocation, options, new GoalWrite.Agents(new RegisterAgents(goalId, agentIds, scope, requireNew)));
    }
}
