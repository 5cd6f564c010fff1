package dev.loopx.cli.support;

/**
 * A command whose {@code --goal-id} may be left out when the runtime root has exactly one goal (as
 * git finds the repository, kubectl the current context): that goal is used, and {@code --help}
 * says so. With several goals the command refuses and names them; with none, it says the option
 * is missing. Its {@code --goal-id} option is declared without {@code required}; {@link
 * LoopxSubcommand} fills it before the command runs. The quick path ({@link QuickPath}) still
 * requires it, so a heartbeat that names its goal never reads the goal list.
 */
public interface TheOnlyGoalByDefault {
    /** The sentence every such {@code --goal-id} ends its description with. */
    String HELP = "Default: the runtime root's only goal, when it has exactly one.";
}
