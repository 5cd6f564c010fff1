package dev.loopx.cli.todo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.DryRunCommand;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.json.Json;
import picocli.CommandLine.Option;

/** Shared options and answer of the todo writes: {@code --agent-id}, {@code --dry-run}, the todo after the write. */
abstract class TodoWriteCommand extends DryRunCommand {
    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "The acting agent (required on goals with registered agents; must match the claim).")
    String agentId;

    @Override
    protected Actor actor() {
        return agentId == null ? new Actor(ActorKind.OWNER, "cli") : new Actor(ActorKind.AGENT, agentId);
    }

    protected void validateAgent() {
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
    }

    /** The todo this command is about, as it is after the write (or now, for a dry run). */
    protected abstract String todoIdForAnswer();

    @Override
    protected void describe(ObjectNode doc, GoalWrites.Outcome outcome, CliContext context) {
        doc.put("todo_id", todoIdForAnswer());
        outcome.todo().ifPresent(t -> doc.set("todo", Json.mapper().valueToTree(t)));
    }
}
