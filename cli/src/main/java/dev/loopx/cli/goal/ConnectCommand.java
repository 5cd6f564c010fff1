package dev.loopx.cli.goal;

import dev.loopx.application.project.ConnectProject;
import dev.loopx.application.project.ConnectRefusal;
import dev.loopx.cli.render.CommandLines;
import dev.loopx.cli.render.ConnectAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.privacy.PublicTextViolation;
import dev.loopx.projections.next.Flag;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx connect} ({@code loopx_connect_v0}): one {@link ConnectProject} call (which checks
 * the request: bad input is exit 2, nothing written), rendered as its plan ({@code --dry-run}:
 * each action {@code would_do} or {@code already_done}) or what it did ({@code done} or
 * {@code already_done}, with the goal registration's receipt). Refusals keep their codes and hints.
 */
@Command(
        name = "connect",
        aliases = "bootstrap",
        description = {
            "Connect a project to LoopX: create its runtime root (<project>/.loopx), register the goal,",
            "add the runtime root to the project's .gitignore and record the project in",
            "$LOOPX_HOME/projects.json (default ~/.loopx). Safe to repeat: existing state is never",
            "overwritten. Use --dry-run to see what would happen without writing anything."
        },
        footer = {"", "Example:  loopx connect --project . --objective \"Ship the importer\""})
public final class ConnectCommand extends LoopxSubcommand {
    @Option(names = "--project", required = true, paramLabel = "DIR", description = "The project folder.")
    String project;

    @Option(names = "--goal-id", paramLabel = "ID", description = "Goal id (default: <project-folder-name>-goal).")
    String goalId;

    @Option(names = "--objective", paramLabel = "TEXT", description = "What the goal is for (public-safe text).")
    String objective;

    @Option(names = "--dry-run", description = "List what would be done; write nothing.")
    boolean dryRun;

    @Option(
            names = "--operation-id",
            paramLabel = "ID",
            description = "Idempotency key for the goal registration (same id + same intent replays the receipt).")
    String operationId;

    @Option(
            converter = TextOptions.LedgerLocationConverter.class,
            names = "--ledger",
            paramLabel = "URL",
            description = {
                "Keep the ledger on a PostgreSQL server instead of the embedded journal, shared by every",
                "machine that connects its checkout to the same URL: postgresql://HOST:PORT/DB?ledger=NAME",
                "(optional &sslmode=..., &service=...). Never put a user or password in the URL: LoopX uses",
                "PGUSER, ~/.pgpass (or PGPASSFILE), PGPASSWORD, PGSSLMODE and service files. Only when",
                "the runtime root is created; `loopx ledger migrate --to URL` moves an existing one."
            })
    String ledger;

    @Override
    protected int execute(CliContext context) throws IOException {
        TextOptions.requireValue("--project", project);
        if (goalId != null) {
            IdOptions.requireGoalId(goalId);
        }
        String publicObjective = TextOptions.requirePublic("--objective", objective, false);
        if (operationId != null) {
            IdOptions.requireId("--operation-id", operationId);
        }
        Path projectDir;
        try {
            projectDir =
                    context.environment().workingDirectory().resolve(project).normalize();
        } catch (InvalidPathException e) {
            throw CliError.badInput(ErrorCode.PROJECT_NOT_FOUND, "--project is not an existing folder");
        }
        if (projectDir.getParent() == null) {
            throw CliError.badInput(
                    ErrorCode.INVALID_VALUE, "--project must be a project folder, not the root of the file system");
        }
        ConnectProject.Request request = new ConnectProject.Request(
                projectDir,
                goalId,
                publicObjective,
                context.explicitRuntimeRoot().orElse(null),
                operationId,
                dryRun,
                ledger);
        ConnectProject.Outcome outcome = ConnectProject.run(context.invocation(request.runtimeRoot()), request)
                .getOrElseThrow(ConnectCommand::error);
        return context.emit(new ConnectAnswer(outcome, project, dryRun));
    }

    private static CliError error(ConnectRefusal refusal) {
        return switch (refusal) {
            case ConnectRefusal.InvalidGoalId r ->
                CliError.badInput(r.errorCode(), CommandLines.flag(Flag.GOAL_ID) + " " + r.problem());
            case ConnectRefusal.InvalidObjective r -> {
                PublicTextViolation v = r.violation().withField(CommandLines.flag(Flag.OBJECTIVE));
                yield new CliError(r.errorCode(), v.message(), v.hint());
            }
            case ConnectRefusal.InvalidOperationId r ->
                CliError.badInput(r.errorCode(), CommandLines.flag(Flag.OPERATION_ID) + " " + r.problem());
            case ConnectRefusal.ProjectFolderMissing r ->
                CliError.badInput(r.errorCode(), "--project is not an existing folder");
            case ConnectRefusal.RuntimeRootNotAFolder r ->
                CliError.badInput(r.errorCode(), "the runtime root exists and is not a folder");
            case ConnectRefusal.RuntimeRootInaccessible r ->
                new CliError(
                        r.errorCode(), "the runtime root is not readable and writable by this user", "loopx doctor");
            case ConnectRefusal.RuntimeRootForeign r ->
                new CliError(
                        r.errorCode(),
                        "the runtime root is a non-empty folder that LoopX did not create; choose another --runtime-root",
                        "connect again with --runtime-root naming an empty or a new folder");
            case ConnectRefusal.InvalidLedgerLocation r ->
                new CliError(
                        r.errorCode(),
                        r.problem(),
                        r.errorCode().equals("ledger_location_has_password")
                                ? "add a line HOST:PORT:DB:USER:PASSWORD to the .pgpass file of your home folder (chmod 600),"
                                        + " then connect again with --ledger in the form postgresql://HOST:PORT/DB?ledger=NAME"
                                : "connect again with --ledger in the form postgresql://HOST:PORT/DB?ledger=NAME");
            case ConnectRefusal.LedgerLocationConflict r ->
                new CliError(
                        r.errorCode(),
                        "the runtime root already keeps its ledger elsewhere; --ledger applies only when it is created",
                        "loopx ledger migrate --to postgresql://HOST:PORT/DB?ledger=NAME");
            case ConnectRefusal.WriteRejected r -> CliError.of(r.rejection());
        };
    }
}
