package dev.loopx.cli.lease;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx task-lease …}: hard leases, claims that expire (issue 21). */
@Command(
        name = "task-lease",
        synopsisSubcommandLabel = "COMMAND",
        description = {
            "Upgrade a claim to a hard lease that expires, and renew, transfer, release or inspect it.",
            "While a lease lives nobody else may claim or lease the todo and should-run does not offer it to",
            "other lanes; once it has expired the todo is free for others. A soft claim (todo claim) never",
            "expires and is never taken over. Writes take --dry-run and --operation-id."
        },
        footer = {
            "",
            "Example:  loopx task-lease acquire --goal-id g --todo-id todo_0123456789ab --agent-id builder --ttl-minutes 30"
        })
public final class TaskLeaseCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(
                TaskLeaseCommand::new,
                TaskLeaseCommand::subcommand,
                "acquire",
                "renew",
                "transfer",
                "release",
                "inspect");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "acquire" -> new TaskLeaseAcquireCommand();
            case "renew" -> new TaskLeaseRenewCommand();
            case "transfer" -> new TaskLeaseTransferCommand();
            case "release" -> new TaskLeaseReleaseCommand();
            case "inspect" -> new TaskLeaseInspectCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "task-lease needs a subcommand: acquire, renew, transfer, release or inspect");
    }
}
