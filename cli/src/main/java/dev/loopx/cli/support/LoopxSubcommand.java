package dev.loopx.cli.support;

import dev.loopx.application.project.ReadProjectHeads;
import dev.loopx.application.status.ReadStatus;
import dev.loopx.cli.render.CommandLines;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.WriteOutcomeUnknown;
import dev.loopx.projections.next.Flag;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Spec;

/**
 * Base of every leaf command: parse (picocli) → {@link #execute} (one application call) →
 * render → exit code. Failures become {@code loopx_error_v0} documents in one place.
 */
public abstract class LoopxSubcommand implements Callable<Integer> {
    @Spec
    protected CommandSpec spec;

    /** Set when the command runs without picocli ({@link QuickPath}, MCP tool calls): no {@link #spec}. */
    private CliContext given;

    protected CliContext context() {
        return given != null ? given : ((LoopxCommand) spec.root().userObject()).context();
    }

    /**
     * Runs the command with {@code context}, as {@link #call} does under picocli: for a command
     * whose options were set without a parser (the quick path, an MCP tool call).
     */
    public final int run(CliContext context) {
        this.given = context;
        return call();
    }

    @Override
    public final Integer call() {
        CliContext context = context();
        try {
            if (spec != null) {
                requireNoBlankValues(spec);
                if (this instanceof TheOnlyGoalByDefault) {
                    theOnlyGoalByDefault(context);
                }
            }
            context.requireGlobalOptions();
            return execute(context);
        } catch (CliError e) {
            context.knownValues(givenValues());
            if (e.errorCode().equals("goal_not_found") && !context.json()) {
                context.knownGoals(knownGoals(context));
            }
            // bad input names this command's own help page, not the top level's
            return context.renderFailure(e.forCommand(qualifiedName()));
        } catch (WriteOutcomeUnknown e) {
            return context.renderFailure(unknownOutcome(e));
        } catch (Exception e) {
            context.knownValues(givenValues());
            if (e instanceof LedgerException ledger
                    && (ledger.errorCode().equals("runtime_root_not_found")
                            || ledger.errorCode().equals("runtime_root_not_initialized"))
                    && !context.json()) {
                context.knownProjects(knownProjects(context));
            }
            return context.renderFailure(e);
        }
    }

    /**
     * A write of unknown outcome, with the command line that repeats it under the operation id it
     * was sent with (the same arguments, plus {@code --operation-id} when they named none): run as
     * printed, it answers with the original receipt when the write was stored and writes it once
     * when it was not. A call without a command line of its own (an MCP tool call) names the id.
     */
    private CliError unknownOutcome(WriteOutcomeUnknown e) {
        Optional<List<String>> args = spec != null
                ? Optional.ofNullable(spec.root().commandLine().getParseResult())
                        .map(picocli.CommandLine.ParseResult::originalArgs)
                : context().quickArguments();
        boolean takesId = spec == null || spec.findOption(CommandLines.flag(Flag.OPERATION_ID)) != null;
        String hint = args.filter(a -> takesId)
                .map(a -> CommandLines.retry(a, e.operationId()))
                .orElse("the write was sent under operation id " + e.operationId()
                        + "; see whether it was stored (loopx status, loopx ledger replay) before repeating it");
        return new CliError(ErrorCode.LEDGER_WRITE_OUTCOME_UNKNOWN, e.getMessage(), hint);
    }

    /** {@code loopx todo add}: from picocli's model, or (quick path, MCP) the command's own annotation. */
    private String qualifiedName() {
        if (spec != null) {
            return spec.qualifiedName();
        }
        picocli.CommandLine.Command command = getClass().getAnnotation(picocli.CommandLine.Command.class);
        String name = command == null ? "" : command.name();
        String parent = getClass().getPackageName().endsWith(".todo") && !name.equals("todo")
                ? "todo "
                : getClass().getPackageName().endsWith(".quota") && !name.equals("refresh-state") ? "quota " : "";
        return "loopx " + parent + name;
    }

    /**
     * A left-out {@code --goal-id} becomes the runtime root's goal when it has exactly one; with
     * several the command is refused and they are named; with none (or a root that cannot be read)
     * the option is reported missing, as picocli reports a required option, and the command's own
     * checks say the rest.
     */
    private void theOnlyGoalByDefault(CliContext context) {
        OptionSpec option = spec.findOption("--goal-id");
        if (option == null || option.getValue() != null) {
            return;
        }
        List<String> goals = knownGoals(context);
        if (goals.size() == 1) {
            option.setValue(goals.get(0));
            return;
        }
        if (goals.isEmpty()) {
            throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, "Missing required option: '--goal-id=ID'");
        }
        throw new CliError(
                ErrorCode.INVALID_ARGUMENTS,
                "--goal-id is needed: this runtime root has " + goals.size() + " goals (" + String.join(", ", goals)
                        + ")",
                Optional.ofNullable(spec.root().commandLine().getParseResult())
                                .map(picocli.CommandLine.ParseResult::originalArgs)
                                .map(args -> CommandLines.withGoal(args, goals.get(0)))
                                .orElse(spec.qualifiedName() + " --goal-id " + goals.get(0))
                        + " (or --goal-id " + String.join(", --goal-id ", goals.subList(1, goals.size())) + ")");
    }

    /** The goals of the runtime root (for a person who mistyped one); none when they cannot be read. */
    private static List<String> knownGoals(CliContext context) {
        try {
            return ReadStatus.run(context.invocation(), new ReadStatus.Request("", ""))
                    .map(report -> report.entries().stream()
                            .map(entry -> entry.status().goalId())
                            .toList())
                    .getOrElse(List.of());
        } catch (RuntimeException unreadable) {
            return List.of();
        }
    }

    /** The projects the LoopX home knows (labels only), for a person who ran a command outside them. */
    private static List<String> knownProjects(CliContext context) {
        try {
            return ReadProjectHeads.run(context.invocation(context.loopxHome())).stream()
                    .map(ReadProjectHeads.ProjectHead::label)
                    .distinct()
                    .toList();
        } catch (RuntimeException unreadable) {
            return List.of();
        }
    }

    /** The id options this command was given ({@code --goal-id} → its value), read from its fields. */
    private Map<String, String> givenValues() {
        Map<String, String> values = new HashMap<>();
        for (Class<?> c = getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                picocli.CommandLine.Option option = f.getAnnotation(picocli.CommandLine.Option.class);
                if (option == null || f.getType() != String.class) {
                    continue;
                }
                for (String name : option.names()) {
                    if (Hints.FILLED.containsKey(name)) {
                        try {
                            f.setAccessible(true);
                            Object value = f.get(this);
                            if (value instanceof String v && IdOptions.looksLikeId(v)) {
                                values.put(name, v);
                            }
                        } catch (ReflectiveOperationException | RuntimeException unreadable) {
                            // a value that cannot be read is simply not filled in
                        }
                    }
                }
            }
        }
        return values;
    }

    /** Options whose value may be empty: {@code host parse --message} carries a chat message as the host got it. */
    private static final Set<String> MAY_BE_EMPTY = Set.of("--message");

    /**
     * Every value given on the command line says something: an empty or blank one is exit 2
     * naming the option (an id option's own code), whatever the option, before anything is
     * opened. {@link QuickPath} declines such values, so picocli's model answers here on both
     * paths; MCP tool calls map an empty string to an absent value.
     */
    private static void requireNoBlankValues(CommandSpec spec) {
        for (CommandSpec level = spec; level != null; level = level.parent()) {
            for (picocli.CommandLine.Model.ArgSpec arg : level.args()) {
                String name =
                        arg instanceof picocli.CommandLine.Model.OptionSpec o ? o.longestName() : arg.paramLabel();
                if (MAY_BE_EMPTY.contains(name)) {
                    continue;
                }
                for (String value : arg.originalStringValues()) {
                    if (value == null || value.isBlank()) {
                        throw CliError.badInput(
                                IdOptions.codeFor(name, ErrorCode.INVALID_VALUE), name + " must not be empty");
                    }
                }
            }
        }
    }

    /** Runs the command and renders its answer; returns the exit code from the context. */
    protected abstract int execute(CliContext context) throws Exception;
}
