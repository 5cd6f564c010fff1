package dev.loopx.cli.todo;

import dev.loopx.cli.support.DryRunCommand;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import picocli.CommandLine.Option;

/** Shared options of the todo writes: {@code --agent-id} (the acting agent, else the owner) and {@code --dry-run}. */
abstract class TodoWriteCommand extends DryRunCommand {
    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "The acting agent (required on goals with registered agents; must match the claim).")
    String agentId;

    @Override
    protected Actor actor() {
        return actor(agentId);
    }

    /** The acting agent, else (null) the owner through the CLI. */
    static Actor actor(String agentId) {
        return agentId == null ? new Actor(ActorKind.OWNER, "cli") : new Actor(ActorKind.AGENT, agentId);
    }

    protected void validateAgent() {
        validateAgent(agentId);
    }

    static void validateAgent(String agentId) {
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
    }
}
