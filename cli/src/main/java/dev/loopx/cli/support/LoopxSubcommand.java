package dev.loopx.cli.support;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
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
            }
            context.requireGlobalOptions();
            return execute(context);
        } catch (Exception e) {
            return context.renderFailure(e);
        }
    }

    /** Options whose value may be empty: {@code host parse --message} carries a chat message as the host got it. */
    private static final java.util.Set<String> MAY_BE_EMPTY = java.util.Set.of("--message");

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
