package dev.loopx.cli;

import dev.loopx.cli.agent.GoalLifecycleCommand;
import dev.loopx.cli.automation.AutomationPromptsCommand;
import dev.loopx.cli.agent.RegisterAgentCommand;
import dev.loopx.cli.decisions.OperatorGateCommand;
import dev.loopx.cli.decisions.RewardCommand;
import dev.loopx.cli.global.GlobalGatesCommand;
import dev.loopx.cli.global.GlobalRisksCommand;
import dev.loopx.cli.global.GlobalSummaryCommand;
import dev.loopx.cli.global.GlobalTodosCommand;
import dev.loopx.cli.goal.ConfigureGoalCommand;
import dev.loopx.cli.host.HeartbeatPromptCommand;
import dev.loopx.cli.host.HostCommand;
import dev.loopx.cli.host.SlashCommandsCommand;
import dev.loopx.cli.status.ReviewPacketCommand;
import dev.loopx.cli.status.StatusCommand;
import dev.loopx.cli.quota.QuotaCommand;
import dev.loopx.cli.quota.RefreshStateCommand;
import dev.loopx.cli.todo.TodoCommand;
import dev.loopx.cli.update.UpdateCommand;
import dev.loopx.cli.host.BootstrapCommandPackCommand;
import dev.loopx.cli.host.McpCommand;
import dev.loopx.cli.host.StartGoalCommand;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Builds the {@code loopx} command line. {@link #commandLine} is the one factory used by
 * {@link Main} and by tests; commands write only to the writers given here.
 *
 * <p>picocli builds every registered command's model reflectively before it parses anything, so
 * {@link #run} registers only the command the arguments name (all of them when none is named or
 * the name is unknown, so help and "unknown command" answers list everything).
 */
public final class Cli {
    /** Every top-level command in help order, built on demand. */
    private static final Map<String, Supplier<Object>> COMMANDS = new LinkedHashMap<>();
    private static final Map<String, String> ALIASES = Map.of("bootstrap", "connect");
    /** Global options that take a value (so the command word can be found after them). */
    private static final Set<String> VALUED_GLOBALS = Set.of("--runtime-root", "--format", "--now");

    static {
        COMMANDS.put("version", VersionCommand::new);
        COMMANDS.put("connect", ConnectCommand::new);
        COMMANDS.put("bootstrap-command-pack", BootstrapCommandPackCommand::new);
        COMMANDS.put("start-goal", StartGoalCommand::new);
        COMMANDS.put("mcp", McpCommand::commandLine);
        COMMANDS.put("register-agent", RegisterAgentCommand::new);
        COMMANDS.put("goal-lifecycle", GoalLifecycleCommand::new);
        COMMANDS.put("configure-goal", ConfigureGoalCommand::new);
        COMMANDS.put("todo", TodoCommand::commandLine);
        COMMANDS.put("operator-gate", OperatorGateCommand::new);
        COMMANDS.put("reward", RewardCommand::new);
        COMMANDS.put("refresh-state", RefreshStateCommand::new);
        COMMANDS.put("quota", QuotaCommand::commandLine);
        COMMANDS.put("ledger", LedgerCommand::commandLine);
        COMMANDS.put("projections", ProjectionsCommand::commandLine);
        COMMANDS.put("status", StatusCommand::new);
        COMMANDS.put("review-packet", ReviewPacketCommand::new);
        COMMANDS.put("heartbeat-prompt", HeartbeatPromptCommand::new);
        COMMANDS.put("automation-prompts", AutomationPromptsCommand::commandLine);
        COMMANDS.put("global-summary", GlobalSummaryCommand::new);
        COMMANDS.put("global-gates", GlobalGatesCommand::new);
        COMMANDS.put("global-todos", GlobalTodosCommand::new);
        COMMANDS.put("global-risks", GlobalRisksCommand::new);
        COMMANDS.put("slash-commands", SlashCommandsCommand::new);
        COMMANDS.put("host", HostCommand::commandLine);
        COMMANDS.put("update", UpdateCommand::commandLine);
        COMMANDS.put("doctor", DoctorCommand::new);
        COMMANDS.put("demo", DemoCommand::new);
        COMMANDS.put("debug", DebugCommand::commandLine);
    }

    private Cli() {}

    /** The full command line (every command registered). */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err, Environment environment) {
        return commandLine(out, err, environment, COMMANDS.keySet());
    }

    private static CommandLine commandLine(PrintWriter out, PrintWriter err, Environment environment,
            Iterable<String> names) {
        LoopxCommand root = new LoopxCommand(out, err, environment, Cli::run);
        CommandLine cl = new CommandLine(root);
        for (String name : names) {
            if (name.equals("connect")) {
                cl.addSubcommand(name, COMMANDS.get(name).get(), "bootstrap");
            } else {
                cl.addSubcommand(name, COMMANDS.get(name).get());
            }
        }
        withHelpOptions(cl);
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(false);
        cl.setParameterExceptionHandler((ex, args) -> root.context().renderError(
                new CliError("invalid_arguments", ex.getMessage(), helpHint(ex.getCommandLine()))));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> root.context().renderFailure(ex));
        return cl;
    }

    /** {@code --help} (and {@code --version}) on every subcommand, so the hints "loopx <command> --help" work. */
    private static void withHelpOptions(CommandLine cl) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (!sub.getCommandSpec().mixinStandardHelpOptions()) {
                sub.getCommandSpec().mixinStandardHelpOptions(true);
                withHelpOptions(sub);
            }
        }
    }

    public static int run(String[] args, PrintWriter out, PrintWriter err, Environment environment) {
        Iterable<String> names = invokedCommand(args).map(List::of).map(l -> (Iterable<String>) l).orElse(COMMANDS.keySet());
        return commandLine(out, err, environment, names).execute(args);
    }

    /** The top-level command the arguments name, when it is a known one. */
    static Optional<String> invokedCommand(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (VALUED_GLOBALS.contains(arg)) {
                i++;
            } else if (!arg.startsWith("-")) {
                String name = ALIASES.getOrDefault(arg, arg);
                return COMMANDS.containsKey(name) ? Optional.of(name) : Optional.empty();
            } else if (arg.equals("--help") || arg.equals("-h") || arg.equals("--version") || arg.equals("-V")) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static String helpHint(CommandLine commandLine) {
        return commandLine.getCommandSpec().qualifiedName() + " --help";
    }
}
