package dev.loopx.cli.dashboard;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ReadProjectHeads.ProjectHead;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /api/*}: the CLI's own documents. {@code heads}, {@code overview} and {@code goal} are the
 * page's feeds (envelopes of CLI documents, {@link DashboardData}); every other endpoint is one
 * read-only command, answered exactly as {@code loopx … --format json} answers it:
 *
 * <pre>
 * global-summary | global-gates | global-todos | global-risks       (every project)
 * status | todo-list | quota-status | should-run | ledger-verify | ledger-replay   (?project=N&amp;goal_id=G…)
 * </pre>
 *
 * HTTP status follows the exit code: 0 and 1 (a refusal, {@code ok=false}) are 200, 2 (bad input)
 * is 400, 3 is 500; an unknown project is 404. Values are passed as {@code --option=value}, so
 * none can be read as another option.
 */
final class DashboardApi {
    static final String JSON = "application/json; charset=utf-8";
    static final String JSON_LINES = "application/x-ndjson; charset=utf-8";

    record Response(int status, String contentType, byte[] body) {}

    private final DashboardData data;

    DashboardApi(DashboardData data) {
        this.data = data;
    }

    Response answer(String endpoint, Map<String, String> query) {
        return switch (endpoint) {
            case "heads" -> new Response(200, JSON, data.headsDocument());
            case "overview" -> new Response(200, JSON, data.overview());
            case "goal" -> goal(query);
            case "global-summary", "global-gates", "global-todos", "global-risks" -> command(null, JSON, endpoint);
            case "status" -> project(query, JSON, args("status", query, "goal_id", "agent_id"));
            case "todo-list" ->
                project(query, JSON, args(List.of("todo", "list"), query, "goal_id", "agent_id", "status"));
            case "quota-status" -> project(query, JSON, args(List.of("quota", "status"), query, "goal_id", "agent_id"));
            case "should-run" ->
                project(
                        query,
                        JSON,
                        args(
                                List.of("quota", "should-run", "--include-detail=all"),
                                query,
                                "goal_id",
                                "agent_id",
                                "runtime_profile"));
            case "ledger-verify" -> project(query, JSON, List.of("ledger", "verify"));
            case "ledger-replay" ->
                project(query, JSON_LINES, args(List.of("ledger", "replay"), query, "goal_id", "from", "to"));
            default -> notFound("invalid_arguments", "no such endpoint: /api/" + endpoint);
        };
    }

    private static List<String> args(String command, Map<String, String> query, String... names) {
        return args(List.of(command), query, names);
    }

    /** {@code command… --name-with-dashes=value} for each query parameter given. */
    private static List<String> args(List<String> command, Map<String, String> query, String... names) {
        List<String> args = new ArrayList<>(command);
        for (String name : names) {
            String value = query.get(name);
            if (value != null) {
                args.add("--" + name.replace('_', '-') + "=" + value);
            }
        }
        return args;
    }

    private Response goal(Map<String, String> query) {
        Optional<Integer> project = index(query.get("project"));
        String goalId = query.getOrDefault("goal_id", "");
        if (project.isEmpty() || data.project(project.get()).isEmpty()) {
            return notFound("project_not_found", "no such project");
        }
        return data.goal(project.get(), goalId)
                .map(body -> new Response(200, JSON, body))
                .orElseGet(() -> notFound("project_not_found", "no such project"));
    }

    private Response project(Map<String, String> query, String contentType, List<String> args) {
        Optional<ProjectHead> project = index(query.get("project")).flatMap(data::project);
        if (project.isEmpty()) {
            return notFound("project_not_found", "no such project: ?project= takes an index of /api/heads");
        }
        return command(project.get().runtimeRoot(), contentType, args.toArray(String[]::new));
    }

    private Response command(Path runtimeRoot, String contentType, String... args) {
        CliDocuments.Answer answer = data.cli().run(runtimeRoot, args);
        int status = switch (answer.exit()) {
            case 0, 1 -> 200;
            case ExitCodes.BAD_INPUT -> 400;
            default -> 500;
        };
        boolean lines = contentType.equals(JSON_LINES) && answer.exit() == 0;
        byte[] body = lines ? answer.stdout().getBytes(StandardCharsets.UTF_8) : DashboardData.bytes(answer.document());
        return new Response(status, lines ? JSON_LINES : JSON, body);
    }

    private static Optional<Integer> index(String raw) {
        if (raw == null || !raw.matches("[0-9]{1,6}")) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(raw));
    }

    private static Response notFound(String errorCode, String message) {
        ObjectNode doc = CliContext.document("loopx_error_v0", false);
        doc.put("error_code", errorCode);
        doc.put("message", message);
        doc.put("hint", "GET /api/heads lists the projects");
        return new Response(404, JSON, DashboardData.bytes(doc));
    }
}
