package dev.loopx.cli.todo;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx todo …}: the goal's ordered work (SPEC §S4). */
@Command(name = "todo", synopsisSubcommandLabel = "COMMAND",
        description = {"Add, claim, update, complete, supersede and list a goal's todos.",
            "User todos are owner decisions (user_gate) or reminders (user_action); agent todos are work",
            "(advancement_task), monitors (continuous_monitor) or blockers. Writes take --dry-run and --operation-id."})
public final class TodoCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new TodoCommand());
        cl.addSubcommand("add", new TodoAddCommand());
        cl.addSubcommand("claim", new TodoClaimCommand());
        cl.addSubcommand("update", new TodoUpdateCommand());
        cl.addSubcommand("complete", new TodoCompleteCommand());
        cl.addSubcommand("supersede", new TodoSupersedeCommand());
        cl.addSubcommand("declare-empty", new TodoDeclareEmptyCommand());
        cl.addSubcommand("list", new TodoListCommand());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "todo needs a subcommand: add, claim, update, complete, supersede, declare-empty or list");
    }
}
