package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * SPEC §S4 under real concurrency: agents in separate CLI processes claim and complete todos at
 * the same time. Claims serialise through the ledger lock and are decided on current state, so
 * nothing is lost and a claim is never stolen ({@code claimed_by_other}).
 */
// Per-method bounds that add up to less than 3 minutes for the whole class; every child started
// through the launcher is killed after each test (ChildProcessTest).
class TodoConcurrencyProcessTest extends ChildProcessTest {
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(60);
    private static final int AGENTS = 4;
    private static final int TODOS_PER_AGENT = 2;
    private static final int RACE_ROUNDS = 3;

    @Test
    @Timeout(value = 115, unit = TimeUnit.SECONDS)
    void fourProcessesClaimingAndCompletingDifferentTodosAtOnce_loseNothing() throws Exception {
        String goal = "todo-conc-goal";
        long t0 = System.nanoTime();
        Path root = LedgerChecks.connect(cli, "project", goal);
        List<String> agents = new ArrayList<>();
        for (int a = 1; a <= AGENTS; a++) {
            agents.add("agent-" + a);
        }
        registerAgents(root, goal, agents);
        long tSetup = System.nanoTime();

        // Each agent's todos are added by a chain of its own (four chains at once), then raced.
        Map<String, List<String>> todosOf = new TreeMap<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(AGENTS)) {
            Map<String, Future<List<String>>> adds = new TreeMap<>();
            for (String agent : agents) {
                adds.put(agent, pool.submit(() -> {
                    List<String> ids = new ArrayList<>();
                    for (int i = 1; i <= TODOS_PER_AGENT; i++) {
                        ids.add(addAgentTodo(root, goal, "work item " + i + " for " + agent));
                    }
                    return ids;
                }));
            }
            for (var e : adds.entrySet()) {
                todosOf.put(e.getKey(), e.getValue().get(120, TimeUnit.SECONDS));
            }
        }
        Set<String> allTodos = new HashSet<>();
        todosOf.values().forEach(allTodos::addAll);
        assertEquals(AGENTS * TODOS_PER_AGENT, allTodos.size(), "every added todo has its own id: " + todosOf);
        long tAdded = System.nanoTime();

        // The race: four chains of child processes, one per agent, each claim → complete per todo.
        CyclicBarrier go = new CyclicBarrier(AGENTS);
        Map<String, List<ChildCli>> runs = new TreeMap<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(AGENTS)) {
            Map<String, Future<List<ChildCli>>> chains = new TreeMap<>();
            for (String agent : agents) {
                chains.put(agent, pool.submit(() -> {
                    go.await(30, TimeUnit.SECONDS);
                    List<ChildCli> done = new ArrayList<>();
                    for (String todo : todosOf.get(agent)) {
                        ChildCli claim = cli.start(
                                "--runtime-root",
                                root.toString(),
                                "--format",
                                "json",
                                "todo",
                                "claim",
                                "--goal-id",
                                goal,
                                "--todo-id",
                                todo,
                                "--agent-id",
                                agent);
                        claim.awaitExit(CHILD_TIMEOUT);
                        done.add(claim);
                        ChildCli complete = cli.start(
                                "--runtime-root",
                                root.toString(),
                                "--format",
                                "json",
                                "todo",
                                "complete",
                                "--goal-id",
                                goal,
                                "--todo-id",
                                todo,
                                "--agent-id",
                                agent,
                                "--evidence",
                                "finished by " + agent);
                        complete.awaitExit(CHILD_TIMEOUT);
                        done.add(complete);
                    }
                    return done;
                }));
            }
            for (var e : chains.entrySet()) {
                runs.put(e.getKey(), e.getValue().get(150, TimeUnit.SECONDS));
            }
        }
        long tRaced = System.nanoTime();

        // Every claim and completion was acknowledged (exit 0, ok, changed, one event appended).
        StringBuilder failures = new StringBuilder();
        Map<String, String> acknowledged = new HashMap<>(); // event_id -> "type todo agent"
        Set<Long> acknowledgedSeqs = new HashSet<>();
        for (var e : runs.entrySet()) {
            for (ChildCli child : e.getValue()) {
                int code = child.awaitExit(CHILD_TIMEOUT);
                if (code != 0) {
                    failures.append(child.name())
                            .append(" exited ")
                            .append(code)
                            .append(": ")
                            .append(child.stdout().strip())
                            .append('\n');
                    continue;
                }
                JsonNode doc = child.singleJsonDocument();
                JsonNode receipt = doc.path("receipt");
                if (!doc.path("ok").asBoolean()
                        || !doc.path("changed").asBoolean()
                        || receipt.path("appended").asInt() != 1
                        || receipt.path("replayed").asBoolean()) {
                    failures.append(child.name())
                            .append(" did not append exactly one event: ")
                            .append(doc)
                            .append('\n');
                    continue;
                }
                String type = receipt.path("event_types").path(0).asText();
                acknowledged.put(
                        receipt.path("event_ids").path(0).asText(),
                        type + " " + doc.path("todo_id").asText() + " " + e.getKey());
                acknowledgedSeqs.add(receipt.path("seq_from").asLong());
            }
        }
        assertEquals("", failures.toString(), "every claim and complete must be acknowledged");
        assertEquals(2 * AGENTS * TODOS_PER_AGENT, acknowledged.size(), "one distinct event per acknowledged write");
        assertEquals(2 * AGENTS * TODOS_PER_AGENT, acknowledgedSeqs.size(), "one distinct seq per acknowledged write");

        // The read model: every todo done, claimed by the agent that completed it.
        ChildCli list =
                cli.start("--runtime-root", root.toString(), "--format", "json", "todo", "list", "--goal-id", goal);
        ChildCli verify = LedgerChecks.startVerify(cli, root);
        ChildCli replay = LedgerChecks.startReplay(cli, root);
        Map<String, JsonNode> listed = listedTodos(list);
        for (var e : todosOf.entrySet()) {
            for (String todo : e.getValue()) {
                JsonNode t = listed.get(todo);
                assertTrue(t != null, todo + " missing from todo list: " + listed.keySet());
                assertEquals("done", t.path("status").asText(), "status of " + todo + ": " + t);
                assertEquals(e.getKey(), t.path("claimed_by").asText(), "claimed_by of " + todo + ": " + t);
            }
        }

        // The ledger: intact, dense, and holding exactly the acknowledged claims and completions.
        JsonNode report = LedgerChecks.assertVerifyOk(verify);
        List<JsonNode> events = LedgerChecks.replayed(replay);
        long head = LedgerChecks.assertDenseFromOne(events);
        assertEquals(head, report.path("head_seq").asLong(), "verify and replay agree on the head");
        Map<String, String> inLedger = new HashMap<>();
        Set<Long> seqsInLedger = new HashSet<>();
        int added = 0;
        for (JsonNode event : events) {
            String type = event.path("type").asText();
            if (type.equals("todo.added")) {
                added++;
            }
            if (type.equals("todo.claimed") || type.equals("todo.completed")) {
                inLedger.put(
                        event.path("event_id").asText(),
                        type + " " + event.path("payload").path("todo_id").asText() + " "
                                + event.path("actor").path("id").asText());
                seqsInLedger.add(event.path("seq").asLong());
            }
        }
        assertEquals(AGENTS * TODOS_PER_AGENT, added, "exactly one todo.added per todo");
        assertEquals(
                acknowledged, inLedger, "todo.claimed + todo.completed events are exactly the acknowledged writes");
        assertEquals(acknowledgedSeqs, seqsInLedger, "the acknowledged seqs are where those events sit");
        long tChecked = System.nanoTime();

        System.out.printf(
                "[todo-conc] connect+register %d ms; %d todo adds in %d parallel chains %d ms;"
                        + " %d claim+complete processes in %d parallel chains %d ms; checks %d ms; head seq %d%n",
                ms(tSetup - t0),
                AGENTS * TODOS_PER_AGENT,
                AGENTS,
                ms(tAdded - tSetup),
                2 * AGENTS * TODOS_PER_AGENT,
                AGENTS,
                ms(tRaced - tAdded),
                ms(tChecked - tRaced),
                head);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void twoAgentsRacingToClaimTheSameTodo_exactlyOneWins() throws Exception {
        String goal = "claim-race-goal";
        long t0 = System.nanoTime();
        Path root = LedgerChecks.connect(cli, "project", goal);
        List<String> agents = List.of("racer-a", "racer-b");
        registerAgents(root, goal, agents);

        Map<String, String> winners = new TreeMap<>();
        List<Long> startSpreadMicros = new ArrayList<>();
        List<Long> roundMillis = new ArrayList<>();
        for (int round = 1; round <= RACE_ROUNDS; round++) {
            String todo = addAgentTodo(root, goal, "contested item round " + round);
            long r0 = System.nanoTime();
            // Both children are started at the same moment: two threads released by one barrier.
            CyclicBarrier go = new CyclicBarrier(2);
            // Alternate which agent's thread is submitted first, so neither is systematically ahead.
            List<String> order = round % 2 == 1 ? agents : agents.reversed();
            Map<String, ChildCli> claims = new TreeMap<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
                List<Future<ChildCli>> starts = new ArrayList<>();
                for (String agent : order) {
                    starts.add(pool.submit(() -> {
                        go.await(30, TimeUnit.SECONDS);
                        return cli.start(
                                "--runtime-root",
                                root.toString(),
                                "--format",
                                "json",
                                "todo",
                                "claim",
                                "--goal-id",
                                goal,
                                "--todo-id",
                                todo,
                                "--agent-id",
                                agent);
                    }));
                }
                for (int i = 0; i < order.size(); i++) {
                    claims.put(order.get(i), starts.get(i).get(30, TimeUnit.SECONDS));
                }
            }
            startSpreadMicros.add(Math.abs(claims.get(agents.get(0)).startNanos()
                            - claims.get(agents.get(1)).startNanos())
                    / 1_000);

            List<String> won = new ArrayList<>();
            Map<String, String> lost = new TreeMap<>();
            for (var e : claims.entrySet()) {
                ChildCli claim = e.getValue();
                int code = claim.awaitExit(CHILD_TIMEOUT);
                JsonNode doc = claim.singleJsonDocument();
                if (code == 0) {
                    assertTrue(doc.path("ok").asBoolean(), claim.describe());
                    assertTrue(doc.path("changed").asBoolean(), "the winner's claim appends\n" + claim.describe());
                    assertEquals(
                            List.of("todo.claimed"), types(doc.path("receipt").path("event_types")), claim.describe());
                    assertEquals(e.getKey(), doc.path("todo").path("claimed_by").asText(), claim.describe());
                    won.add(e.getKey());
                } else {
                    assertEquals(1, code, "the loser is refused with exit 1\n" + claim.describe());
                    assertFalse(doc.path("ok").asBoolean(), claim.describe());
                    lost.put(e.getKey(), doc.path("error_code").asText());
                }
            }
            roundMillis.add(ms(System.nanoTime() - r0));
            assertEquals(1, won.size(), "round " + round + ": exactly one claim wins; won=" + won + " lost=" + lost);
            String loser = agents.stream()
                    .filter(a -> !a.equals(won.get(0)))
                    .findFirst()
                    .orElseThrow();
            assertEquals(Map.of(loser, "claimed_by_other"), lost, "round " + round + ": the other claim is refused");
            winners.put(todo, won.get(0));
        }

        ChildCli list =
                cli.start("--runtime-root", root.toString(), "--format", "json", "todo", "list", "--goal-id", goal);
        ChildCli verify = LedgerChecks.startVerify(cli, root);
        ChildCli replay = LedgerChecks.startReplay(cli, root);
        Map<String, JsonNode> listed = listedTodos(list);
        for (var e : winners.entrySet()) {
            JsonNode t = listed.get(e.getKey());
            assertTrue(t != null, e.getKey() + " missing from todo list: " + listed.keySet());
            assertEquals("open", t.path("status").asText(), t.toString());
            assertEquals(e.getValue(), t.path("claimed_by").asText(), "todo list shows the winner as claimed_by: " + t);
        }
        LedgerChecks.assertVerifyOk(verify);
        List<JsonNode> events = LedgerChecks.replayed(replay);
        LedgerChecks.assertDenseFromOne(events);
        Map<String, String> claimedInLedger = new TreeMap<>();
        for (JsonNode event : events) {
            if (event.path("type").asText().equals("todo.claimed")) {
                String previous = claimedInLedger.put(
                        event.path("payload").path("todo_id").asText(),
                        event.path("actor").path("id").asText());
                if (previous != null) {
                    fail("a second todo.claimed for "
                            + event.path("payload").path("todo_id").asText() + ": " + event);
                }
            }
        }
        assertEquals(winners, claimedInLedger, "exactly one todo.claimed per round, by the winner");

        System.out.printf(
                "[claim-race] %d rounds, winners %s; start spread %s us; round wall clock %s ms; total %d ms%n",
                RACE_ROUNDS, winners.values(), startSpreadMicros, roundMillis, ms(System.nanoTime() - t0));
    }

    private void registerAgents(Path root, String goal, List<String> agents) {
        List<String> args = new ArrayList<>(
                List.of("--runtime-root", root.toString(), "--format", "json", "register-agent", "--goal-id", goal));
        for (String agent : agents) {
            args.add("--agent-id");
            args.add(agent);
        }
        args.add("--execute");
        ChildCli register = cli.run(CHILD_TIMEOUT, args.toArray(String[]::new));
        register.assertExit(0, CHILD_TIMEOUT);
        assertTrue(register.singleJsonDocument().path("ok").asBoolean(), register.describe());
    }

    /** Adds an agent todo through the CLI; returns its id. */
    private String addAgentTodo(Path root, String goal, String text) {
        ChildCli add = cli.run(
                CHILD_TIMEOUT,
                "--runtime-root",
                root.toString(),
                "--format",
                "json",
                "todo",
                "add",
                "--goal-id",
                goal,
                "--role",
                "agent",
                "--text",
                text);
        add.assertExit(0, CHILD_TIMEOUT);
        JsonNode doc = add.singleJsonDocument();
        String id = doc.path("todo_id").asText();
        assertTrue(id.matches("todo_[0-9a-f]{12}"), "todo add answers a todo_id\n" + add.describe());
        return id;
    }

    private static Map<String, JsonNode> listedTodos(ChildCli list) {
        list.assertExit(0, CHILD_TIMEOUT);
        Map<String, JsonNode> byId = new HashMap<>();
        for (JsonNode t : list.singleJsonDocument().path("todos")) {
            byId.put(t.path("todo_id").asText(), t);
        }
        return byId;
    }

    private static List<String> types(JsonNode array) {
        List<String> types = new ArrayList<>();
        array.forEach(n -> types.add(n.asText()));
        return types;
    }

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
