package dev.loopx.cli.dashboard;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ReadProjectHeads.ProjectHead;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code /api/*}: the CLI's own documents. {@code heads}, {@code overview} and {@code goal} are the
 * page's feeds (envelopes of CLI documents, {@link DashboardData}); every other endpoint is one
 * read-only use case, answered exactly as {@code loopx … --format json} answers it:
 *
 * <pre>
 * global-summary | global-gates | global-todos | global-risks       (every project)
 * status | todo-list | quota-status | should-run | ledger-verify | ledger-replay   (?project=N&amp;goal_id=G…)
 * </pre>
 *
 * HTTP status follows the exit code: 0 and 1 (a refusal, {@code ok=false}) are 200, 2 (bad input)
 * is 400, 3 is 500; an unknown project is 404. Each endpoint is one {@link DashboardReads} read
 * given the query's values as typed values, so none can be read as another option.
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
        DashboardReads reads = data.reads();
        return switch (endpoint) {
            case "heads" -> new Response(200, JSON, data.headsDocument());
            case "overview" -> new Response(200, JSON, data.overview());
            case "goal" -> goal(query);
            case "global-summary", "global-gates", "global-todos", "global-risks" ->
                respond(reads.global(endpoint), JSON);
            case "status" ->
                project(query, JSON, root -> reads.status(root, q(query, "goal_id"), q(query, "agent_id")));
            case "todo-list" ->
                project(
                        query,
                        JSON,
                        root -> reads.todoList(root, q(query, "goal_id"), q(query, "agent_id"), q(query, "status")));
            case "quota-status" ->
                project(query, JSON, root -> reads.quotaStatus(root, q(query, "goal_id"), q(query, "agent_id")));
            case "should-run" ->
                project(
                        query,
                        JSON,
                        root -> reads.shouldRun(
                                root, q(query, "goal_id"), q(query, "agent_id"), q(query, "runtime_profile")));
            case "ledger-verify" -> project(query, JSON, reads::ledgerVerify);
            case "ledger-replay" ->
                project(
                        query,
                        JSON_LINES,
                        root -> reads.ledgerReplay(root, q(query, "goal_id"), q(query, "from"), q(query, "to")));
            default -> notFound("invalid_arguments", "no such endpoint: /api/" + endpoint);
        };
    }

    /** The query parameter, null when not given. */
    private static String q(Map<String, String> query, String name) {
        return query.get(name);
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

    private Response project(
            Map<String, String> query, String contentType, Function<Path, DashboardReads.Answer> read) {
        Optional<ProjectHead> project = index(query.get("project")).flatMap(data::project);
        if (project.isEmpty()) {
            return notFound("project_not_found", "no such project: ?project= takes an index of /api/heads");
        }
        return respond(read.apply(project.get().runtimeRoot()), contentType);
    }

    /**
     * The read's answer as the command's stdout: one JSON document, or (replay, exit 0) one event
     * per line; the HTTP status from its exit code.
     */
    private static Response respond(DashboardReads.Answer answer, String contentType) {
        int status = switch (answer.exit()) {
            case 0, 1 -> 200;
            case ExitCodes.BAD_INPUT -> 400;
            default -> 500;
        };
        if (!(answer.document() instanceof ArrayNode events)) {
            return new Response(status, JSON, DashboardData.bytes(answer.document()));
        }
        if (answer.exit() == 0) {
            StringBuilder lines = new StringBuilder();
            events.forEach(event -> lines.append(event).append(System.lineSeparator()));
            return new Response(status, contentType, lines.toString().getBytes(StandardCharsets.UTF_8));
        }
        // a failed replay answers its error document (the last line), as the command's exit says
        return new Response(status, JSON, DashboardData.bytes(events.get(events.size() - 1)));
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
