package dev.loopx.cli.support;

import picocli.CommandLine.Option;

/** A goal write that appends unless {@code --dry-run} is given (todo, gate, reward, evidence writes). */
public abstract class DryRunCommand extends GoalWriteCommand {
    @Option(names = "--dry-run", description = "Show what would be appended; write nothing.")
    protected boolean dryRun;

    @Override
    protected final boolean writes() {
        return !dryRun;
    }
}
