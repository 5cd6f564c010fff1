package dev.loopx.cli.projects;

import dev.loopx.application.project.ForgetProject;
import dev.loopx.cli.render.ProjectsForgetAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import java.nio.file.InvalidPathException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code loopx projects forget PROJECT} ({@code loopx_projects_forget_v0}): one
 * {@link ForgetProject} call. Previews unless given {@code --execute} (ADR 0008: it changes the
 * LoopX home's own state); an unknown or ambiguous project is a refusal (exit 1), nothing written.
 */
@Command(
        name = "forget",
        description = {
            "Remove a project from $LOOPX_HOME/projects.json, so the global views stop listing it (a",
            "folder that was moved or deleted). PROJECT is its label (as the global views show it) or its",
            "folder. Only the index changes: the project's files and ledger are never touched, and",
            "loopx connect records it again. Shows a preview unless --execute is given."
        },
        footer = {"", "Example:  loopx projects forget weather-app --execute"})
public final class ProjectsForgetCommand extends LoopxSubcommand {
    @Parameters(
            index = "0",
            paramLabel = "PROJECT",
            description = "The project's label, or its folder (a path: contains a /, or is . or ..).")
    String project;

    @Option(names = "--execute", description = "Write (without it the command only shows what it would write).")
    boolean execute;

    @Override
    protected int execute(CliContext context) {
        TextOptions.requireValue("PROJECT", project);
        ForgetProject.Outcome outcome;
        try {
            outcome = ForgetProject.run(
                            context.invocation(context.loopxHome()), new ForgetProject.Request(project, execute))
                    .getOrElseThrow(ProjectsForgetCommand::error);
        } catch (InvalidPathException e) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "PROJECT is neither a label nor a usable path");
        }
        return context.emit(new ProjectsForgetAnswer(outcome));
    }

    private static CliError error(ForgetProject.Refusal refusal) {
        return switch (refusal) {
            case ForgetProject.Refusal.NotRecorded r ->
                new CliError(
                        ErrorCode.PROJECT_NOT_RECORDED,
                        "projects.json records no project with that label or folder; nothing was written",
                        "loopx projects list");
            case ForgetProject.Refusal.Ambiguous r ->
                new CliError(
                        ErrorCode.PROJECT_LABEL_AMBIGUOUS,
                        r.count() + " recorded projects share that label and every one is still there; nothing"
                                + " was written",
                        "name the project by its folder instead: loopx projects forget 'DIR'");
        };
    }
}
