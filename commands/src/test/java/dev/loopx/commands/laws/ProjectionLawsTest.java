package dev.loopx.commands.laws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.AgentDecider;
import dev.loopx.commands.agent.RegisterAgents;
import dev.loopx.commands.agent.ThreadBindingDecider;
import dev.loopx.commands.agent.ThreadCommands;
import dev.loopx.commands.gate.GateDecider;
import dev.loopx.commands.gate.OperatorGate;
import dev.loopx.commands.goal.ChangeLifecycle;
import dev.loopx.commands.goal.ConfigureGoal;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.goal.RegisterGoal;
import dev.loopx.commands.quota.QuotaCommands.RecordEvidence;
import dev.loopx.commands.quota.QuotaCommands.SpendSlot;
import dev.loopx.commands.quota.QuotaCommands.VoidSlot;
import dev.loopx.commands.quota.QuotaDecider;
import dev.loopx.commands.reward.RecordReward;
import dev.loopx.commands.reward.RewardDecider;
import dev.loopx.commands.scheduler.SchedulerCommands;
import dev.loopx.commands.scheduler.SchedulerDecider;
import dev.loopx.commands.todo.TodoCommands.AddTodo;
import dev.loopx.commands.todo.TodoCommands.ClaimTodo;
import dev.loopx.commands.todo.TodoCommands.CompleteTodo;
import dev.loopx.commands.todo.TodoCommands.DeclareEmpty;
import dev.loopx.commands.todo.TodoCommands.SupersedeTodo;
import dev.loopx.commands.todo.TodoCommands.UpdateTodo;
import dev.loopx.commands.todo.TodoDecider;
import dev.loopx.fixtures.Scenario;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.GoalLivenessConfigured;
import dev.loopx.ledger.event.LedgerRepaired;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.OperationRecorded;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.Projector;
import dev.loopx.projections.audit.AuditFold;
import dev.loopx.projections.goal.GoalFold;
import dev.loopx.projections.quota.QuotaFold;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoFold;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import dev.loopx.projections.view.MapViews;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Laws over random histories made by the deciders themselves (seeded, so a failure names its
 * seed): every emitted event survives the codec round trip, and folding a ledger in one pass
 * gives the same views as folding it in two parts with the views persisted as JSON text between
 * them (what a projection store that stops and resumes does).
 */
class ProjectionLawsTest {
    private static final EventCodec CODEC = new EventCodec(EventCatalog.standard());
    private static final List<String> VIEWS = List.of(
            GoalFold.VIEW,
            TodoFold.VIEW,
            QuotaFold.VIEW,
            AuditFold.LOG_VIEW,
            dev.loopx.projections.view.OperationIndex.VIEW,
            dev.loopx.projections.heartbeat.HeartbeatFold.VIEW,
            dev.loopx.projections.lane.LaneFold.VIEW,
            TodoFold.CLAIMS_VIEW,
            dev.loopx.projections.lane.LaneFold.GOAL_VIEW,
            dev.loopx.projections.migration.PromptMigrationFold.VIEW);
    private static final int SEEDS = 60;
    private static final int COMMANDS = 150;

    @Test
    void everyEventTheDecidersEmit_decodesToTheSameRecord() {
        for (long seed = 1; seed <= SEEDS; seed++) {
            for (Recorded recorded : randomHistory(seed).ledger) {
                LoopxEvent decoded = CODEC.decode(recorded).event();
                long s = seed;
                assertEquals(decoded, Scenario.roundTrip(recorded.goalId(), decoded), () -> "seed " + s);
            }
        }
    }

    @Test
    void foldingInTwoPartsWithPersistedViewsBetween_givesTheSameViewsAsOnePass() {
        Projector projector = new Projector();
        for (long seed = 1; seed <= SEEDS; seed++) {
            History history = randomHistory(seed);
            int split = new Random(seed * 31).nextInt(history.ledger.size() + 1);
            KeyedViews first = new KeyedViews();
            history.ledger.subList(0, split).forEach(r -> projector.apply(CODEC.decode(r), first));
            KeyedViews resumed = first.persistedAndReopened();
            history.ledger
                    .subList(split, history.ledger.size())
                    .forEach(r -> projector.apply(CODEC.decode(r), resumed));
            long s = seed;
            assertEquals(dump(history.views), dump(resumed), () -> "seed " + s + ", split after " + split);
        }
    }

    /** The claims index (a lane's claims without a scan) lists exactly the open todos each agent claims. */
    @Test
    void theClaimsIndexListsExactlyTheOpenTodosEachAgentClaims() {
        for (long seed = 1; seed <= SEEDS; seed++) {
            History history = randomHistory(seed);
            for (String goal : List.of("g1", "g2")) {
                for (String agent : List.of("a", "b", "c")) {
                    java.util.Set<String> indexed = new java.util.HashSet<>();
                    TodoFold.claimedBy(history.views, goal, agent).forEach(t -> indexed.add(t.todoId()));
                    java.util.Set<String> scanned = new java.util.HashSet<>();
                    TodoFold.openTodos(history.views, goal).stream()
                            .filter(t -> t.claimedBy().equals(agent))
                            .forEach(t -> scanned.add(t.todoId()));
                    long s = seed;
                    assertEquals(scanned, indexed, () -> "seed " + s + ", " + goal + "/" + agent);
                }
            }
        }
    }

    @Test
    void randomHistories_exerciseEveryKindOfEvent() {
        TreeSet<String> types = new TreeSet<>();
        for (long seed = 1; seed <= SEEDS; seed++) {
            randomHistory(seed).ledger.forEach(r -> types.add(r.type()));
        }
        TreeSet<String> catalog = new TreeSet<>();
        CODEC.catalog().types().forEach(t -> catalog.add(t.name()));
        assertEquals(catalog, types, "the generator should reach every event type, else the laws above miss some");
    }

    /** Every view's documents in key order, as canonical JSON. */
    private static String dump(Views views) {
        ArrayNode all = Json.array();
        for (String view : VIEWS) {
            ArrayNode docs = all.addArray();
            docs.add(view);
            views.list(view, "").forEach(docs::add);
        }
        return CanonicalJson.string(all);
    }

    private record History(List<Recorded> ledger, MapViews views) {}

    /** Random commands run through the deciders; accepted events are appended and folded. */
    private static History randomHistory(long seed) {
        Random random = new Random(seed);
        InMemoryLedger ledger = new InMemoryLedger();
        MapViews views = new MapViews();
        Projector projector = new Projector();
        List<Recorded> recorded = new ArrayList<>();
        for (int i = 0; i < COMMANDS; i++) {
            String goal = pick(random, List.of("g1", "g2"));
            // now and then the event a repair puts where a damaged event was (no decider writes it)
            long next = ledger.head().seq() + 1;
            // and now and then a liveness setting or a lane's stop acknowledgement (issue 36), chosen by
            // the seq so the random stream stays what it was
            Either<Rejection, List<LoopxEvent>> decision = random.nextInt(40) == 0
                    ? switch ((int) (next % 4)) {
                        case 0 ->
                            Either.right(List.of(new LedgerRepaired(
                                    next,
                                    "todo.added",
                                    "",
                                    List.of(new LedgerRepaired.SeqRange(next, next)),
                                    next + 3,
                                    "ab".repeat(32),
                                    Scenario.T0.toString())));
                        case 1 ->
                            Either.right(
                                    List.of(new GoalLivenessConfigured((int) (next % 5) + 1, 24 + (int) (next % 13))));
                        case 3 ->
                            GoalState.load(views, goal)
                                    .flatMap(st -> st.openTodos().stream()
                                            .filter(t -> !t.claimedBy().isEmpty())
                                            .findFirst())
                                    .map(t -> dev.loopx.commands.todo.TodoDecider.decide(
                                            new dev.loopx.commands.todo.TodoCommands.ReclaimTodo(
                                                    goal, t.todoId(), "stale", ActorKind.OWNER),
                                            GoalState.load(views, goal)))
                                    .orElse(Either.right(List.of()));
                        default ->
                            SchedulerDecider.decide(
                                    new SchedulerCommands.AcknowledgeStop(goal, next % 2 == 0 ? "a" : "b"),
                                    GoalState.load(views, goal),
                                    views);
                    }
                    : decideRandom(random, goal, views, Scenario.T0.plusSeconds(60L * i));
            if (decision.isLeft() || decision.get().isEmpty()) {
                continue;
            }
            List<LoopxEvent> events = new ArrayList<>(decision.get());
            String operationId = random.nextInt(4) == 0 ? "op-" + seed + "-" + i : "";
            if (!operationId.isEmpty()) {
                events.add(new OperationRecorded(operationId, "sha-" + i, "random"));
            }
            Actor actor = new Actor(pick(random, List.of(ActorKind.values())), "actor");
            var at = Scenario.T0.plusSeconds(60L * i);
            var proposed = events.stream()
                    .map(e -> CODEC.propose(e, at, goal, actor, operationId))
                    .toList();
            for (Recorded r : ledger.appendIfHead(ledger.head().seq(), proposed).get()) {
                projector.apply(CODEC.decode(r), views);
                recorded.add(r);
            }
        }
        return new History(recorded, views);
    }

    /** @param at when the events decided would be recorded (lease commands decide at about that time) */
    private static Either<Rejection, List<LoopxEvent>> decideRandom(
            Random random, String goal, Views views, java.time.Instant at) {
        var state = GoalState.load(views, goal);
        List<String> todoIds = state.map(s -> s.todosIncludingArchived().stream()
                        .map(TodoView::todoId)
                        .toList())
                .orElse(List.of());
        String todo = todoIds.isEmpty() ? "todo_000000000000" : pick(random, todoIds);
        String agent = random.nextInt(3) == 0 ? "" : pick(random, List.of("a", "b", "c"));
        String text = pick(
                random,
                List.of(
                        "Write the importer",
                        "Write the docs",
                        "Fix the flaky test",
                        "Approve the schema",
                        "Try the build",
                        "Ship it"));
        return switch (random.nextInt(20)) {
            case 0 -> GoalDecider.decide(new RegisterGoal(goal, "objective", "app"), Projector.goal(views, goal));
            case 1 -> {
                // the same two draws as ever, and a registration whenever one would add an agent, so every
                // other case sees the same stream and state; re-registering (which added nothing) binds or
                // unbinds a thread instead, chosen from values drawn already
                String peer = pick(random, List.of("a", "b", "c"));
                boolean flag = random.nextBoolean();
                if (state.isEmpty() || state.get().goal().agent(peer).isEmpty()) {
                    yield AgentDecider.decide(new RegisterAgents(goal, List.of(peer), "", flag), state);
                }
                String thread = todoIds.size() % 2 == 0 ? "t1" : "t2";
                yield text.length() % 3 == 2
                        ? ThreadBindingDecider.decide(
                                new ThreadCommands.UnbindAgentThread(goal, "codex-app", thread, peer), state, views)
                        : ThreadBindingDecider.decide(
                                new ThreadCommands.BindAgentThread(goal, "codex-app", thread, peer, flag),
                                state,
                                views);
            }
            case 2 ->
                GoalDecider.decide(new ChangeLifecycle(goal, random.nextBoolean(), "why"), Projector.goal(views, goal));
            case 3 ->
                GoalDecider.decide(
                        new ConfigureGoal(
                                goal,
                                pick(random, List.of(BigDecimal.ZERO, new BigDecimal("0.5"), BigDecimal.ONE)),
                                pick(random, List.of(12, 24)),
                                pick(random, List.of(1, 2))),
                        Projector.goal(views, goal));
            case 4, 5 -> {
                boolean user = random.nextBoolean();
                String resume = switch (random.nextInt(3)) {
                    case 0 -> "todo_done:" + todo;
                    case 1 -> "resume_at:2026-02-01T00:00:00Z";
                    default -> "";
                };
                // "Try the build" for an agent is a monitor with watch settings (no extra draws)
                boolean monitor = !user && text.equals("Try the build");
                AddTodo add = new AddTodo(
                        goal,
                        user ? TodoRole.USER : TodoRole.AGENT,
                        text,
                        user
                                ? pick(random, List.of(TaskClass.USER_GATE, TaskClass.USER_ACTION))
                                : monitor ? TaskClass.MONITOR_TASK : TaskClass.ADVANCEMENT_TASK,
                        pick(random, List.of(Priority.NONE, Priority.P0, Priority.P2)),
                        user ? "" : agent,
                        user ? agent : "",
                        user && agent.isEmpty() && random.nextBoolean(),
                        java.util.List.of(),
                        resume,
                        // from what was already drawn (no new draws): some todos unblock another
                        text.startsWith("Fix") && resume.isEmpty() ? todo : "",
                        List.of());
                yield monitor
                        ? dev.loopx.commands.monitor.MonitorDecider.decide(
                                new dev.loopx.commands.monitor.MonitorCommands.AddMonitor(
                                        add,
                                        new dev.loopx.commands.monitor.MonitorSettings(
                                                "ci",
                                                30,
                                                "",
                                                agent.isEmpty() ? "" : "2026-01-01T06:00:00Z",
                                                agent.equals("c"))),
                                state)
                        : TodoDecider.decide(add, state);
            }
            case 6 -> TodoDecider.decide(new ClaimTodo(goal, todo, agent), state);
            case 18 -> {
                java.time.Instant now = at.plusSeconds(pick(random, List.of(0L, 600L, 7200L)));
                int ttl = pick(random, List.of(1, 30, 1440));
                // mostly about a leased todo and by its holder, so renew, transfer and release are reached
                List<TodoView> open = state.map(s ->
                                s.openTodos().stream().filter(TodoView::isAgent).toList())
                        .orElse(List.of());
                List<TodoView> leased =
                        open.stream().filter(t -> t.lease().present()).toList();
                List<TodoView> pool = !leased.isEmpty() && random.nextInt(4) > 0 ? leased : open;
                TodoView target = pool.isEmpty() || random.nextInt(5) == 0 ? null : pick(random, pool);
                String leaseTodo = target == null ? todo : target.todoId();
                String holder = target == null
                        ? agent
                        : target.lease().present()
                                ? target.lease().holder()
                                : target.claimedBy().isEmpty() ? agent : target.claimedBy();
                if (target == null || !target.lease().present()) {
                    yield TodoDecider.decide(
                            new dev.loopx.commands.todo.TodoCommands.AcquireLease(goal, leaseTodo, holder, ttl, now),
                            state);
                }
                List<String> others = state.get().goal().agentIds().stream()
                        .filter(a -> !a.equals(holder))
                        .toList();
                yield switch (random.nextInt(4)) {
                    case 1 ->
                        others.isEmpty()
                                ? TodoDecider.decide(
                                        new dev.loopx.commands.todo.TodoCommands.ReleaseLease(
                                                goal, leaseTodo, holder, now),
                                        state)
                                : TodoDecider.decide(
                                        new dev.loopx.commands.todo.TodoCommands.TransferLease(
                                                goal, leaseTodo, holder, pick(random, others), ttl, now),
                                        state);
                    case 0 ->
                        TodoDecider.decide(
                                new dev.loopx.commands.todo.TodoCommands.RenewLease(goal, leaseTodo, holder, ttl, now),
                                state);
                    case 2 ->
                        TodoDecider.decide(
                                new dev.loopx.commands.todo.TodoCommands.ReleaseLease(goal, leaseTodo, holder, now),
                                state);
                    default ->
                        TodoDecider.decide( // another lane tries to take it (refused while it lives)
                                new dev.loopx.commands.todo.TodoCommands.AcquireLease(
                                        goal, leaseTodo, pick(random, List.of("a", "b", "c")), ttl, now),
                                state);
                };
            }
            case 19 -> {
                List<String> capabilities = pick(random, List.of(List.of(), List.of("gpu"), List.of("gpu", "shell")));
                yield random.nextBoolean()
                        ? TodoDecider.decide(
                                new AddTodo(
                                        goal,
                                        TodoRole.AGENT,
                                        text,
                                        TaskClass.ADVANCEMENT_TASK,
                                        Priority.NONE,
                                        "",
                                        "",
                                        false,
                                        List.of(),
                                        "",
                                        "",
                                        capabilities),
                                state)
                        : TodoDecider.decide(
                                new UpdateTodo(
                                        goal,
                                        todo,
                                        agent,
                                        "",
                                        java.util.Optional.empty(),
                                        "",
                                        false,
                                        java.util.Optional.of(capabilities)),
                                state);
            }
            case 7 ->
                TodoDecider.decide(
                        new UpdateTodo(
                                goal,
                                todo,
                                agent,
                                random.nextBoolean() ? text : "",
                                TodoStatus.fromWire(pick(random, List.of("", "open", "blocked", "deferred"))),
                                pick(random, List.of("", "none", "resume_at:2026-03-01T00:00:00Z")),
                                random.nextBoolean()),
                        state);
            case 8, 9 ->
                TodoDecider.decide(
                        new CompleteTodo(
                                goal,
                                todo,
                                agent,
                                "evidence",
                                random.nextBoolean(),
                                random.nextBoolean() ? text : "",
                                random.nextBoolean() ? text : "",
                                pick(random, List.of("user_gate", "user_action")),
                                pick(random, List.of("", "approve")),
                                text.length() % 2 == 0 ? "./mvnw -q test" : ""),
                        state);
            case 10 -> {
                // a monitor picked here is polled instead of superseded (no extra draws)
                boolean monitor = state.flatMap(s -> s.todo(todo))
                        .filter(dev.loopx.projections.query.TodoRules::isMonitor)
                        .isPresent();
                yield monitor
                        ? dev.loopx.commands.monitor.MonitorDecider.decide(
                                new dev.loopx.commands.monitor.MonitorCommands.PollMonitor(
                                        goal, todo, agent, "abcdef01", text.length() % 3 == 0, "", ""),
                                state,
                                Scenario.T0)
                        : TodoDecider.decide(new SupersedeTodo(goal, todo, agent, "why", text), state);
            }
            case 11 ->
                switch (random.nextInt(3)) {
                    case 0 -> TodoDecider.decide(new DeclareEmpty(goal, pick(random, List.of("user", "agent"))), state);
                    // archiving instead of a checkpoint, picked from what was already drawn (no new draws)
                    case 1 ->
                        agent.isEmpty()
                                ? TodoDecider.decide(
                                        new dev.loopx.commands.todo.TodoCommands.ArchiveCompleted(
                                                goal, agent, todoIds.size() % 3),
                                        state)
                                : TodoDecider.decide(
                                        new dev.loopx.commands.todo.TodoCommands.Checkpoint(goal, agent, "replanned"),
                                        state);
                    default -> {
                        int n = pick(random, List.of(1, 2, 5));
                        // the breaker's limits instead of the replan cadence on one of the values (no new draws)
                        yield n == 2
                                ? GoalDecider.decideBreaker(
                                        2,
                                        4,
                                        state.map(s -> s.breakerPolicy().replanAfter())
                                                .orElse(3),
                                        state.map(s -> s.breakerPolicy().gateAfter())
                                                .orElse(6))
                                : GoalDecider.decideReplanPolicy(
                                        n,
                                        state.map(s -> s.plan().replanAfterCompletedTodos())
                                                .orElse(5));
                    }
                };
            case 12 ->
                random.nextBoolean()
                        ? GateDecider.decide(
                                new OperatorGate(
                                        goal, "release", pick(random, List.of("approve", "reject", "defer")), "reason"),
                                state)
                        : RewardDecider.decide(new RecordReward(goal, "positive", "reason", "", "", ""), state);
            case 13 ->
                QuotaDecider.decide(
                        new RecordEvidence(
                                goal,
                                agent,
                                pick(
                                        random,
                                        List.of(
                                                "outcome_progress",
                                                "primary_goal_outcome",
                                                "surface_only",
                                                "outcome_gap")),
                                "summary"),
                        state);
            case 14 -> QuotaDecider.decide(new SpendSlot(goal, agent, 1 + random.nextInt(2)), state);
            case 15 -> {
                String rrule = pick(random, List.of("FREQ=MINUTELY;INTERVAL=30", "FREQ=MINUTELY;INTERVAL=60"));
                if (state.isEmpty() || random.nextBoolean()) {
                    yield dev.loopx.commands.scheduler.SchedulerDecider.decide(
                            new dev.loopx.commands.scheduler.SchedulerCommands.FailScheduler(
                                    goal, agent, "codex_app", rrule, "FREQ=MINUTELY;INTERVAL=3"),
                            state);
                }
                var live = dev.loopx.commands.scheduler.SchedulerDecider.liveBackoff(
                        state.get(), views, agent, "codex_app", Scenario.T0);
                yield dev.loopx.commands.scheduler.SchedulerDecider.decide(
                        new dev.loopx.commands.scheduler.SchedulerCommands.AckScheduler(
                                goal,
                                agent,
                                "codex_app",
                                rrule,
                                live.resetToken(),
                                live.identitySignature(),
                                Scenario.T0),
                        state,
                        views);
            }
            case 16 -> {
                // Draws exactly what it always drew (one nextInt(4)), so the other seeds' histories stay as they were.
                int turn = random.nextInt(4);
                if (turn == 2 && !agent.isEmpty()) {
                    // prompt migration outcomes, picked from what was already drawn (no new draws)
                    String kind = dev.loopx.commands.migration.PromptMigrationDecider.KINDS.get(
                            Math.floorMod(text.hashCode() + (int) (at.getEpochSecond() / 60), 5));
                    yield dev.loopx.commands.migration.PromptMigrationDecider.decide(
                            new dev.loopx.commands.migration.PromptMigrationDecider.RecordPromptMigration(
                                    goal,
                                    kind,
                                    agent,
                                    "auto-" + agent,
                                    "a".repeat(64),
                                    "b".repeat(64),
                                    "",
                                    "automation-prompts apply",
                                    kind,
                                    "c".repeat(64)),
                            state);
                }
                if (turn == 2) {
                    // a runtime-wide upgrade record, also from what was already drawn
                    yield dev.loopx.commands.upgrade.RuntimeUpgradeDecider.decide(
                            new dev.loopx.commands.upgrade.RuntimeUpgradeDecider.RecordRuntimeUpgrade(
                                    "0.1.0",
                                    "0.2.0",
                                    "e".repeat(64),
                                    text.length() % 2 == 0 ? "complete" : "deferred",
                                    text.length() % 2 == 0));
                }
                yield turn == 3
                        ? dev.loopx.commands.heartbeat.HeartbeatDecider.decide(
                                new dev.loopx.commands.heartbeat.RecordHeartbeatInstall(
                                        goal,
                                        agent,
                                        agent.equals("b") ? "claude_code" : "codex_app",
                                        agent.equals("c") ? 1 : 2,
                                        (agent.isEmpty() ? "0" : "f").repeat(64)),
                                state,
                                views)
                        : dev.loopx.commands.scheduler.SchedulerDecider.decide(
                                new dev.loopx.commands.scheduler.SchedulerCommands.ObserveTurn(
                                        goal, agent, "turn-" + turn, "quota_skip"),
                                state,
                                views);
            }
            default -> {
                List<Long> spends = state.map(s -> s
                                .quota()
                                .spendsWithin(java.time.Instant.EPOCH, java.time.Instant.parse("2999-01-01T00:00:00Z"))
                                .stream()
                                .map(sp -> sp.seq())
                                .toList())
                        .orElse(List.of());
                yield QuotaDecider.decide(
                        new VoidSlot(goal, spends.isEmpty() ? 1 : pick(random, spends), "why"), state);
            }
        };
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** Views that remember their keys, so they can be written out as JSON text and read back. */
    private static final class KeyedViews implements Views {
        private final MapViews inner = new MapViews();
        private final Map<String, TreeSet<String>> keys = new TreeMap<>();

        @Override
        public java.util.Optional<JsonNode> get(String view, String key) {
            return inner.get(view, key);
        }

        @Override
        public void put(String view, String key, JsonNode document) {
            keys.computeIfAbsent(view, v -> new TreeSet<>()).add(key);
            inner.put(view, key, document);
        }

        @Override
        public void remove(String view, String key) {
            TreeSet<String> ids = keys.get(view);
            if (ids != null) {
                ids.remove(key);
                if (ids.isEmpty()) {
                    keys.remove(view);
                }
            }
            inner.remove(view, key);
        }

        @Override
        public List<JsonNode> list(String view, String keyPrefix) {
            return inner.list(view, keyPrefix);
        }

        @Override
        public List<JsonNode> range(String view, String fromKey, String toKey) {
            return inner.range(view, fromKey, toKey);
        }

        KeyedViews persistedAndReopened() {
            KeyedViews reopened = new KeyedViews();
            keys.forEach((view, ids) -> ids.forEach(key -> {
                String text = CanonicalJson.string(inner.get(view, key).orElseThrow());
                try {
                    reopened.put(view, key, Json.mapper().readTree(text));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }));
            assertTrue(keys.equals(reopened.keys));
            return reopened;
        }
    }
}
