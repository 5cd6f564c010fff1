package dev.loopx.cli.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.composition.ScheduledLedgerCheck;
import dev.loopx.cli.render.DemoAnswer;
import dev.loopx.cli.render.EventLine;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TextView;
import dev.loopx.cli.render.Words;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.host.pack.CliCall;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.todo.TodoStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A guided tour on a throw-away project: every step is a real {@code loopx} command run
 * in-process against a temporary project and a temporary LOOPX_HOME, so nothing of the user's is
 * touched. The answer lists each command and what it returned.
 */
@Command(
        name = "demo",
        description = {
            "Run a short tour in a temporary project (your own projects and ~/.loopx are not",
            "touched): connect a project, register two agents, add work and a scoped owner gate, claim,",
            "complete with evidence, spend one slot, reward, ask should-run for both lanes (with the",
            "scheduler hint); then verify and replay the ledger, rebuild the",
            "projections and prove the rebuild is byte-identical, run doctor. Removes the project after."
        })
public final class DemoCommand extends LoopxSubcommand {
    /** What {@code --keep} prints before the kept project's folder (bin/loopx-train reads it). */
    static final String KEPT = "loopx demo: kept the temporary project at ";

    @Option(names = "--keep", description = "Keep the temporary project (its location is printed on stderr).")
    boolean keep;

    /** One step: its title, command line, JSON result (path-redacted), raw output, exit, and the answer it rendered. */
    private record Step(
            String title,
            String command,
            List<String> args,
            JsonNode result,
            String rawOutput,
            int exit,
            Optional<RenderedAnswer> answer) {}

    @Override
    protected int execute(CliContext context) throws IOException {
        Path base = Files.createTempDirectory("loopx-demo-");
        Path project = Files.createDirectories(base.resolve("weather-app"));
        Map<String, String> variables = new HashMap<>(context.environment().variables());
        variables.put("LOOPX_HOME", base.resolve("loopx-home").toString());
        // a throw-away project: no background check of its journal outliving the tour (ADR 0011)
        variables.put(ScheduledLedgerCheck.HOURS, "0");
        // the caller's clock and process view: a demo in a test sees only the test's processes
        Environment inner = context.environment().with(variables, project, base, false);
        List<Step> steps = new ArrayList<>();
        try {
            steps.add(run(
                    context,
                    inner,
                    "Connect the project and register its goal",
                    "connect",
                    "--project",
                    ".",
                    "--objective",
                    "Keep the weather app's forecast importer green"));
            String g = "weather-app-goal";
            steps.add(run(
                    context,
                    inner,
                    "Register two peer agents",
                    "register-agent",
                    "--goal-id",
                    g,
                    "--agent-id",
                    "builder",
                    "--agent-id",
                    "reviewer",
                    "--execute"));
            Step work = run(
                    context,
                    inner,
                    "Add the first piece of agent work",
                    "todo",
                    "add",
                    "--goal-id",
                    g,
                    "--role",
                    "agent",
                    "--text",
                    "Write the forecast importer",
                    "--priority",
                    "P1");
            steps.add(work);
            String workId = work.result().path("todo_id").asText();
            steps.add(run(
                    context,
                    inner,
                    "Ask the owner a question that only blocks the reviewer's lane",
                    "todo",
                    "add",
                    "--goal-id",
                    g,
                    "--role",
                    "user",
                    "--task-class",
                    "user_gate",
                    "--text",
                    "Approve the importer's data schema",
                    "--blocks-agent",
                    "reviewer"));
            steps.add(run(
                    context,
                    inner,
                    "The builder claims the work before starting",
                    "todo",
                    "claim",
                    "--goal-id",
                    g,
                    "--todo-id",
                    workId,
                    "--agent-id",
                    "builder"));
            steps.add(run(
                    context,
                    inner,
                    "The reviewer cannot steal the claim",
                    "todo",
                    "claim",
                    "--goal-id",
                    g,
                    "--todo-id",
                    workId,
                    "--agent-id",
                    "reviewer"));
            steps.add(run(
                    context,
                    inner,
                    "The builder completes it with evidence and a successor (one append)",
                    "todo",
                    "complete",
                    "--goal-id",
                    g,
                    "--todo-id",
                    workId,
                    "--agent-id",
                    "builder",
                    "--evidence",
                    "importer merged; 42 tests green",
                    "--next-agent-todo",
                    "Wire the importer into the CLI"));
            steps.add(run(
                    context,
                    inner,
                    "The turn writes its evidence back",
                    "refresh-state",
                    "--goal-id",
                    g,
                    "--agent-id",
                    "builder",
                    "--delivery-outcome",
                    "outcome_progress",
                    "--summary",
                    "importer merged"));
            steps.add(run(
                    context,
                    inner,
                    "Spend one quota slot for that validated delivery",
                    "quota",
                    "spend-slot",
                    "--goal-id",
                    g,
                    "--agent-id",
                    "builder",
                    "--execute"));
            steps.add(run(
                    context,
                    inner,
                    "The owner rewards the work",
                    "reward",
                    "--goal-id",
                    g,
                    "--reward",
                    "positive",
                    "--reason-summary",
                    "importer shipped with tests",
                    "--actor-kind",
                    "owner"));
            steps.add(run(
                    context,
                    inner,
                    "What the agents see now",
                    "todo",
                    "list",
                    "--goal-id",
                    g,
                    "--status",
                    TodoStatus.OPEN.wire()));
            steps.add(run(
                    context,
                    inner,
                    "The builder's heartbeat asks: should I run?",
                    "quota",
                    "should-run",
                    "--goal-id",
                    g,
                    "--agent-id",
                    "builder",
                    "--runtime-profile",
                    RuntimeProfile.CODEX_APP_HEARTBEAT.wire()));
            steps.add(run(
                    context,
                    inner,
                    "The reviewer's lane waits for the owner's gate",
                    "quota",
                    "should-run",
                    "--goal-id",
                    g,
                    "--agent-id",
                    "reviewer",
                    "--runtime-profile",
                    RuntimeProfile.CODEX_APP_HEARTBEAT.wire()));
            steps.add(run(context, inner, "Verify the hash chain of the ledger", "ledger", "verify"));
            steps.add(run(context, inner, "Replay the ledger (every event, oldest first)", "ledger", "replay"));
            Step before =
                    run(context, inner, "Dump the projections (canonical bytes)", "projections", "dump", "--canonical");
            steps.add(before);
            steps.add(run(context, inner, "Rebuild the projections from the ledger", "projections", "rebuild"));
            Step after = run(context, inner, "Dump them again", "projections", "dump", "--canonical");
            steps.add(after);
            steps.add(run(context, inner, "Check the installation", "doctor"));
            boolean identical = before.rawOutput().equals(after.rawOutput());
            boolean ok = identical
                    && steps.stream().allMatch(s -> s.exit() == (s.title().contains("cannot steal") ? 1 : 0));
            return render(context, steps, identical, ok, project);
        } finally {
            if (keep) {
                context.err().println(KEPT + project);
            } else {
                deleteTree(base);
            }
        }
    }

    private int render(CliContext context, List<Step> steps, boolean identical, boolean ok, Path project) {
        List<DemoAnswer.Step> shown = new ArrayList<>();
        for (Step s : steps) {
            boolean canonical = s.args().contains("--canonical");
            shown.add(new DemoAnswer.Step(
                    s.title(),
                    s.command(),
                    s.exit(),
                    s.result() instanceof ObjectNode o ? o : Json.object().put("unparsed_output", s.rawOutput()),
                    canonical ? s.command() + " | sha256sum" : s.command(),
                    shown(s)));
        }
        return context.emit(new DemoAnswer(project.getFileName().toString(), identical, ok, shown, NEXT));
    }

    /** What a step's command printed for a person, as the tour shows it under the command line. */
    private static String shown(Step s) {
        StringWriter shown = new StringWriter();
        PrintWriter view = new PrintWriter(shown);
        if (s.args().contains("--canonical")) {
            // the canonical dump is one long line of JSON: show the digest a person would compare
            view.println(sha256(s.rawOutput()) + "  -");
        } else if (s.args().size() > 1
                && s.args().get(0).equals("ledger")
                && s.args().get(1).equals("replay")) {
            s.result().path("events").forEach(e -> view.println(EventLine.of(e)));
        } else if (s.result().path("schema_version").asText().equals("loopx_error_v0")) {
            // the real command prints an error on stderr in text mode; the same two lines
            view.println("loopx: " + s.result().path("message").asText() + " ["
                    + s.result().path("error_code").asText() + "]");
            view.println("hint: " + Words.pasteable(s.result().path("hint").asText()));
        } else if (s.answer().isPresent()) {
            view.print(TextView.text(s.answer().get()));
        } else {
            view.print(s.rawOutput()); // a step that rendered no answer of its own: what it wrote
        }
        view.flush();
        return shown.toString();
    }

    /** What the tour suggests next: runnable as printed in the project's folder. */
    static final String NEXT = "loopx connect --project .";

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static Step run(CliContext context, Environment env, String title, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> full = new ArrayList<>(List.of("--format", "json"));
        full.addAll(List.of(args));
        List<RenderedAnswer> answers = new ArrayList<>();
        int exit = context.runner()
                .run(full.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err), env, answers::add);
        String raw = out.toString();
        JsonNode result;
        try {
            if (args[0].equals("ledger") && args[1].equals("replay")) {
                ObjectNode wrapper = Json.object();
                ArrayNode events = wrapper.putArray("events");
                for (String line : raw.split("\n")) {
                    if (!line.isBlank()) {
                        events.add(Json.mapper().readTree(line));
                    }
                }
                result = wrapper;
            } else {
                result = Json.mapper().readTree(raw);
            }
            result = PathRedactor.redact(result);
        } catch (IOException e) {
            result = Json.object().put("unparsed_output", raw);
        }
        return new Step(
                title,
                CliCall.loopx(List.of(args)).line("loopx"),
                List.of(args),
                result,
                PathRedactor.redact(raw),
                exit,
                answers.stream().findFirst());
    }

    /** Deletes {@code root} and everything below it (children first). */
    static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
