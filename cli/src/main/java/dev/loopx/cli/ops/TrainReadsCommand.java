package dev.loopx.cli.ops;

import com.fasterxml.jackson.core.JsonParser;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.composition.LedgerLocations;
import dev.loopx.cli.render.DebugTrainReadsAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.scheduler.SchedulerView;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The training run of the read-path class-data archive ({@code lib/loopx-read.aot}, made by
 * {@code bin/loopx-train}): the commands a host calls on every heartbeat, run in this one JVM
 * against an existing, current project. It only reads, so the archive holds no ledger-writing
 * classes (Chronicle Queue, its native layer) nor Jackson's databind (none of these builds the
 * mapper), which the JVM would otherwise load at every start.
 */
@Command(name = "train-reads", description = "Run the heartbeat read commands once each (class-data archive training).")
public final class TrainReadsCommand extends LoopxSubcommand {
    @Option(names = "--goal-id", required = true)
    String goalId;

    @Option(names = "--agent-id", required = true)
    String agentId;

    @Option(
            names = "--lane-due-to-replan",
            description = "Also ask should-run and status on this goal, whose lane --agent-id is due to replan"
                    + " (debug train-writes leaves one).")
    String replanGoalId;

    @Option(
            names = "--server-reads",
            description = "Also run the reads on a PostgreSQL runtime root, against a stand-in server on"
                    + " loopback (lib/loopx-read-pg: the launcher puts lib/postgresql on the class path of this run).")
    boolean serverReads;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        List<List<String>> runs = new ArrayList<>();
        runs.add(List.of("version"));
        runs.add(List.of("status", "--goal-id", goalId));
        runs.add(List.of("--format", "text", "status", "--goal-id", goalId));
        for (String profile : RuntimeProfile.wireNames()) {
            runs.add(List.of(
                    "quota", "should-run", "--goal-id", goalId, "--agent-id", agentId, "--runtime-profile", profile));
        }
        runs.add(List.of("quota", "status", "--goal-id", goalId));
        runs.add(List.of("heartbeat-prompt", "--goal-id", goalId, "--agent-id", agentId));
        runs.add(List.of("todo", "list", "--goal-id", goalId));
        runs.add(List.of("--format", "text", "todo", "list", "--goal-id", goalId));
        if (replanGoalId != null) {
            runs.add(List.of(
                    "quota",
                    "should-run",
                    "--goal-id",
                    replanGoalId,
                    "--agent-id",
                    agentId,
                    "--runtime-profile",
                    RuntimeProfile.CODEX_APP_HEARTBEAT.wire()));
            runs.add(List.of("status", "--goal-id", replanGoalId));
            runs.add(List.of("--format", "text", "status", "--goal-id", replanGoalId));
        }
        List<DebugTrainReadsAnswer.Run> results = new ArrayList<>();
        boolean ok = true;
        for (List<String> args : runs) {
            List<String> full = new ArrayList<>(
                    List.of("--runtime-root", context.runtimeRoot().toString()));
            if (!args.contains("--format")) {
                full.addAll(List.of("--format", "json"));
            }
            full.addAll(args);
            StringWriter sink = new StringWriter();
            int exit = context.runner()
                    .run(
                            full.toArray(String[]::new),
                            new PrintWriter(sink),
                            new PrintWriter(sink),
                            context.environment());
            results.add(new DebugTrainReadsAnswer.Run(
                    String.join(
                            " ",
                            args.stream()
                                    .filter(a -> !a.equals(goalId) && !a.equals(replanGoalId))
                                    .toList()),
                    exit));
            ok &= exit == 0;
        }
        loadDataDependentClasses();
        Boolean serverOk = serverReads ? runServerReads(context) : null;
        ok &= serverOk == null || serverOk;
        boolean heldOk = runHeldReads(context);
        ok &= heldOk;
        int exit = context.emit(new DebugTrainReadsAnswer(results, Optional.ofNullable(serverOk), heldOk));
        return ok ? exit : 1;
    }

    /** The user the training runs log in as (to the stand-in server) and name in their environment. */
    private static final String TRAINING_USER = "loopx-train";

    /**
     * The same reads on a runtime root whose ledger is a PostgreSQL server: a stand-in server on
     * loopback ({@link Composition#trainingServer}, beside the PostgreSQL session code) stands in for
     * it (an empty ledger), so the driver's login, connection and queries and LoopX's server-ledger
     * path run as on a real heartbeat. The answers (no such goal) do not matter, only the code they
     * ran.
     *
     * @return whether every run got as far as an answer (exit 0 or 1)
     */
    private boolean runServerReads(CliContext context) {
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        String password = Base64.getUrlEncoder().encodeToString(secret);
        Path root = null;
        try (Composition.TrainingServer server =
                Composition.trainingServer(context.environment().servers(), TRAINING_USER, password)) {
            root = Files.createTempDirectory("loopx-train-server");
            LedgerLocations.createRoot(
                    root, LedgerLocation.parse("postgresql://127.0.0.1:" + server.port() + "/loopx?ledger=train"));
            Map<String, String> variables = trainingVariables(context);
            variables.put("PGPASSWORD", password);
            return runReads(context, root, variables, true);
        } catch (IOException | LedgerLocation.Invalid | RuntimeException e) {
            return false;
        } finally {
            if (root != null) {
                try {
                    DemoCommand.deleteTree(root);
                } catch (IOException | UncheckedIOException e) {
                    // a temporary folder the system cleans up
                }
            }
        }
    }

    /**
     * The reads of a PostgreSQL runtime root that ask the ledger's head holder (ADR 0009: the launcher
     * starts such a read from loopx-read's archive): a stand-in holder answers "empty ledger" for a
     * runtime root with an empty store, so the reads take the holder's answer and never log in (the
     * URL names a port nothing listens on). The answers (no such goal) do not matter, only the code
     * they ran.
     *
     * @return whether every run got as far as an answer (exit 0 or 1)
     */
    private boolean runHeldReads(CliContext context) {
        Path root = null;
        AutoCloseable holder = null;
        try {
            root = Files.createTempDirectory("loopx-train-held");
            LedgerLocation location = LedgerLocation.parse("postgresql://127.0.0.1:9/loopx?ledger=train-held");
            LedgerLocations.createRoot(root, location);
            Map<String, String> variables = trainingVariables(context);
            holder = Composition.standInHeadHolder(root, Map.copyOf(variables));
            context.environment().servers().heartbeatReads(true, Duration.ofSeconds(30));
            try {
                return runReads(context, root, variables, false);
            } finally {
                context.environment().servers().heartbeatReads(false);
            }
        } catch (IOException | LedgerLocation.Invalid | RuntimeException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            if (holder != null) {
                try {
                    holder.close();
                } catch (Exception e) {
                    // a daemon thread of a process that ends now
                }
            }
            if (root != null) {
                try {
                    DemoCommand.deleteTree(root);
                } catch (IOException | UncheckedIOException e) {
                    // a temporary folder the system cleans up
                }
            }
        }
    }

    /** The caller's environment without its PostgreSQL and head-holder settings, the training server's user. */
    private static Map<String, String> trainingVariables(CliContext context) {
        Map<String, String> variables = new HashMap<>();
        context.environment().variables().forEach((k, v) -> {
            if (!k.startsWith("PG") && !k.startsWith("LOOPX_LEDGER_HOLDER")) {
                variables.put(k, v);
            }
        });
        variables.put("PGUSER", TRAINING_USER);
        return variables;
    }

    /** The heartbeat reads (and {@code doctor}) on {@code root}; whether each got as far as an answer (exit 0 or 1). */
    private boolean runReads(CliContext context, Path root, Map<String, String> variables, boolean doctor) {
        Environment environment = context.environment()
                .with(
                        variables,
                        context.environment().workingDirectory(),
                        context.environment().userHome(),
                        false);
        List<List<String>> reads = new ArrayList<>(List.of(
                List.of("quota", "should-run", "--goal-id", goalId, "--agent-id", agentId),
                List.of("status", "--goal-id", goalId),
                List.of("heartbeat-prompt", "--goal-id", goalId, "--agent-id", agentId)));
        if (doctor) {
            reads.add(List.of("doctor"));
        }
        boolean ok = true;
        for (List<String> args : reads) {
            List<String> full = new ArrayList<>(List.of("--runtime-root", root.toString(), "--format", "json"));
            full.addAll(args);
            StringWriter sink = new StringWriter();
            int exit = context.runner()
                    .run(full.toArray(String[]::new), new PrintWriter(sink), new PrintWriter(sink), environment);
            ok &= exit == 0 || exit == 1;
        }
        return ok;
    }

    /**
     * Classes the same reads load only when the data has them, which the demo project's does not:
     * a decimal (a quota share such as 0.5 — jackson-core's decimal parser) and a scheduler row
     * with an acknowledged schedule. Outside the archive each is read from its jar at run time,
     * and finding it opens every jar listed before that one.
     */
    static void loadDataDependentClasses() {
        try (JsonParser p = Json.FACTORY.createParser("0.5")) {
            p.nextToken();
            p.getDecimalValue();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (SchedulerView.Ack.class.getRecordComponents().length == 0) {
            throw new IllegalStateException("SchedulerView.Ack has no components");
        }
    }
}
