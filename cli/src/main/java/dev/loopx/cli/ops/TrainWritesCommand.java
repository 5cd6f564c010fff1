package dev.loopx.cli.ops;

import dev.loopx.application.composition.ScheduledLedgerCheck;
import dev.loopx.cli.render.DebugTrainReadsAnswer;
import dev.loopx.cli.render.DebugTrainWritesAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * The training run of the class-data archive of every command but the heartbeat reads
 * ({@code lib/loopx.aot}, made by {@code bin/loopx-train}): {@code loopx demo --keep} (the common
 * commands, writes included), then, in the same JVM on the project the demo kept, what hosts and
 * agents run that the tour does not show: a todo whose text comes from a file (the path check and
 * its privacy rules), a fractional quota, writebacks with the same outcome, a completion that makes
 * a lane due to replan (on a second goal in the same runtime root). Outside the archive each class
 * those load is read from its jar at every start, and each lambda it links is spun again (ADR 0003,
 * decision 18). Its answer lists the runs; the demo's {@code kept the temporary project at} line
 * goes to stderr, as the demo's own does.
 */
@Command(
        name = "train-writes",
        description = "Run the demo and the writes it does not show (class-data archive training).")
public final class TrainWritesCommand extends LoopxSubcommand {
    private static final String KEPT = DemoCommand.KEPT;
    private static final String GOAL = "weather-app-goal";

    @Override
    protected int execute(CliContext context) throws IOException {
        List<DebugTrainReadsAnswer.Run> results = new ArrayList<>();
        StringWriter demoErr = new StringWriter();
        int demoExit = context.runner()
                .run(
                        new String[] {"--format", "json", "demo", "--keep"},
                        new PrintWriter(new StringWriter()),
                        new PrintWriter(demoErr),
                        context.environment());
        results.add(new DebugTrainReadsAnswer.Run("demo --keep", demoExit));
        Optional<Path> project = demoErr.toString()
                .lines()
                .filter(l -> l.startsWith(KEPT))
                .map(l -> Path.of(l.substring(KEPT.length()).strip()))
                .findFirst();
        context.err().print(demoErr);
        context.err().flush();
        if (project.isPresent()) {
            results.addAll(moreWrites(context, project.get()));
        }
        TrainReadsCommand.loadDataDependentClasses();
        if (project.isEmpty()) {
            results.add(new DebugTrainReadsAnswer.Run("find the kept project", 1));
        }
        return context.emit(new DebugTrainWritesAnswer(results));
    }

    /** The goal of the second project, whose lane is due to replan (bin/loopx-train names it to train-reads). */
    static final String REPLAN_GOAL = "nightly-export-goal";

    /**
     * The writes on the kept project (its LOOPX_HOME beside it, as the demo made it), then a second
     * project inside it (the same runtime root) whose builder lane is due to replan: a fractional quota, a replan after every
     * completed todo, a todo left open after three writebacks with the same outcome (the
     * same-outcome breaker's streak) and another one claimed and completed. {@code debug
     * train-reads} then asks should-run and status there too, for the reads of a lane told to plan.
     */
    private static List<DebugTrainReadsAnswer.Run> moreWrites(CliContext context, Path project) throws IOException {
        Path base = project.getParent();
        Map<String, String> variables = new HashMap<>(context.environment().variables());
        variables.put("LOOPX_HOME", base.resolve("loopx-home").toString());
        variables.put(ScheduledLedgerCheck.HOURS, "0");
        Environment inner = context.environment().with(variables, project, base, false);
        Path text = base.resolve("todo-text.txt");
        Files.writeString(text, "Add the importer's retry on a 503\n", StandardCharsets.UTF_8);
        List<DebugTrainReadsAnswer.Run> results = new ArrayList<>();
        run(
                context,
                inner,
                results,
                "todo",
                "add",
                "--goal-id",
                GOAL,
                "--role",
                "agent",
                "--text-file",
                text.toString());
        run(context, inner, results, "todo", "list", "--goal-id", GOAL, "--role", "agent");
        // a project of its own whose goal is registered in the demo project's runtime root (where
        // train-reads runs); every later command finds that root from the demo project
        Path second = Files.createDirectories(base.resolve("nightly-export"));
        Environment there = inner;
        String g = REPLAN_GOAL;
        run(
                context,
                there,
                results,
                "--runtime-root",
                project.resolve(".loopx").toString(),
                "connect",
                "--project",
                second.toString(),
                "--objective",
                "Keep the nightly export green");
        run(context, there, results, "register-agent", "--goal-id", g, "--agent-id", "builder", "--execute");
        run(
                context,
                there,
                results,
                "configure-goal",
                "--goal-id",
                g,
                "--quota-compute",
                "0.5",
                "--replan-after-completed-todos",
                "1",
                "--execute");
        String held = run(
                context,
                there,
                results,
                "todo",
                "add",
                "--goal-id",
                g,
                "--role",
                "agent",
                "--text-file",
                text.toString());
        run(context, there, results, "todo", "claim", "--goal-id", g, "--todo-id", held, "--agent-id", "builder");
        for (int i = 0; i < 3; i++) {
            run(
                    context,
                    there,
                    results,
                    "refresh-state",
                    "--goal-id",
                    g,
                    "--agent-id",
                    "builder",
                    "--delivery-outcome",
                    "outcome_progress",
                    "--summary",
                    "export still red");
        }
        String done = run(
                context,
                there,
                results,
                "todo",
                "add",
                "--goal-id",
                g,
                "--role",
                "agent",
                "--text",
                "Pin the exporter's driver");
        run(
                context,
                there,
                results,
                "todo",
                "complete",
                "--goal-id",
                g,
                "--todo-id",
                done,
                "--agent-id",
                "builder",
                "--evidence",
                "pinned");
        return results;
    }

    /** Runs one command in-process, adds its run to {@code results}; the todo id it answered, if any. */
    private static String run(
            CliContext context, Environment environment, List<DebugTrainReadsAnswer.Run> results, String... args) {
        List<String> full = new ArrayList<>(List.of("--format", "json"));
        full.addAll(List.of(args));
        StringWriter out = new StringWriter();
        int exit = context.runner()
                .run(
                        full.toArray(String[]::new),
                        new PrintWriter(out),
                        new PrintWriter(new StringWriter()),
                        environment);
        List<String> words = List.of(args);
        if (words.get(0).equals("--runtime-root")) {
            words = words.subList(2, words.size());
        }
        String name =
                words.size() > 1 && !words.get(1).startsWith("--") ? words.get(0) + " " + words.get(1) : words.get(0);
        results.add(new DebugTrainReadsAnswer.Run(name, exit));
        try {
            return Json.tree(out.toString().getBytes(StandardCharsets.UTF_8))
                    .path("todo_id")
                    .asText("");
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
