package dev.loopx.cli.support;

import picocli.CommandLine.Option;

/**
 * A goal write that only previews unless {@code --execute} is given (SPEC §S0: spend-slot,
 * scheduler acks, register-agent, goal-lifecycle, configure-goal…).
 */
public abstract class PreviewFirstCommand extends GoalWriteCommand {
    @Option(names = "--execute", description = "Append (default: preview only; nothing is written).")
    protected boolean execute;

    @Override
    protected final boolean writes() {
        return execute;
    }
}
