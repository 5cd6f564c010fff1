package dev.loopx.cli.quota;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx quota …}: quota accounting (SPEC §S6). */
@Command(
        name = "quota",
        synopsisSubcommandLabel = "COMMAND",
        description = {
            "The heartbeat question (should-run), scheduler acks, monitor poll receipts and quota accounting. Only",
            "spend-slot ever spends, once per accountable writeback; void-slot compensates. spent_slots is",
            "summed over the goal's rolling window."
        })
public final class QuotaCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(
                QuotaCommand::new,
                QuotaCommand::subcommand,
                "should-run",
                "scheduler-ack",
                "scheduler-fail-current",
                "spend-slot",
                "void-slot",
                "monitor-poll",
                "status",
                "plan");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "should-run" -> new ShouldRunCommand();
            case "scheduler-ack" -> new SchedulerAckCommand();
            case "scheduler-fail-current" -> new SchedulerFailCommand();
            case "spend-slot" -> new SpendSlotCommand();
            case "void-slot" -> new VoidSlotCommand();
            case "monitor-poll" -> new MonitorPollCommand();
            case "status" -> new QuotaStatusCommand();
            case "plan" -> new QuotaPlanCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "quota needs a subcommand: should-run, scheduler-ack(-current), scheduler-fail-current, spend-slot, void-slot, monitor-poll, status or plan");
    }
}
