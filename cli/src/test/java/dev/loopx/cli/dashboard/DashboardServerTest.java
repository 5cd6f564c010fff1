package dev.loopx.cli.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.Cli;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxCommand;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.ledger.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard's server on a real socket over a real runtime root (Chronicle ledger, SQLite
 * views), seeded through the real CLI: the token, Host and Origin checks, path traversal, GET
 * only, that every API answer is the CLI's own document, that nothing answered carries an
 * absolute path, that the ledger is untouched, and that a write in between is published.
 * (The page itself, in a browser: cli/src/it/dashboard.)
 */
class DashboardServerTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;
    String root;
    String builderTodo;
    String gateTodo;
    DashboardServer server;
    String token;
    int port;

    @BeforeEach
    void seedAndServe() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("weather-app"));
        ok(cli.run("connect", "--project", project.toString(), "--goal-id", "g1", "--objective", "Ship it"));
        root = project.resolve(".loopx").toString();
        ok(run("register-agent", "--goal-id", "g1", "--agent-id", "builder", "--agent-id", "reviewer", "--execute"));
        builderTodo = ok(run(
                        "todo",
                        "add",
                        "--goal-id",
                        "g1",
                        "--role",
                        "agent",
                        "--agent-id",
                        "builder",
                        "--text",
                        "Write the parser",
                        "--claimed-by",
                        "builder"))
                .path("todo_id")
                .asText();
        gateTodo = ok(run(
                        "todo",
                        "add",
                        "--goal-id",
                        "g1",
                        "--role",
                        "user",
                        "--task-class",
                        "user_gate",
                        "--text",
                        "Choose the vendor",
                        "--blocks-agent",
                        "reviewer"))
                .path("todo_id")
                .asText();
        // The server runs with the system clock, as `loopx dashboard` does; the CLI runs above used a fixed one.
        Environment env = Environment.of(
                Map.of("LOOPX_HOME", cli.loopxHome().toString()),
                cli.workingDirectory(),
                sandbox.resolve("home"),
                Clock.systemUTC());
        LoopxCommand command = new LoopxCommand(
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), env, Cli::run);
        server = DashboardServer.start(command.context(), 0);
        port = server.port();
        Matcher m = Pattern.compile("token=([0-9a-f]+)$").matcher(server.url());
        assertTrue(m.find(), server.url());
        token = m.group(1);
        assertTrue(server.url().startsWith("http://127.0.0.1:" + port + "/"), server.url());
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    // ---- access ------------------------------------------------------------------------------------

    @Test
    void withoutTheTokenEveryPathIs403() throws Exception {
        for (String path :
                List.of("/", "/index.html", "/app.js", "/api/heads", "/api/overview", "/api/status?project=0")) {
            assertEquals(403, get(path, Map.of()).status(), path);
            assertEquals(403, get(path, cookie("0".repeat(48))).status(), path + " with a wrong cookie");
        }
        assertEquals(403, get("/?token=" + "0".repeat(48), Map.of()).status());
        // a cookie of another dashboard (another port) is not this one's
        assertEquals(
                403,
                get("/api/heads", Map.of("Cookie", "loopx_dashboard_" + (port + 1) + "=" + token))
                        .status());
    }

    @Test
    void theTokenOnceSetsAStrictCookieAndRedirectsWithoutIt() throws Exception {
        Response r = get("/?token=" + token, Map.of());
        assertEquals(303, r.status());
        assertEquals("/", r.header("location"));
        String setCookie = r.header("set-cookie");
        assertTrue(setCookie.startsWith("loopx_dashboard_" + port + "=" + token + ";"), setCookie);
        assertTrue(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"), setCookie);
        Response page = get("/", cookie(token));
        assertEquals(200, page.status());
        assertTrue(page.body().contains("<script src=\"/app.js\"></script>"));
        assertTrue(page.header("content-security-policy").contains("default-src 'none'"));
        assertEquals("no-store", page.header("cache-control"));
    }

    @Test
    void aHostOtherThanThisServerIs403() throws Exception {
        for (String host :
                List.of("evil.example:" + port, "evil.example", "127.0.0.1", "127.0.0.1:" + (port + 1), "")) {
            Map<String, String> headers = new LinkedHashMap<>(cookie(token));
            headers.put("Host", host);
            assertEquals(403, get("/api/heads", headers).status(), "Host: " + host);
        }
        Map<String, String> noHost = new LinkedHashMap<>(cookie(token));
        noHost.put("Host", null);
        assertEquals(403, get("/api/heads", noHost).status(), "no Host header");
        Map<String, String> localhost = new LinkedHashMap<>(cookie(token));
        localhost.put("Host", "localhost:" + port);
        assertEquals(200, get("/api/heads", localhost).status());
    }

    @Test
    void aForeignOriginIs403() throws Exception {
        for (String origin : List.of("http://evil.example", "http://127.0.0.1:" + (port + 1), "null")) {
            Map<String, String> headers = new LinkedHashMap<>(cookie(token));
            headers.put("Origin", origin);
            assertEquals(403, get("/api/overview", headers).status(), "Origin: " + origin);
        }
        Map<String, String> own = new LinkedHashMap<>(cookie(token));
        own.put("Origin", "http://127.0.0.1:" + port);
        assertEquals(200, get("/api/overview", own).status());
    }

    @Test
    void pathTraversalAndUnknownPathsAre404() throws Exception {
        for (String path : List.of(
                "/../../etc/passwd",
                "/%2e%2e/%2e%2e/etc/passwd",
                "/app.js/../../../pom.xml",
                "/dev/loopx/cli/dashboard/app.js",
                "/DashboardServer.class",
                "/..%2fpom.xml",
                "/api/../index.html",
                "/api/%2e%2e/heads",
                "/static/app.js",
                "/api/nope")) {
            assertEquals(404, get(path, cookie(token)).status(), path);
        }
        assertEquals(404, get("/api/status?project=../../etc", cookie(token)).status());
        assertEquals(404, get("/api/status?project=7", cookie(token)).status());
    }

    @Test
    void onlyGetAndHeadAnswer() throws Exception {
        for (String method : List.of("POST", "PUT", "DELETE", "PATCH")) {
            assertEquals(405, request(method, "/api/overview", cookie(token)).status(), method);
        }
    }

    @Test
    void nonLoopbackBindAddressesAreRefusedBeforeServing() {
        for (String bind : List.of("0.0.0.0", "192.168.1.10", "::", "example.com", "127.0.0.2")) {
            CliRunner.Result r = cli.run("dashboard", "--bind", bind, "--format", "json");
            assertEquals(2, r.exit(), r.toString());
            assertEquals("bind_address_refused", r.json().path("error_code").asText(), bind);
        }
        CliRunner.Result port = cli.run("dashboard", "--port", "70000", "--format", "json");
        assertEquals(2, port.exit(), port.toString());
        assertEquals("invalid_value", port.json().path("error_code").asText());
    }

    // ---- answers -----------------------------------------------------------------------------------

    @Test
    void everyApiAnswerIsTheClisOwnDocument() throws Exception {
        assertSameDocument(api("/api/status?project=0&goal_id=g1"), run("status", "--goal-id", "g1"));
        assertSameDocument(api("/api/todo-list?project=0&goal_id=g1"), run("todo", "list", "--goal-id", "g1"));
        assertSameDocument(api("/api/quota-status?project=0&goal_id=g1"), run("quota", "status", "--goal-id", "g1"));
        assertSameDocument(api("/api/ledger-verify?project=0"), run("ledger", "verify"));
        assertSameDocument(
                api("/api/should-run?project=0&goal_id=g1&agent_id=reviewer&runtime_profile=generic_cli"),
                run(
                        "quota",
                        "should-run",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "reviewer",
                        "--runtime-profile",
                        "generic_cli",
                        "--include-detail",
                        "all"));
        for (String global : List.of("global-summary", "global-gates", "global-todos", "global-risks")) {
            assertSameDocument(
                    api("/api/" + global), cli.run(global, "--format", "json").json());
        }
        Response replay = get("/api/ledger-replay?project=0&goal_id=g1", cookie(token));
        assertEquals(200, replay.status());
        assertEquals(
                cli.run("--runtime-root", root, "ledger", "replay", "--goal-id", "g1", "--format", "json")
                        .stdout(),
                replay.body());

        // the overview places the same documents side by side
        JsonNode overview = api("/api/overview");
        assertEquals(
                "loopx_dashboard_overview_v0", overview.path("schema_version").asText());
        JsonNode card = overview.path("projects").get(0);
        assertEquals("weather-app", card.path("project_label").asText());
        assertSameDocument(card.path("status"), run("status"));
        JsonNode reviewerLane = null;
        for (JsonNode lane : card.path("lanes")) {
            if (lane.path("agent_id").asText().equals("reviewer")) {
                reviewerLane = lane;
            }
        }
        assertSameDocument(
                reviewerLane.path("decision"),
                run(
                        "quota",
                        "should-run",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "reviewer",
                        "--runtime-profile",
                        "generic_cli",
                        "--include-detail",
                        "all"));
        assertFalse(reviewerLane.path("decision").path("should_run").asBoolean());
        assertSameDocument(
                overview.path("global_risks"),
                cli.run("global-risks", "--format", "json").json());

        JsonNode goal = api("/api/goal?project=0&goal_id=g1");
        assertEquals("loopx_dashboard_goal_v0", goal.path("schema_version").asText());
        assertSameDocument(goal.path("todo_list"), run("todo", "list", "--goal-id", "g1"));
        assertEquals(
                cli.run("--runtime-root", root, "ledger", "replay", "--goal-id", "g1", "--format", "json")
                        .jsonLines(),
                List.copyOf(toList(goal.path("events"))),
                "the goal's events, as ledger replay prints them");
        assertEquals(
                gateTodo,
                goal.path("status")
                        .path("goals")
                        .get(0)
                        .path("open_user_gates")
                        .get(0)
                        .path("todo_id")
                        .asText());
        assertTrue(goal.path("ledger_verify").path("ok").asBoolean());
    }

    @Test
    void badInputIsTheClisStructuredError() throws Exception {
        Response r = get("/api/status?project=0&goal_id=" + "%20bad%20id", cookie(token));
        assertEquals(400, r.status(), r.body());
        JsonNode doc = Json.mapper().readTree(r.body());
        assertEquals("loopx_error_v0", doc.path("schema_version").asText());
        assertEquals("invalid_goal_id", doc.path("error_code").asText());
        // a value is never read as another option
        Response sneaky = get("/api/status?project=0&goal_id=--runtime-root%3D%2Fetc", cookie(token));
        assertEquals(400, sneaky.status(), sneaky.body());
    }

    @Test
    void noResponseCarriesAnAbsolutePathOrTheToken() throws Exception {
        List<String> paths = List.of(
                "/",
                "/app.js",
                "/app.css",
                "/api/heads",
                "/api/overview",
                "/api/goal?project=0&goal_id=g1",
                "/api/goal?project=0&goal_id=nope",
                "/api/status?project=0",
                "/api/todo-list?project=0&goal_id=g1",
                "/api/quota-status?project=0&goal_id=g1",
                "/api/should-run?project=0&goal_id=g1&agent_id=builder&runtime_profile=codex_app_heartbeat",
                "/api/ledger-verify?project=0",
                "/api/ledger-replay?project=0",
                "/api/global-summary",
                "/api/global-gates",
                "/api/global-todos",
                "/api/global-risks",
                "/api/status?project=0&goal_id=%20",
                "/api/nope",
                "/nope");
        Pattern absolute = Pattern.compile("(?<![A-Za-z0-9_.<>-])/(tmp|home|root|Users|var|private|etc)/");
        for (String path : paths) {
            Response r = get(path, cookie(token));
            String everything = r.headerText() + "\n" + r.body();
            assertFalse(everything.contains(sandbox.toString()), path + " leaks the sandbox path");
            assertFalse(everything.contains(sandbox.toRealPath().toString()), path + " leaks the sandbox path");
            assertFalse(absolute.matcher(r.body()).find(), path + " carries an absolute path: " + r.body());
            assertFalse(r.body().contains(token), path + " echoes the token");
        }
    }

    @Test
    void readingChangesNoLedgerByte() throws Exception {
        Map<String, String> before = CliRunner.snapshot(project.resolve(".loopx/ledger"));
        String head = Files.readString(project.resolve(".loopx/ledger.head"));
        for (String path : List.of(
                "/api/overview",
                "/api/goal?project=0&goal_id=g1",
                "/api/should-run?project=0&goal_id=g1&agent_id=builder&runtime_profile=codex_app_heartbeat",
                "/api/ledger-verify?project=0")) {
            assertEquals(200, get(path, cookie(token)).status(), path);
        }
        assertEquals(before, CliRunner.snapshot(project.resolve(".loopx/ledger")));
        assertEquals(head, Files.readString(project.resolve(".loopx/ledger.head")));
    }

    @Test
    void aWriteInBetweenIsPublishedWithANewVersion() throws Exception {
        long version = api("/api/heads").path("version").asLong();
        long seq = api("/api/heads").path("projects").get(0).path("head_seq").asLong();
        ok(run(
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                builderTodo,
                "--agent-id",
                "builder",
                "--evidence",
                "parser merged",
                "--no-follow-up"));
        long deadline = System.nanoTime() + 10_000_000_000L; // generous: not a timing test (bench/dashboard.mjs is)
        JsonNode todos = goalInOverview();
        while (todos.path("counts").path("agent_claimed").asInt() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
            todos = goalInOverview();
        }
        JsonNode heads = api("/api/heads");
        assertTrue(heads.path("version").asLong() > version, heads.toString());
        assertTrue(heads.path("projects").get(0).path("head_seq").asLong() > seq, heads.toString());
        assertEquals(0, todos.path("counts").path("agent_claimed").asInt(), todos.toString());
    }

    @Test
    void theGoalPageHasTheSchedulerStateOfEveryLaneOnEverySurface() throws Exception {
        long seq = api("/api/heads").path("projects").get(0).path("head_seq").asLong();
        JsonNode hint = run(
                        "quota",
                        "should-run",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "builder",
                        "--runtime-profile",
                        "codex_app_heartbeat")
                .path("scheduler_hint")
                .path("app_automation")
                .path("ack_hint")
                .path("cli_args");
        List<String> ack = new ArrayList<>();
        hint.forEach(a -> ack.add(a.asText()));
        ok(run(ack.toArray(String[]::new))); // the Codex App applied its RRULE
        ok(
                run( // and the lane's heartbeat is installed in Claude Code too
                        "heartbeat-prompt",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "builder",
                        "--bootstrap",
                        "--record-install",
                        "--host-surface",
                        "claude-code",
                        "--execute"));
        long deadline = System.nanoTime() + 10_000_000_000L; // generous: not a timing test
        while (api("/api/heads").path("projects").get(0).path("head_seq").asLong() < seq + 2
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }

        JsonNode goal = api("/api/goal?project=0&goal_id=g1");
        JsonNode builder = null;
        JsonNode reviewer = null;
        for (JsonNode lane : goal.path("lanes")) {
            if (lane.path("agent_id").asText().equals("builder")) {
                builder = lane;
            } else if (lane.path("agent_id").asText().equals("reviewer")) {
                reviewer = lane;
            }
        }
        List<String> surfaces = new ArrayList<>();
        builder.path("surfaces").forEach(s -> surfaces.add(s.path("surface").asText()));
        assertEquals(List.of("claude_code", "codex_app"), surfaces, builder.toString());
        for (JsonNode s : builder.path("surfaces")) {
            String profile = s.path("runtime_profile").asText();
            assertEquals(
                    s.path("surface").asText().equals("codex_app") ? "codex_app_heartbeat" : "claude_code", profile);
            assertSameDocument(
                    s.path("decision"),
                    run(
                            "quota",
                            "should-run",
                            "--goal-id",
                            "g1",
                            "--agent-id",
                            "builder",
                            "--runtime-profile",
                            profile,
                            "--include-detail",
                            "all"));
        }
        // the Codex App's applied RRULE is in its own answer: nothing left to apply or acknowledge
        JsonNode backoff = builder.path("surfaces")
                .get(1)
                .path("decision")
                .path("scheduler_hint")
                .path("app_automation")
                .path("stateful_backoff");
        assertFalse(backoff.path("apply_needed").asBoolean(), backoff.toString());
        assertEquals(0, reviewer.path("surfaces").size(), "a lane with no installs or scheduler events has one answer");
    }

    private JsonNode goalInOverview() throws IOException {
        return api("/api/overview")
                .path("projects")
                .get(0)
                .path("status")
                .path("goals")
                .get(0);
    }

    // ---- helpers -----------------------------------------------------------------------------------

    private static List<JsonNode> toList(JsonNode array) {
        List<JsonNode> list = new ArrayList<>();
        array.forEach(list::add);
        return list;
    }

    private static void assertSameDocument(JsonNode served, JsonNode cli) {
        assertEquals(withoutClock(cli), withoutClock(served));
    }

    /**
     * Two reads a moment apart differ only in {@code now} and in what is measured from it: how long
     * each lane has been silent, and the words that say so (issue 36).
     */
    private static JsonNode withoutClock(JsonNode doc) {
        JsonNode copy = doc.deepCopy();
        if (copy instanceof ObjectNode o) {
            o.remove("now");
        }
        copy.path("goals")
                .forEach(goal -> goal.path("lane_liveness").forEach(lane -> {
                    if (lane instanceof ObjectNode l) {
                        l.remove(List.of("silent_minutes", "silent", "words"));
                    }
                }));
        // global-risks: a lane silent, or a claim stale, since the fixed clock of the CLI runs above
        if (copy instanceof ObjectNode o && o.has("risk_count")) {
            o.remove("risk_count");
            copy.path("projects").forEach(project -> {
                if (project.path("risks") instanceof com.fasterxml.jackson.databind.node.ArrayNode risks) {
                    for (int i = risks.size() - 1; i >= 0; i--) {
                        String kind = risks.get(i).path("kind").asText();
                        if (kind.equals("lane_silent") || kind.equals("claim_stale")) {
                            risks.remove(i);
                        }
                    }
                }
            });
        }
        return copy;
    }

    private JsonNode run(String... args) {
        List<String> argv = new ArrayList<>(List.of("--runtime-root", root));
        argv.addAll(List.of(args));
        argv.add("--format");
        argv.add("json");
        return cli.run(argv.toArray(String[]::new)).json();
    }

    private static JsonNode ok(JsonNode doc) {
        assertTrue(doc.path("ok").asBoolean(), doc.toString());
        return doc;
    }

    private static JsonNode ok(CliRunner.Result r) {
        assertEquals(0, r.exit(), r.toString());
        return r.json();
    }

    private JsonNode api(String path) throws IOException {
        Response r = get(path, cookie(token));
        assertEquals(200, r.status(), path + ": " + r.body());
        return Json.mapper().readTree(r.body());
    }

    private Map<String, String> cookie(String value) {
        return Map.of("Cookie", "other=1; loopx_dashboard_" + port + "=" + value);
    }

    record Response(int status, Map<String, String> headers, String headerText, String body) {
        String header(String name) {
            return headers.getOrDefault(name.toLowerCase(Locale.ROOT), "");
        }
    }

    private Response get(String path, Map<String, String> headers) throws IOException {
        return request("GET", path, headers);
    }

    /** One HTTP/1.1 request on a raw socket: the Host header (or its absence) exactly as given. */
    private Response request(String method, String path, Map<String, String> headers) throws IOException {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("Host", "127.0.0.1:" + port);
        all.putAll(headers);
        StringBuilder req = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
        all.forEach((k, v) -> {
            if (v != null) {
                req.append(k).append(": ").append(v).append("\r\n");
            }
        });
        req.append("Connection: close\r\nContent-Length: 0\r\n\r\n");
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            in.transferTo(bytes);
            String text = bytes.toString(StandardCharsets.UTF_8);
            int split = text.indexOf("\r\n\r\n");
            String head = split < 0 ? text : text.substring(0, split);
            String body = split < 0 ? "" : text.substring(split + 4);
            String[] lines = head.split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            Map<String, String> h = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    h.put(
                            lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            lines[i].substring(colon + 1).trim());
                }
            }
            if ("chunked".equalsIgnoreCase(h.get("transfer-encoding"))) {
                body = unchunk(body);
            }
            return new Response(status, h, head, body);
        }
    }

    private static String unchunk(String body) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < body.length()) {
            int eol = body.indexOf("\r\n", i);
            int size = Integer.parseInt(body.substring(i, eol).trim(), 16);
            if (size == 0) {
                break;
            }
            out.append(body, eol + 2, eol + 2 + size);
            i = eol + 2 + size + 2;
        }
        return out.toString();
    }
}
