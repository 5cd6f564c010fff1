package dev.loopx.cli.ops;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.scheduler.SchedulerView;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
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
        ArrayNode results = Json.array();
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
            results.addObject()
                    .put(
                            "command",
                            String.join(
                                    " ",
                                    args.stream().filter(a -> !a.equals(goalId)).toList()))
                    .put("exit", exit);
            ok &= exit == 0;
        }
        loadDataDependentClasses();
        ObjectNode doc = CliContext.document("loopx_debug_train_reads_v0", ok);
        doc.set("runs", results);
        int exit = context.emit(doc);
        return ok ? exit : 1;
    }

    /**
     * Classes the same reads load only when the data has them, which the demo project's does not:
     * a decimal (a quota share such as 0.5 — jackson-core's decimal parser) and a scheduler row
     * with an acknowledged schedule. Outside the archive each is read from its jar at run time,
     * and finding it opens every jar listed before that one.
     */
    private static void loadDataDependentClasses() {
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
