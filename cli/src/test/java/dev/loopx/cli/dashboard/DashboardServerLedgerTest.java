package dev.loopx.cli.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.Cli;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxCommand;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.postgres.PostgresServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard over a project whose ledger is on a PostgreSQL server (a real one, started by
 * {@link PostgresServer}): a write from another machine — another checkout with its own LoopX
 * home, connected to the same ledger — moves no local file, yet the page sees the new head and
 * the new state, as it does for a Chronicle project.
 */
class DashboardServerLedgerTest {
    @TempDir
    Path sandbox;

    @Test
    void aWriteFromAnotherMachineOnTheSharedLedgerIsPublished() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String url = server.url(
                "dash" + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
        CliRunner here = new CliRunner(sandbox.resolve("laptop"));
        CliRunner there = new CliRunner(sandbox.resolve("devbox"));
        server.environment().forEach(here::withVariable);
        server.environment().forEach(there::withVariable);
        Path mine = Files.createDirectories(here.workingDirectory().resolve("weather-app"));
        Path theirs = Files.createDirectories(there.workingDirectory().resolve("weather-app"));
        ok(here.run("connect", "--project", mine.toString(), "--goal-id", "g1", "--ledger", url, "--format", "json"));
        ok(there.run(
                "connect", "--project", theirs.toString(), "--goal-id", "g1", "--ledger", url, "--format", "json"));

        Map<String, String> variables = new HashMap<>(server.environment());
        variables.put("LOOPX_HOME", here.loopxHome().toString());
        LoopxCommand command = new LoopxCommand(
                new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()),
                Environment.of(variables, here.workingDirectory(), sandbox.resolve("home"), Clock.systemUTC()),
                Cli::run);
        try (DashboardServer dashboard = DashboardServer.start(command.context(), 0)) {
            Matcher m = Pattern.compile("token=([0-9a-f]+)$").matcher(dashboard.url());
            assertTrue(m.find(), dashboard.url());
            String base = "http://127.0.0.1:" + dashboard.port();
            String cookie = "loopx_dashboard_" + dashboard.port() + "=" + m.group(1);
            HttpClient http = HttpClient.newHttpClient();
            long before = api(http, base + "/api/heads", cookie)
                    .path("projects")
                    .get(0)
                    .path("head_seq")
                    .asLong();
            assertTrue(before > 0, "the server ledger's head is read");

            ok(there.run(
                    "--runtime-root",
                    theirs.resolve(".loopx").toString(),
                    "todo",
                    "add",
                    "--goal-id",
                    "g1",
                    "--role",
                    "agent",
                    "--text",
                    "Written on the dev box",
                    "--format",
                    "json"));

            long deadline = System.nanoTime() + 15_000_000_000L; // generous: not a timing test
            JsonNode heads = api(http, base + "/api/heads", cookie);
            while (heads.path("projects").get(0).path("head_seq").asLong() <= before && System.nanoTime() < deadline) {
                Thread.sleep(100);
                heads = api(http, base + "/api/heads", cookie);
            }
            assertEquals(
                    before + 1, heads.path("projects").get(0).path("head_seq").asLong(), heads.toString());
            JsonNode todos = api(http, base + "/api/goal?project=0&goal_id=g1", cookie)
                    .path("todo_list")
                    .path("todos");
            assertEquals(1, todos.size(), todos.toString());
            assertEquals("Written on the dev box", todos.get(0).path("text").asText());
        }
    }

    private static JsonNode api(HttpClient http, String url, String cookie) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(url)).header("Cookie", cookie).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url + ": " + r.body());
        return Json.mapper().readTree(r.body());
    }

    private static void ok(CliRunner.Result r) {
        assertEquals(0, r.exit(), r.toString());
    }
}
