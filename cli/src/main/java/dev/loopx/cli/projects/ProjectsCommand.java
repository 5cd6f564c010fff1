package dev.loopx.cli.projects;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx projects …}: the projects this LoopX home knows ({@code $LOOPX_HOME/projects.json}). */
@Command(
        name = "projects",
        description = "List the projects recorded in projects.json, or forget one that moved or was deleted.",
        synopsisSubcommandLabel = "COMMAND")
public final class ProjectsCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(ProjectsCommand::new, ProjectsCommand::subcommand, "list", "forget");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "list" -> new ProjectsListCommand();
            case "forget" -> new ProjectsForgetCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "projects needs a subcommand: list or forget");
    }
}
