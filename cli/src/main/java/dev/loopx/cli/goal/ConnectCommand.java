package dev.loopx.cli.goal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.Receipts;
import dev.loopx.commands.Ids;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.goal.RegisterGoal;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.projections.Projector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "connect", aliases = "bootstrap",
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
    String objective = "";

    @Option(names = "--dry-run", description = "List what would be done; write nothing.")
    boolean dryRun;

    @Option(names = "--operation-id", paramLabel = "ID",
            description = "Idempotency key for the goal registration (same id + same intent replays the receipt).")
    String operationId;

    @Override
    protected int execute(CliContext context) throws IOException {
        Path projectDir = context.environment().workingDirectory().resolve(project).normalize();
        if (!Files.isDirectory(projectDir)) {
            throw CliError.badInput("project_not_found", "--project is not an existing folder");
        }
        String label = Ids.sanitise(projectDir.getFileName() == null ? "project" : projectDir.getFileName().toString(), "project");
        String goal = goalId != null ? IdOptions.requireGoalId(goalId) : Ids.sanitise(label + "-goal", "project-goal");
        TextOptions.requirePublic("--objective", objective, false);
        Path root = context.explicitRuntimeRoot().orElse(projectDir.resolve(".loopx"));
        boolean initialised = checkRoot(root);
        Actor actor = new Actor(ActorKind.OWNER, "cli");
        RegisterGoal command = new RegisterGoal(goal, objective, label);
        if (operationId != null) {
            IdOptions.requireId("--operation-id", operationId);
        }
        Intent intent = Intent.of("connect", dev.loopx.ledger.json.Json.object().put("goal_id", goal)
                .put("objective", objective).put("project_label", label));
        LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(context.now(), goal, actor,
                operationId == null ? "" : operationId, intent);

        String gitignoreEntry = root.startsWith(projectDir) && !root.equals(projectDir)
                ? projectDir.relativize(root).toString().replace('\\', '/') + "/" : null;
        Path gitignore = projectDir.resolve(".gitignore");
        boolean gitignoreNeeded = gitignoreEntry != null && !gitignoreHas(gitignore, gitignoreEntry);
        ProjectRegistry registry = new ProjectRegistry(context.loopxHome());
        boolean registryNeeded = !registry.contains(root);

        ObjectNode doc = CliContext.document("loopx_connect_v0", true);
        doc.put("goal_id", goal);
        doc.put("project_label", label);
        doc.put("runtime_root_label", gitignoreEntry != null ? gitignoreEntry : PathRedactor.REDACTED);
        doc.put("dry_run", dryRun);
        ArrayNode actions = doc.putArray("actions");

        if (dryRun) {
            boolean goalNeeded = !initialised || goalMissing(root, goal);
            action(actions, "create_runtime_root", !initialised, true);
            action(actions, "register_goal", goalNeeded, true);
            action(actions, "update_gitignore", gitignoreNeeded, true);
            action(actions, "record_project", registryNeeded, true);
            doc.put("writes_now", false);
            doc.put("next_step", "loopx connect --project " + project + " --goal-id " + goal);
            return context.emit(doc);
        }

        if (!initialised) {
            LoopxRuntime.initialise(root);
        }
        action(actions, "create_runtime_root", !initialised, false);
        Receipt appended;
        try (LoopxRuntime runtime = LoopxRuntime.open(root, context.syncPolicy())) {
            var outcome = runtime.write(write, views -> GoalDecider.decide(command, Projector.goal(views, goal)));
            if (outcome.isLeft()) {
                throw CliError.of(outcome.getLeft());
            }
            appended = outcome.get();
        }
        action(actions, "register_goal", appended.changed(), false);
        if (gitignoreNeeded) {
            appendGitignore(gitignore, gitignoreEntry);
        }
        action(actions, "update_gitignore", gitignoreNeeded, false);
        boolean recorded = registry.record(root, label, goal);
        action(actions, "record_project", recorded, false);
        doc.put("changed", !initialised || appended.changed() || gitignoreNeeded || recorded);
        doc.set("receipt", Receipts.appended(appended));
        doc.put("next_step", "loopx doctor");
        return context.emit(doc);
    }

    /** True when {@code root} is already a LoopX runtime root; refuses anything that is not ours. */
    private static boolean checkRoot(Path root) throws IOException {
        if (!Files.exists(root)) {
            return false;
        }
        if (!Files.isDirectory(root)) {
            throw CliError.badInput("runtime_root_not_a_directory", "the runtime root exists and is not a folder");
        }
        if (!Files.isReadable(root) || !Files.isWritable(root)) {
            throw new CliError("runtime_root_unreadable", "the runtime root is not readable and writable by this user", "loopx doctor");
        }
        if (Files.isDirectory(root.resolve("ledger"))) {
            return true;
        }
        try (Stream<Path> entries = Files.list(root)) {
            if (entries.findAny().isPresent()) {
                throw new CliError("runtime_root_foreign",
                        "the runtime root is a non-empty folder that LoopX did not create; choose another --runtime-root",
                        "loopx connect --project <dir> --runtime-root <empty-or-new-folder>");
            }
        }
        return false;
    }

    private static boolean goalMissing(Path root, String goal) {
        try (LoopxRuntime runtime = LoopxRuntime.open(root, SyncPolicy.ALWAYS)) {
            return Projector.goal(runtime.views(), goal).isEmpty();
        }
    }

    private static void action(ArrayNode actions, String name, boolean needed, boolean dryRun) {
        ObjectNode a = actions.addObject();
        a.put("action", name);
        a.put("status", needed ? (dryRun ? "would_do" : "done") : "already_done");
    }

    private static boolean gitignoreHas(Path gitignore, String entry) throws IOException {
        if (!Files.exists(gitignore)) {
            return false;
        }
        String bare = entry.endsWith("/") ? entry.substring(0, entry.length() - 1) : entry;
        return Files.readAllLines(gitignore, StandardCharsets.UTF_8).stream().map(String::trim)
                .anyMatch(l -> l.equals(entry) || l.equals(bare) || l.equals("/" + entry) || l.equals("/" + bare));
    }

    private static void appendGitignore(Path gitignore, String entry) throws IOException {
        String prefix = "";
        if (Files.exists(gitignore)) {
            String text = Files.readString(gitignore, StandardCharsets.UTF_8);
            prefix = text.isEmpty() || text.endsWith("\n") ? "" : "\n";
        }
        Files.writeString(gitignore, prefix + "# LoopX runtime state (local, private)\n" + entry + "\n",
                StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
