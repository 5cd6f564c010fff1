package dev.loopx.cli.todo;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx todo …}: the goal's ordered work (SPEC §S4). */
@Command(
        name = "todo",
        synopsisSubcommandLabel = "COMMAND",
        description = {
            "Add, claim, reclaim, update, complete, supersede and list a goal's todos; checkpoint a replan; archive",
            "finished todos out of the default reads.",
            "User todos are owner decisions (user_gate) or reminders (user_action); agent todos are work",
            "(advancement_task), monitors (monitor_task) or blockers. Writes take --dry-run and --operation-id."
        })
public final class TodoCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(
                TodoCommand::new,
                TodoCommand::subcommand,
                "add",
                "claim",
                "reclaim",
                "update",
                "complete",
                "supersede",
                "declare-empty",
                "checkpoint",
                "archive-completed",
                "list");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "add" -> new TodoAddCommand();
            case "claim" -> new TodoClaimCommand();
            case "reclaim" -> new TodoReclaimCommand();
            case "update" -> new TodoUpdateCommand();
            case "complete" -> new TodoCompleteCommand();
            case "supersede" -> new TodoSupersedeCommand();
            case "declare-empty" -> new TodoDeclareEmptyCommand();
            case "checkpoint" -> new TodoCheckpointCommand();
            case "archive-completed" -> new TodoArchiveCompletedCommand();
            case "list" -> new TodoListCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "todo needs a subcommand: add, claim, reclaim, update, complete, supersede, declare-empty, checkpoint,"
                        + " archive-completed or list");
    }
}
