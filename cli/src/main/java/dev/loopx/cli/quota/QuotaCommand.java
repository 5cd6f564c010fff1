package dev.loopx.cli.quota;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx quota …}: quota accounting (SPEC §S6). */
@Command(name = "quota", synopsisSubcommandLabel = "COMMAND",
        description = {"The heartbeat question (should-run), scheduler acks, and quota accounting. Only",
            "spend-slot ever spends, once per accountable writeback; void-slot compensates. spent_slots is",
            "summed over the goal's rolling window."})
public final class QuotaCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new QuotaCommand());
        cl.addSubcommand("should-run", new ShouldRunCommand());
        cl.addSubcommand("scheduler-ack", new SchedulerAckCommand());
        cl.addSubcommand("scheduler-fail-current", new SchedulerFailCommand());
        cl.addSubcommand("spend-slot", new SpendSlotCommand());
        cl.addSubcommand("void-slot", new VoidSlotCommand());
        cl.addSubcommand("status", new QuotaStatusCommand());
        cl.addSubcommand("plan", new QuotaPlanCommand());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "quota needs a subcommand: should-run, scheduler-ack(-current), scheduler-fail-current, spend-slot, void-slot, status or plan");
    }
}
