package dev.loopx.application.project;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.composition.LedgerLocations;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.project.ConnectPlan.Action;
import dev.loopx.commands.Ids;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.goal.RegisterGoal;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.commands.privacy.PublicText;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.Projector;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Use case "connect a project" (SPEC §S9): create its runtime root, register the goal, ignore the
 * runtime root in the project's {@code .gitignore}, record the project in
 * {@code $LOOPX_HOME/projects.json}. One {@link ConnectPlan} is computed first; a dry run answers
 * it and writes nothing, a real run executes exactly its needed actions. Safe to repeat: existing
 * state is never overwritten, and a root LoopX did not create is refused. The request is checked
 * here, in a fixed order (project folder, goal id, objective, runtime root, operation id), before
 * anything is written; the first problem is the answer.
 */
public final class ConnectProject {
    private ConnectProject() {}

    /**
     * @param projectDir the project folder (absolute, or relative to the process's working directory)
     * @param goalId the goal to register; {@code null}: {@code <project-label>-goal}
     * @param objective what the goal is for; must be public-safe text; may be empty
     * @param runtimeRoot where the runtime root goes; {@code null}: {@code <projectDir>/.loopx}
     * @param operationId idempotency key of the goal registration; {@code null}: none
     * @param ledger a server ledger URL ({@code postgresql://HOST:PORT/DB?ledger=NAME}, no user info)
     *     for a new runtime root; {@code null}: the embedded journal (or what the root already uses)
     */
    public record Request(
            Path projectDir,
            String goalId,
            String objective,
            Path runtimeRoot,
            String operationId,
            boolean dryRun,
            String ledger) {
        public Request {
            Objects.requireNonNull(projectDir, "projectDir");
            Objects.requireNonNull(objective, "objective");
            runtimeRoot = runtimeRoot != null ? runtimeRoot : projectDir.resolve(".loopx");
        }

        public Request(
                Path projectDir,
                String goalId,
                String objective,
                Path runtimeRoot,
                String operationId,
                boolean dryRun) {
            this(projectDir, goalId, objective, runtimeRoot, operationId, dryRun, null);
        }
    }

    /** The answer: the plan, and for a real run what it did. */
    public sealed interface Outcome {
        ConnectPlan plan();

        /** A dry run: nothing was written. */
        record Planned(ConnectPlan plan) implements Outcome {}

        /**
         * A real run: the actions that changed something and the goal registration's receipt (no
         * events when the goal existed; the original one for an {@code --operation-id} replay).
         */
        record Connected(ConnectPlan plan, Set<Action> done, Receipt receipt) implements Outcome {
            public Connected {
                done = Action.copyOf(done);
                Objects.requireNonNull(receipt, "receipt");
            }

            public boolean did(Action action) {
                return done.contains(action);
            }
        }
    }

    /**
     * Plans, then (unless a dry run) executes the plan. {@code invocation} supplies the clock, the
     * LoopX home and the ledger configuration. I/O failures are exceptions (the index's are
     * {@code LedgerException}s with their own codes).
     */
    public static Either<ConnectRefusal, Outcome> run(Invocation invocation, Request request) throws IOException {
        try (OpenOnce runtime = new OpenOnce(request.runtimeRoot(), invocation)) {
            Either<ConnectRefusal, ConnectPlan> plan = plan(invocation, request, runtime);
            if (plan.isLeft() || request.dryRun()) {
                return plan.map(Outcome.Planned::new);
            }
            return execute(invocation, plan.get(), request.operationId() == null ? "" : request.operationId(), runtime);
        }
    }

    private static Either<ConnectRefusal, ConnectPlan> plan(Invocation invocation, Request r, OpenOnce runtime)
            throws IOException {
        Either<ConnectRefusal, Boolean> initialised = check(r);
        if (initialised.isLeft()) {
            return Either.left(initialised.getLeft());
        }
        Path root = r.runtimeRoot();
        Optional<LedgerLocation> server = Optional.empty();
        if (r.ledger() != null) {
            try {
                server = Optional.of(LedgerLocation.parse(r.ledger()));
            } catch (LedgerLocation.Invalid e) {
                return Either.left(new ConnectRefusal.InvalidLedgerLocation(e.errorCode(), e.getMessage()));
            }
            if (initialised.get() && !server.equals(LedgerLocations.stored(root))) {
                return Either.left(new ConnectRefusal.LedgerLocationConflict());
            }
        }
        String label = label(r.projectDir());
        String goal = r.goalId() == null ? Ids.sanitise(label + "-goal", "project-goal") : r.goalId();
        String entry = root.startsWith(r.projectDir()) && !root.equals(r.projectDir())
                ? r.projectDir().relativize(root).toString().replace('\\', '/') + "/"
                : "";
        Set<Action> needed = EnumSet.noneOf(Action.class);
        if (!initialised.get()) {
            needed.add(Action.CREATE_RUNTIME_ROOT);
        }
        if (!entry.isEmpty() && !Gitignore.has(r.projectDir().resolve(".gitignore"), entry)) {
            needed.add(Action.UPDATE_GITIGNORE);
        }
        if (!new ProjectRegistry(invocation.loopxHome()).records(root, goal)) {
            needed.add(Action.RECORD_PROJECT);
        }
        if (!initialised.get() || Projector.goal(runtime.get().views(), goal).isEmpty()) {
            needed.add(Action.REGISTER_GOAL);
        }
        return Either.right(new ConnectPlan(r.projectDir(), root, label, goal, r.objective(), entry, needed, server));
    }

    /**
     * Runs the plan's actions in order. The goal registration always goes through the write path
     * (its decider changes nothing for an existing goal): the receipt, and an
     * {@code --operation-id} replay, come from there.
     */
    private static Either<ConnectRefusal, Outcome> execute(
            Invocation invocation, ConnectPlan plan, String operationId, OpenOnce runtime) throws IOException {
        Set<Action> done = EnumSet.noneOf(Action.class);
        if (plan.needs(Action.RECORD_PROJECT)) {
            new ProjectRegistry(invocation.loopxHome()).requireWritable(); // before anything is written
        }
        if (plan.needs(Action.CREATE_RUNTIME_ROOT)) {
            if (plan.serverLedger().isPresent()) {
                // Reach the server (and create its schema) before anything is written here: a server
                // that is down or refuses the login leaves no runtime root behind.
                try (var ledger = Composition.openServer(plan.serverLedger().get(), invocation)
                        .ledger()) {
                    ledger.head();
                }
            }
            LoopxRuntime.initialise(plan.runtimeRoot());
            plan.serverLedger().ifPresent(location -> LedgerLocations.store(plan.runtimeRoot(), location));
            done.add(Action.CREATE_RUNTIME_ROOT);
        }
        Either<Rejection, Receipt> registered = registerGoal(invocation, plan, operationId, runtime.get());
        if (registered.isLeft()) {
            return Either.left(new ConnectRefusal.WriteRejected(registered.getLeft()));
        }
        if (registered.get().changed()) {
            done.add(Action.REGISTER_GOAL);
        }
        if (plan.needs(Action.UPDATE_GITIGNORE)) {
            Gitignore.append(plan.projectDir().resolve(".gitignore"), plan.gitignoreEntry());
            done.add(Action.UPDATE_GITIGNORE);
        }
        ProjectRegistry registry = new ProjectRegistry(invocation.loopxHome());
        if (plan.needs(Action.RECORD_PROJECT)
                && registry.record(plan.runtimeRoot(), plan.projectLabel(), plan.goalId())) {
            done.add(Action.RECORD_PROJECT);
        }
        return Either.right(new Outcome.Connected(plan, done, registered.get()));
    }

    private static Either<Rejection, Receipt> registerGoal(
            Invocation invocation, ConnectPlan plan, String operationId, LoopxRuntime runtime) {
        RegisterGoal command = new RegisterGoal(plan.goalId(), plan.objective(), plan.projectLabel());
        Actor actor = new Actor(ActorKind.OWNER, "cli");
        Intent intent = Intent.of(
                "connect",
                Json.object()
                        .put("goal_id", plan.goalId())
                        .put("objective", plan.objective())
                        .put("project_label", plan.projectLabel()));
        GoalWrites.Request request = new GoalWrites.Request(
                plan.goalId(),
                actor,
                operationId,
                intent,
                false,
                (goal, views) -> GoalDecider.decide(command, goal.map(GoalState::goal)));
        LoopxRuntime.WriteContext write =
                new LoopxRuntime.WriteContext(invocation.now(), plan.goalId(), actor, operationId, intent);
        return GoalWrites.run(runtime, write, request).map(outcome -> switch (outcome) {
            case GoalWrites.Outcome.Written w -> w.receipt();
            case GoalWrites.Outcome.Previewed p -> throw new IllegalStateException("a connect write was previewed");
        });
    }

    /**
     * The request's first problem, in this order: project folder, goal id, objective, runtime root,
     * operation id; else whether the runtime root is already initialised.
     */
    private static Either<ConnectRefusal, Boolean> check(Request r) throws IOException {
        if (!Files.isDirectory(r.projectDir())) {
            return Either.left(new ConnectRefusal.ProjectFolderMissing());
        }
        Optional<ConnectRefusal> invalid = (r.goalId() == null
                        ? Optional.<ConnectRefusal>empty()
                        : Ids.problem(r.goalId()).<ConnectRefusal>map(ConnectRefusal.InvalidGoalId::new))
                .or(() ->
                        PublicText.checkOptional("objective", r.objective()).map(ConnectRefusal.InvalidObjective::new));
        if (invalid.isPresent()) {
            return Either.left(invalid.get());
        }
        Either<ConnectRefusal, Boolean> initialised = initialised(r.runtimeRoot());
        Optional<String> badOperationId = r.operationId() == null ? Optional.empty() : Ids.problem(r.operationId());
        return initialised.isRight() && badOperationId.isPresent()
                ? Either.left(new ConnectRefusal.InvalidOperationId(badOperationId.get()))
                : initialised;
    }

    /** The project folder's name as a valid id (the public label a project is known by). */
    private static String label(Path projectDir) {
        return Ids.sanitise(
                projectDir.getFileName() == null
                        ? "project"
                        : projectDir.getFileName().toString(),
                "project");
    }

    /** Right(true): a LoopX runtime root; Right(false): nothing there or an empty folder; Left: not ours to use. */
    private static Either<ConnectRefusal, Boolean> initialised(Path root) throws IOException {
        if (!Files.exists(root)) {
            return Either.right(false);
        }
        if (!Files.isDirectory(root)) {
            return Either.left(new ConnectRefusal.RuntimeRootNotAFolder());
        }
        if (!Files.isReadable(root) || !Files.isWritable(root)) {
            return Either.left(new ConnectRefusal.RuntimeRootInaccessible());
        }
        if (Files.isDirectory(root.resolve("ledger"))) {
            return Either.right(true);
        }
        try (Stream<Path> entries = Files.list(root)) {
            return entries.findAny().isPresent()
                    ? Either.left(new ConnectRefusal.RuntimeRootForeign())
                    : Either.right(false);
        }
    }

    /**
     * The runtime root, opened on first use and then kept for the rest of the call, so a real run
     * that reads the goal while planning writes through the same runtime. Only opened once the
     * root is initialised (the plan asks only then; execution after creating it).
     */
    private static final class OpenOnce implements AutoCloseable {
        private final Path root;
        private final Invocation invocation;
        private LoopxRuntime runtime;

        OpenOnce(Path root, Invocation invocation) {
            this.root = root;
            this.invocation = invocation;
        }

        LoopxRuntime get() {
            if (runtime == null) {
                runtime = Composition.open(root, invocation);
            }
            return runtime;
        }

        @Override
        public void close() {
            if (runtime != null) {
                runtime.close();
            }
        }
    }
}
