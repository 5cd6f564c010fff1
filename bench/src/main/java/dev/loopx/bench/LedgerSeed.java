package dev.loopx.bench;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.chronicle.ChronicleLedger;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.EvidenceRecorded;
import dev.loopx.ledger.event.GateDecided;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.QuotaSlotSpent;
import dev.loopx.ledger.event.SchedulerAcked;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoClaimed;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.lock.LedgerLock;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Builds big, realistic ledgers for {@code bench/run --targets} and measures the raw read+decode
 * rate of a ledger, without the CLI.
 *
 * <ul>
 *   <li>{@code seed --root R --events N [--goals G] [--agents A] [--batch B]}: appends events to the
 *       runtime root R through {@link ChronicleLedger#appendIfHead} in batches (B = 100: one Chronicle document per batch, ~53 KB; a document is capped at 256 KiB) until the
 *       ledger holds N events. Mix, per goal (round robin over G = 10 goals, A = 4 agents each):
 *       goal.registered + goal.configured + agent.registered once, then a repeating lifecycle —
 *       todo.added, todo.claimed, evidence.recorded, quota.slot_spent, scheduler.acked,
 *       todo.completed, and every 8th cycle a user gate (todo.added with blocks_agent) and a
 *       gate.decided, the previous gate's todo completed by the owner first (one open gate per goal). Payloads go through {@link EventCodec#propose}, exactly what the CLI writes.
 *   <li>{@code read --root R}: {@code readFrom(1)} + {@link EventCodec#decode} over every event —
 *       the same path as LedgerThroughput's "Chronicle readFrom(1) + EventCodec.decode" row; run
 *       3 times in one JVM, prints one line per pass and {@code best_events_per_s=…} and
 *       {@code first_events_per_s=…} (the cold pass, comparable to a one-shot rebuild JVM).
 * </ul>
 */
public final class LedgerSeed {
    private static final Instant BASE = Instant.parse("2026-01-01T00:00:00Z");
    private static final String[] TASKS = {"implementation", "review", "research", "verification"};

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "";
        Path root = null;
        long events = 1_000;
        int goals = 10;
        int agents = 4;
        int batch = 100;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--root" -> root = Path.of(args[++i]);
                case "--events" ->
                    events = Long.parseLong(args[++i].replace("_", "").replace(",", ""));
                case "--goals" -> goals = Integer.parseInt(args[++i]);
                case "--agents" -> agents = Integer.parseInt(args[++i]);
                case "--batch" -> batch = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (root == null) {
            throw new IllegalArgumentException("--root is required");
        }
        switch (mode) {
            case "seed" -> seed(root, events, goals, agents, batch);
            case "read" -> read(root);
            default -> throw new IllegalArgumentException("usage: LedgerSeed seed|read --root R [--events N]");
        }
    }

    private static void seed(Path root, long target, int goals, int agents, int batch) {
        EventCodec codec = new EventCodec(EventCatalog.standard());
        SplittableRandom rnd = new SplittableRandom(7L);
        long t0 = System.nanoTime();
        try (ChronicleLedger ledger = ChronicleLedger.open(root, SyncPolicy.BATCH, new LedgerLock(root))) {
            Head head = ledger.head();
            long have = head.seq();
            long[] cycle = new long[goals];
            String[] openGate = new String[goals]; // each goal's last gate, completed when the next one opens
            long step = have;
            List<ProposedEvent> pending = new ArrayList<>(batch);
            // Goal set-up first (goal 0 may exist already from `loopx connect`; registering again is harmless for a
            // fold).
            for (int g = 0; g < goals && have + pending.size() < target; g++) {
                String goal = goalId(g);
                pending.add(codec.propose(
                        new GoalRegistered("Benchmark goal " + g + ": keep the build green", "bench-" + g),
                        at(step++),
                        goal,
                        owner(),
                        op(rnd)));
                pending.add(codec.propose(
                        new GoalConfigured(new BigDecimal("120.5"), 24, 30), at(step++), goal, owner(), op(rnd)));
                for (int a = 0; a < agents; a++) {
                    pending.add(codec.propose(
                            new AgentRegistered(agentId(a), "lane " + a + " of goal " + g),
                            at(step++),
                            goal,
                            owner(),
                            op(rnd)));
                }
            }
            trim(pending, target - have);
            have = flush(ledger, pending, have);
            long nextReport = have + 100_000;
            long cycles = 0;
            while (have < target) {
                // Round robin by cycle, not by step: a cycle has an even number of events, so `step % goals`
                // put every cycle on the odd goals and left bench-goal-0 (the one should-run asks about) empty.
                int g = (int) (cycles++ % goals);
                String goal = goalId(g);
                long c = cycle[g]++;
                int a = (int) (c % agents);
                String agent = agentId(a);
                Actor agentActor = new Actor(ActorKind.AGENT, agent);
                String todo = "todo_" + g + "_" + c;
                List<LoopxEvent> life = new ArrayList<>(9);
                life.add(new TodoAdded(
                        todo,
                        "agent",
                        "Fix flaky test " + c + " in module " + (c % 13) + " and keep coverage",
                        TASKS[(int) (c % TASKS.length)],
                        "P" + (c % 5),
                        "",
                        "",
                        false,
                        List.of(),
                        "",
                        ""));
                life.add(new TodoClaimed(todo, agent));
                life.add(new EvidenceRecorded(agent, "delivered", "ran ./mvnw verify, 412 tests green, diff 37 lines"));
                life.add(new QuotaSlotSpent(agent, 1 + (int) (c % 3), Math.max(1, have)));
                life.add(new SchedulerAcked(
                        agent,
                        "codex_app",
                        "rt_" + Long.toHexString(rnd.nextLong()),
                        "sig_" + Long.toHexString(rnd.nextLong()),
                        (int) (c % 6),
                        30,
                        "FREQ=MINUTELY;INTERVAL=30"));
                life.add(new TodoCompleted(
                        todo, "commit " + Long.toHexString(rnd.nextLong()), c % 2 == 0, "done", List.of()));
                if (c % 8 == 7) {
                    // The owner answers a gate and closes its todo by the time the next one opens: a goal
                    // has at most one open gate, as in real use (until 2026-12-01 no gate todo was ever
                    // completed, so the open state of a 1M-event ledger held ~2,000 gates per goal).
                    if (openGate[g] != null) {
                        life.add(new TodoCompleted(
                                openGate[g], "owner approved the release", true, "approved", List.of()));
                    }
                    String gate = "gate_" + g + "_" + c;
                    life.add(new TodoAdded(
                            gate,
                            "user",
                            "Approve release " + c,
                            "approval",
                            "P1",
                            "",
                            agent,
                            false,
                            List.of(),
                            "",
                            ""));
                    life.add(new GateDecided(gate, "approved", "owner approved after review"));
                    openGate[g] = gate;
                }
                for (LoopxEvent e : life) {
                    Actor actor = e instanceof GateDecided
                                    || (e instanceof TodoAdded t && t.role().equals("user"))
                                    || (e instanceof TodoCompleted done
                                            && done.todoId().startsWith("gate_"))
                            ? owner()
                            : agentActor;
                    pending.add(codec.propose(e, at(step++), goal, actor, op(rnd)));
                }
                if (pending.size() >= batch || have + pending.size() >= target) {
                    trim(pending, target - have);
                    have = flush(ledger, pending, have);
                    if (have >= nextReport) {
                        System.err.printf(
                                Locale.ROOT,
                                "seed: %,d events (%.0f events/s)%n",
                                have,
                                (have - head.seq()) / ((System.nanoTime() - t0) / 1e9));
                        nextReport += 100_000;
                    }
                }
            }
            System.err.printf(
                    Locale.ROOT,
                    "seed: ledger %s holds %,d events (%.1f s)%n",
                    root,
                    ledger.head().seq(),
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    private static void trim(List<ProposedEvent> pending, long room) {
        while (pending.size() > room) {
            pending.remove(pending.size() - 1);
        }
    }

    private static long flush(ChronicleLedger ledger, List<ProposedEvent> pending, long have) {
        if (pending.isEmpty()) {
            return have;
        }
        var out = ledger.appendIfHead(have, List.copyOf(pending));
        if (out.isLeft()) {
            throw new IllegalStateException("head moved while seeding: " + out.getLeft());
        }
        have += pending.size();
        pending.clear();
        return have;
    }

    private static void read(Path root) {
        EventCodec codec = new EventCodec(EventCatalog.standard());
        double first = 0;
        double best = 0;
        for (int pass = 1; pass <= 3; pass++) {
            long start = System.nanoTime();
            long count = 0;
            long sink = 0;
            try (ChronicleLedger ledger = ChronicleLedger.open(root, SyncPolicy.BATCH, new LedgerLock(root));
                    EventCursor cursor = ledger.readFrom(1)) {
                while (cursor.hasNext()) {
                    Recorded r = cursor.next();
                    count++;
                    Decoded d = codec.decode(r);
                    sink += d.seq() + (d.event() != null ? 1 : 0);
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double rate = count / seconds;
            first = pass == 1 ? rate : first;
            best = Math.max(best, rate);
            System.out.printf(
                    Locale.ROOT,
                    "pass=%d events=%d seconds=%.3f events_per_s=%.0f sink=%d%n",
                    pass,
                    count,
                    seconds,
                    rate,
                    sink);
        }
        System.out.printf(Locale.ROOT, "first_events_per_s=%.0f%nbest_events_per_s=%.0f%n", first, best);
    }

    static String goalId(int g) {
        return "bench-goal-" + g;
    }

    static String agentId(int a) {
        return "codex-worker-" + a;
    }

    private static Actor owner() {
        return new Actor(ActorKind.OWNER, "alice@example.com");
    }

    private static Instant at(long step) {
        return BASE.plusMillis(step * 1_000);
    }

    private static String op(SplittableRandom rnd) {
        return "op_" + Long.toHexString(rnd.nextLong()) + Long.toHexString(rnd.nextLong());
    }
}
