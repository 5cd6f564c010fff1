package dev.loopx.cli.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.host.pack.CliCall;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.todo.TodoStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    @Option(names = "--keep", description = "Keep the temporary project (its location is printed on stderr).")
    boolean keep;

    private record Step(String title, String command, JsonNode result, String rawOutput, int exit) {}

    @Override
    protected int execute(CliContext context) throws IOException {
        Path base = Files.createTempDirectory("loopx-demo-");
        Path project = Files.createDirectories(base.resolve("weather-app"));
        Map<String, String> variables = new HashMap<>(context.environment().variables());
        variables.put("LOOPX_HOME", base.resolve("loopx-home").toString());
        Environment inner =
                Environment.of(variables, project, base, context.environment().clock());
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
            steps.add(run(context, inner, "Replay the ledger (one JSON envelope per line)", "ledger", "replay"));
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
                context.err().println("loopx demo: kept the temporary project at " + project);
            } else {
                deleteTree(base);
            }
        }
    }

    private int render(CliContext context, List<Step> steps, boolean identical, boolean ok, Path project) {
        ObjectNode doc = CliContext.document("loopx_demo_v0", ok);
        doc.put("project_label", project.getFileName().toString());
        doc.put("rebuild_identical", identical);
        ArrayNode list = doc.putArray("steps");
        for (Step s : steps) {
            ObjectNode item = list.addObject();
            item.put("title", s.title());
            item.put("command", s.command());
            item.put("exit_code", s.exit());
            item.set("result", s.result());
        }
        doc.put("next_step", "loopx connect --project <your-project>");
        if (context.json()) {
            return context.emit(doc);
        }
        PrintWriter out = context.out();
        out.println("LoopX demo — a temporary project, every step a real command:");
        int n = 1;
        for (Step s : steps) {
            out.println();
            out.println(n++ + ". " + s.title());
            out.println("   $ " + s.command());
            out.println("   " + summary(s).replace("\n", "\n   "));
        }
        out.println();
        out.println(
                identical
                        ? "Rebuilt projections are byte-identical to the incrementally maintained ones."
                        : "WARNING: the rebuilt projections differ from the incremental ones.");
        out.println(
                ok
                        ? "All steps succeeded. Next: loopx connect --project <your-project>"
                        : "Some steps failed (see above).");
        out.flush();
        return ok ? 0 : 1;
    }

    /** One or two lines a person can read; the JSON answer carries the full documents. */
    private static String summary(Step s) {
        JsonNode r = s.result();
        String schema = r.path("schema_version").asText();
        return switch (schema) {
            case "loopx_connect_v0" ->
                "goal " + r.path("goal_id").asText() + " registered at seq "
                        + r.at("/receipt/seq_from").asText("?") + "; runtime root "
                        + r.path("runtime_root_label").asText()
                        + " (git-ignored)";
            case "loopx_register_agent_v0" ->
                "agents: " + String.join(", ", texts(r.path("registered_agents"), "agent_id")) + " (agent_model "
                        + r.path("agent_model").asText() + ")";
            case "loopx_todo_add_v0" ->
                r.path("todo_id").asText() + "  [" + r.at("/todo/role").asText() + ", "
                        + r.at("/todo/task_class").asText()
                        + (r.at("/todo/blocks_agent").asText().isEmpty()
                                ? ""
                                : ", blocks " + r.at("/todo/blocks_agent").asText())
                        + "]  " + r.at("/todo/text").asText();
            case "loopx_todo_claim_v0" ->
                r.path("todo_id").asText() + " claimed by "
                        + r.at("/todo/claimed_by").asText();
            case "loopx_todo_complete_v0" ->
                r.path("todo_id").asText() + " done; appended "
                        + String.join(" + ", texts(r.at("/receipt/event_types"), null)) + " at seq "
                        + r.at("/receipt/seq_from").asText()
                        + "-" + r.at("/receipt/seq_to").asText();
            case "loopx_refresh_state_v0" ->
                "evidence recorded at seq " + r.at("/receipt/seq_from").asText()
                        + (r.path("accountable").asBoolean() ? " (accountable: one spend may follow)" : "");
            case "loopx_quota_spend_v0" ->
                "spent slots " + r.at("/before/spent_slots").asText() + " -> "
                        + r.at("/after/spent_slots").asText() + " of "
                        + r.at("/after/allowed_slots").asText();
            case "loopx_reward_v0" ->
                "reward recorded at seq " + r.at("/receipt/seq_from").asText();
            case "loopx_todo_list_v0" -> {
                List<String> items = new ArrayList<>();
                r.path("todos")
                        .forEach(t -> items.add(t.path("todo_id").asText() + "  "
                                + t.path("role").asText() + "/"
                                + t.path("task_class").asText() + "  "
                                + t.path("text").asText()));
                yield r.path("count").asText() + " open todo(s):\n" + String.join("\n", items);
            }
            case "loopx_quota_decision_v0" ->
                "should_run=" + r.path("should_run").asText() + "  "
                        + r.path("effective_action").asText()
                        + (r.path("selected_todo").isObject()
                                ? " on " + r.at("/selected_todo/todo_id").asText()
                                : "")
                        + "\nscheduler: " + r.at("/scheduler_hint/action").asText() + " ("
                        + r.at("/scheduler_hint/cadence_class").asText()
                        + ")"
                        + (r.at("/scheduler_hint/app_automation/recommended_rrule")
                                        .isMissingNode()
                                ? ""
                                : ", apply "
                                        + r.at("/scheduler_hint/app_automation/recommended_rrule")
                                                .asText())
                        + ", reset token "
                        + r.at("/scheduler_hint/reset_policy/reset_token").asText();
            case "loopx_error_v0" ->
                "refused: " + r.path("error_code").asText() + " — "
                        + r.path("message").asText();
            case "loopx_configure_goal_v0" ->
                "allowed slots " + r.at("/before/allowed_slots").asText() + " -> "
                        + r.at("/after/allowed_slots").asText()
                        + (r.has("preview")
                                ? "  (preview: would append "
                                        + r.at("/preview/would_append").asText() + " event)"
                                : "  (appended seq " + r.at("/receipt/seq_from").asText() + ")");
            case "loopx_ledger_verify_v0" ->
                (r.path("ok").asBoolean() ? "chain intact: " : "DAMAGED: ")
                        + r.path("events_checked").asText() + " events, head seq "
                        + r.path("head_seq").asText()
                        + ", head hash " + r.path("head_hash").asText().substring(0, 12) + "…";
            case "loopx_projection_dump_v0" ->
                "checkpoint seq " + r.at("/checkpoint/seq").asText() + ", views: "
                        + r.path("views").path("goal").size() + " goal(s); "
                        + s.rawOutput().strip().length() + " canonical bytes";
            case "loopx_projections_rebuild_v0" ->
                "rebuilt from " + r.path("events_applied").asText() + " events in "
                        + r.path("elapsed_ms").asText() + " ms";
            case "loopx_doctor_v0" -> {
                int passed = 0;
                for (JsonNode c : r.path("checks")) {
                    passed += c.path("ok").asBoolean() ? 1 : 0;
                }
                yield passed + " of " + r.path("checks").size() + " checks passed";
            }
            default ->
                r.has("events")
                        ? r.get("events").size() + " events:\n" + String.join("\n", lines(r.get("events")))
                        : r.toString();
        };
    }

    private static List<String> texts(JsonNode array, String field) {
        List<String> values = new ArrayList<>();
        array.forEach(item ->
                values.add(field == null ? item.asText() : item.path(field).asText()));
        return values;
    }

    private static List<String> lines(JsonNode events) {
        List<String> lines = new ArrayList<>();
        events.forEach(e -> lines.add(
                "seq " + e.path("seq").asLong() + "  " + e.path("type").asText() + "  " + e.path("payload")));
        return lines;
    }

    private static Step run(CliContext context, Environment env, String title, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> full = new ArrayList<>(List.of("--format", "json"));
        full.addAll(List.of(args));
        int exit = context.runner().run(full.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err), env);
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
        } catch (IOException e) {
            result = Json.object().put("unparsed_output", raw);
        }
        return new Step(title, CliCall.loopx(List.of(args)).line("loopx"), result, raw, exit);
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
