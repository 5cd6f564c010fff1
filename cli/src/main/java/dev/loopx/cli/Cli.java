package dev.loopx.cli;

import dev.loopx.cli.agent.GoalLifecycleCommand;
import dev.loopx.cli.agent.RegisterAgentCommand;
import dev.loopx.cli.decisions.OperatorGateCommand;
import dev.loopx.cli.decisions.RewardCommand;
import dev.loopx.cli.global.GlobalGatesCommand;
import dev.loopx.cli.global.GlobalRisksCommand;
import dev.loopx.cli.global.GlobalSummaryCommand;
import dev.loopx.cli.global.GlobalTodosCommand;
import dev.loopx.cli.goal.ConfigureGoalCommand;
import dev.loopx.cli.status.ReviewPacketCommand;
import dev.loopx.cli.status.StatusCommand;
import dev.loopx.cli.quota.QuotaCommand;
import dev.loopx.cli.quota.RefreshStateCommand;
import dev.loopx.cli.todo.TodoCommand;
import dev.loopx.cli.goal.ConnectCommand;
import dev.loopx.cli.ledger.LedgerCommand;
import dev.loopx.cli.ops.DebugCommand;
import dev.loopx.cli.ops.DemoCommand;
import dev.loopx.cli.ops.DoctorCommand;
import dev.loopx.cli.ops.VersionCommand;
import dev.loopx.cli.projections.ProjectionsCommand;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxCommand;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Builds the {@code loopx} command line. {@link #commandLine} is the one factory used by
 * {@link Main} and by tests; commands write only to the writers given here.
 */
public final class Cli {
    private Cli() {}

    public static CommandLine commandLine(PrintWriter out, PrintWriter err, Environment environment) {
        LoopxCommand root = new LoopxCommand(out, err, environment, Cli::run);
        CommandLine cl = new CommandLine(root);
        cl.addSubcommand("version", new VersionCommand());
        cl.addSubcommand("connect", new ConnectCommand(), "bootstrap");
        cl.addSubcommand("register-agent", new RegisterAgentCommand());
        cl.addSubcommand("goal-lifecycle", new GoalLifecycleCommand());
        cl.addSubcommand("configure-goal", new ConfigureGoalCommand());
        cl.addSubcommand("todo", TodoCommand.commandLine());
        cl.addSubcommand("operator-gate", new OperatorGateCommand());
        cl.addSubcommand("reward", new RewardCommand());
        cl.addSubcommand("refresh-state", new RefreshStateCommand());
        cl.addSubcommand("quota", QuotaCommand.commandLine());
        cl.addSubcommand("ledger", LedgerCommand.commandLine());
        cl.addSubcommand("projections", ProjectionsCommand.commandLine());
        cl.addSubcommand("status", new StatusCommand());
        cl.addSubcommand("review-packet", new ReviewPacketCommand());
        cl.addSubcommand("global-summary", new GlobalSummaryCommand());
        cl.addSubcommand("global-gates", new GlobalGatesCommand());
        cl.addSubcommand("global-todos", new GlobalTodosCommand());
        cl.addSubcommand("global-risks", new GlobalRisksCommand());
        cl.addSubcommand("doctor", new DoctorCommand());
        cl.addSubcommand("demo", new DemoCommand());
        cl.addSubcommand("debug", DebugCommand.commandLine());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(false);
        cl.setParameterExceptionHandler((ex, args) -> root.context().renderError(
                new CliError("invalid_arguments", ex.getMessage(), helpHint(ex.getCommandLine()))));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> root.context().renderFailure(ex));
        return cl;
    }

    public static int run(String[] args, PrintWriter out, PrintWriter err, Environment environment) {
        return commandLine(out, err, environment).execute(args);
    }

    private static String helpHint(CommandLine commandLine) {
        return commandLine.getCommandSpec().qualifiedName() + " --help";
    }
}
