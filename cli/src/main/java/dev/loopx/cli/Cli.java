package dev.loopx.cli;

import dev.loopx.cli.agent.BindAgentThreadCommand;
import dev.loopx.cli.agent.GoalLifecycleCommand;
import dev.loopx.cli.agent.RegisterAgentCommand;
import dev.loopx.cli.agent.ResolveAgentThreadCommand;
import dev.loopx.cli.agent.UnbindAgentThreadCommand;
import dev.loopx.cli.automation.AutomationPromptsCommand;
import dev.loopx.cli.dashboard.DashboardCommand;
import dev.loopx.cli.decisions.OperatorGateCommand;
import dev.loopx.cli.decisions.RewardCommand;
import dev.loopx.cli.global.GlobalGatesCommand;
import dev.loopx.cli.global.GlobalRisksCommand;
import dev.loopx.cli.global.GlobalSummaryCommand;
import dev.loopx.cli.global.GlobalTodosCommand;
import dev.loopx.cli.goal.ConfigureGoalCommand;
import dev.loopx.cli.goal.ConnectCommand;
import dev.loopx.cli.host.BootstrapCommandPackCommand;
import dev.loopx.cli.host.HeartbeatPromptCommand;
import dev.loopx.cli.host.HostCommand;
import dev.loopx.cli.host.McpCommand;
import dev.loopx.cli.host.SlashCommandsCommand;
import dev.loopx.cli.host.StartGoalCommand;
import dev.loopx.cli.lease.TaskLeaseCommand;
import dev.loopx.cli.ledger.LedgerCommand;
import dev.loopx.cli.ops.DebugCommand;
import dev.loopx.cli.ops.DemoCommand;
import dev.loopx.cli.ops.DoctorCommand;
import dev.loopx.cli.ops.InstallCommand;
import dev.loopx.cli.ops.VersionCommand;
import dev.loopx.cli.projections.ProjectionsCommand;
import dev.loopx.cli.projects.ProjectsCommand;
import dev.loopx.cli.quota.QuotaCommand;
import dev.loopx.cli.quota.RefreshStateCommand;
import dev.loopx.cli.quota.ShouldRunCommand;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.status.EvidenceLogCommand;
import dev.loopx.cli.status.ReviewPacketCommand;
import dev.loopx.cli.status.StatusCommand;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.CommandTree;
import dev.loopx.cli.support.DidYouMean;
import dev.loopx.cli.support.EchoedValues;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.HelpPages;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxCommand;
import dev.loopx.cli.support.NumberOptions;
import dev.loopx.cli.support.QuickCommand;
import dev.loopx.cli.support.QuickPath;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.cli.todo.TodoAddCommand;
import dev.loopx.cli.todo.TodoCommand;
import dev.loopx.cli.update.UpdateCommand;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import picocli.CommandLine;

/**
 * Builds the {@code loopx} command line. {@link #commandLine} is the one factory used by
 * {@link Main} and by tests; commands write only to the writers given here.
 *
 * <p>picocli builds every registered command's model reflectively before it parses anything, so
 * {@link #run} registers only the commands the arguments name, at every level (see
 * {@link CommandTree}): {@code loopx quota should-run} builds the root, {@code quota} and
 * {@code should-run}, nothing else. Before that, the heartbeat commands ({@link #QUICK}) with plain
 * arguments skip picocli altogether ({@link QuickPath}; docs/adr/0003-start-up.md, decision 16).
 */
public final class Cli {
    private Cli() {}

    /** Every command in help order; each built only when needed. */
    private static CommandTree tree(PrintWriter out, PrintWriter err, Environment environment) {
        return tree(out, err, environment, answer -> {});
    }

    private static CommandTree tree(
            PrintWriter out, PrintWriter err, Environment environment, Consumer<RenderedAnswer> answers) {
        return CommandTree.of(
                        () -> new LoopxCommand(out, err, environment, Cli::run, answers),
                        Cli::command,
                        "version",
                        "install",
                        "completion",
                        "connect",
                        "bootstrap-command-pack",
                        "start-goal",
                        "mcp",
                        "register-agent",
                        "bind-agent-thread",
                        "resolve-agent-thread",
                        "unbind-agent-thread",
                        "goal-lifecycle",
                        "configure-goal",
                        "todo",
                        "task-lease",
                        "operator-gate",
                        "reward",
                        "refresh-state",
                        "quota",
                        "ledger",
                        "projections",
                        "status",
                        "review-packet",
                        "evidence-log",
                        "heartbeat-prompt",
                        "automation-prompts",
                        "global-summary",
                        "global-gates",
                        "global-todos",
                        "global-risks",
                        "projects",
                        "dashboard",
                        "slash-commands",
                        "host",
                        "update",
                        "doctor",
                        "demo",
                        "debug")
                .valuedOptions("--runtime-root", "--format", "--now") // global options that take a value
                .alias("connect", "bootstrap");
    }

    private static Object command(String name) {
        return switch (name) {
            case "version" -> new VersionCommand();
            case "install" -> new InstallCommand();
            case "completion" -> new CompletionCommand();
            case "connect" -> new ConnectCommand();
            case "bootstrap-command-pack" -> new BootstrapCommandPackCommand();
            case "start-goal" -> new StartGoalCommand();
            case "mcp" -> McpCommand.tree();
            case "register-agent" -> new RegisterAgentCommand();
            case "bind-agent-thread" -> new BindAgentThreadCommand();
            case "resolve-agent-thread" -> new ResolveAgentThreadCommand();
            case "unbind-agent-thread" -> new UnbindAgentThreadCommand();
            case "goal-lifecycle" -> new GoalLifecycleCommand();
            case "configure-goal" -> new ConfigureGoalCommand();
            case "todo" -> TodoCommand.tree();
            case "task-lease" -> TaskLeaseCommand.tree();
            case "operator-gate" -> new OperatorGateCommand();
            case "reward" -> new RewardCommand();
            case "refresh-state" -> new RefreshStateCommand();
            case "quota" -> QuotaCommand.tree();
            case "ledger" -> LedgerCommand.tree();
            case "projections" -> ProjectionsCommand.tree();
            case "status" -> new StatusCommand();
            case "review-packet" -> new ReviewPacketCommand();
            case "evidence-log" -> new EvidenceLogCommand();
            case "heartbeat-prompt" -> new HeartbeatPromptCommand();
            case "automation-prompts" -> AutomationPromptsCommand.tree();
            case "global-summary" -> new GlobalSummaryCommand();
            case "global-gates" -> new GlobalGatesCommand();
            case "global-todos" -> new GlobalTodosCommand();
            case "global-risks" -> new GlobalRisksCommand();
            case "projects" -> ProjectsCommand.tree();
            case "dashboard" -> new DashboardCommand();
            case "slash-commands" -> new SlashCommandsCommand();
            case "host" -> HostCommand.tree();
            case "update" -> UpdateCommand.tree();
            case "doctor" -> new DoctorCommand();
            case "demo" -> new DemoCommand();
            case "debug" -> DebugCommand.tree();
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** The full command line (every command registered). */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err, Environment environment) {
        return configure(tree(out, err, environment).commandLine(), out, err);
    }

    public static int run(String[] args, PrintWriter out, PrintWriter err, Environment environment) {
        return run(args, out, err, environment, answer -> {});
    }

    /** As {@link #run(String[], PrintWriter, PrintWriter, Environment)}, handing each rendered answer to {@code answers}. */
    public static int run(
            String[] args,
            PrintWriter out,
            PrintWriter err,
            Environment environment,
            Consumer<RenderedAnswer> answers) {
        var quick = quick(args, out, err, environment, answers);
        if (quick.isPresent()) {
            return quick.get().run();
        }
        return runWithPicocli(args, out, err, environment, answers);
    }

    /** As {@link #run}, always through picocli (tests compare the two paths). */
    static int runWithPicocli(String[] args, PrintWriter out, PrintWriter err, Environment environment) {
        return runWithPicocli(args, out, err, environment, answer -> {});
    }

    private static int runWithPicocli(
            String[] args,
            PrintWriter out,
            PrintWriter err,
            Environment environment,
            Consumer<RenderedAnswer> answers) {
        var unknown = tree(out, err, environment, answers).unknownCommand(args);
        if (unknown.isPresent()) {
            // the global options given (--format) still decide how the error is shown
            CommandLine parsed = commandLine(new String[0], out, err, environment);
            LoopxCommand root = (LoopxCommand) parsed.getCommand();
            try {
                parsed.parseArgs(globalOptions(args));
            } catch (CommandLine.ParameterException ignored) {
                // a bad global option: the unknown command is still the first thing to say
            }
            return root.context().renderError(DidYouMean.unknownCommand(unknown.get()));
        }
        return configure(tree(out, err, environment, answers).commandLine(args, 0), out, err)
                .execute(args);
    }

    /** The global options (SPEC §S0) among {@code args}, with their values. */
    private static String[] globalOptions(String[] args) {
        List<String> globals = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (QuickPath.GLOBALS.contains(args[i]) && i + 1 < args.length) {
                globals.add(args[i]);
                globals.add(args[++i]);
            } else if (args[i].startsWith("--format=") || args[i].startsWith("--runtime-root=")) {
                globals.add(args[i]);
            }
        }
        return globals.toArray(String[]::new);
    }

    /** The commands hosts run on every heartbeat: parsed without picocli when the arguments are plain ({@link QuickPath}). */
    static final Set<String> QUICK = Set.of("quota should-run", "status", "todo add", "version");

    /** {@code args} parsed by {@link QuickPath}; empty when picocli must parse them. */
    static Optional<QuickPath.Parsed> quick(String[] args, PrintWriter out, PrintWriter err, Environment environment) {
        return quick(args, out, err, environment, answer -> {});
    }

    private static Optional<QuickPath.Parsed> quick(
            String[] args,
            PrintWriter out,
            PrintWriter err,
            Environment environment,
            Consumer<RenderedAnswer> answers) {
        CommandTree tree = tree(out, err, environment, answers);
        Set<String> words = new HashSet<>(tree.words()); // picocli takes none of them for a value
        words.addAll(QuotaCommand.tree().words());
        words.addAll(TodoCommand.tree().words());
        return QuickPath.parse(
                args,
                QUICK,
                words,
                Cli::quickCommand,
                () -> new LoopxCommand(out, err, environment, Cli::run, answers));
    }

    private static QuickCommand quickCommand(String name) {
        return switch (name) {
            case "quota should-run" -> new ShouldRunCommand();
            case "status" -> new StatusCommand();
            case "todo add" -> new TodoAddCommand();
            case "version" -> new VersionCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** The command line as far as {@code args} name commands. */
    static CommandLine commandLine(String[] args, PrintWriter out, PrintWriter err, Environment environment) {
        return configure(tree(out, err, environment).commandLine(args, 0), out, err);
    }

    private static CommandLine configure(CommandLine cl, PrintWriter out, PrintWriter err) {
        LoopxCommand root = (LoopxCommand) cl.getCommand();
        HelpPages.apply(cl); // -h on every page, -V only at the top, prose that wraps, examples, exit codes
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(false);
        // Hosts pass user text that may start with '@': never read it as an argument file
        // (QuickPath reads '@' literally too).
        cl.setExpandAtFiles(false);
        NumberOptions.converters(cl);
        TextOptions.converter(cl); // every value: well-formed, not empty, no controls, no credential
        // picocli's messages quote the raw arguments: cut, escaped, never a private one (EchoedValues)
        cl.setParameterExceptionHandler((ex, args) -> root.context()
                .renderError(new CliError(
                        errorCode(ex),
                        EchoedValues.message(ex.getMessage(), args) + DidYouMean.unknownOptions(ex),
                        helpHint(ex.getCommandLine()))));
        cl.setExecutionExceptionHandler(
                (ex, commandLine, parseResult) -> root.context().renderFailure(ex));
        return cl;
    }

    /** A value the rule every option follows refused keeps its code (an id option's own); else invalid_arguments. */
    private static ErrorCode errorCode(CommandLine.ParameterException ex) {
        if (!(ex.getCause() instanceof TextOptions.RefusedValue refused)) {
            return ErrorCode.INVALID_ARGUMENTS;
        }
        return ex.getArgSpec() instanceof CommandLine.Model.OptionSpec option
                ? IdOptions.codeFor(option.longestName(), refused.errorCode())
                : refused.errorCode();
    }

    private static String helpHint(CommandLine commandLine) {
        return commandLine.getCommandSpec().qualifiedName() + " --help";
    }
}
