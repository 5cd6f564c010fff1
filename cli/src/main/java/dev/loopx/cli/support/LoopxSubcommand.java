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

    protected CliContext context() {
        return ((LoopxCommand) spec.root().userObject()).context();
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
