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
            return execute(context);
        } catch (Exception e) {
            return context.renderFailure(e);
        }
    }

    /** Runs the command and renders its answer; returns the exit code from the context. */
    protected abstract int execute(CliContext context) throws Exception;
}
