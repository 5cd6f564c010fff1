package dev.loopx.commands.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.goal.ConfigureGoal;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.goal.RegisterGoal;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.projections.ProjectionCatchUp;
import dev.loopx.projections.Projector;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write and read paths over the real Chronicle journal and the real SQLite store. */
class LoopxRuntimeTest {
    /** The embedded adapters, as the composition root picks them. */
    static final LoopxRuntime.Adapters EMBEDDED = new LoopxRuntime.Adapters(
            (root, sync, lock) -> {
                dev.loopx.ledger.chronicle.ChronicleWarmUp.await();
                return dev.loopx.ledger.chronicle.ChronicleLedger.open(root, sync, lock);
            },
            dev.loopx.projections.store.ProjectionFiles::new);

    static LoopxRuntime open(java.nio.file.Path root, dev.loopx.ledger.SyncPolicy sync) {
        return LoopxRuntime.open(root, sync, EMBEDDED);
    }

    @TempDir
    Path root;

    private static LoopxRuntime.WriteContext at(int second, String goal) {
        return new LoopxRuntime.WriteContext(
                Instant.parse("2026-03-01T00:00:00Z").plusSeconds(second),
                goal,
                new Actor(ActorKind.OWNER, "test"),
                "");
    }

    /** A seeded history over several goals: registrations, real policy changes and no-op repeats. */
    private void writeHistory(LoopxRuntime runtime, long seed, int steps) {
        Random random = new Random(seed);
        for (int i = 0; i < steps; i++) {
            String goal = "g" + random.nextInt(4);
            if (random.nextInt(3) == 0) {
                RegisterGoal register = new RegisterGoal(goal, "objective " + i, "app-" + goal);
                runtime.write(at(i, goal), views -> GoalDecider.decide(register, Projector.goal(views, goal)));
            } else {
                ConfigureGoal configure = new ConfigureGoal(
                        goal, BigDecimal.valueOf(random.nextInt(5), 1), 1 + random.nextInt(48), 1 + random.nextInt(3));
                runtime.write(at(i, goal), views -> GoalDecider.decide(configure, Projector.goal(views, goal)));
            }
        }
    }

    @Test
    void aRebuiltStoreDumpsTheSameBytesAsTheIncrementalOne() {
        for (long seed = 1; seed <= 5; seed++) {
            Path r = root.resolve("seed-" + seed);
            LoopxRuntime.initialise(r);
            try (LoopxRuntime runtime = open(r, SyncPolicy.BATCH)) {
                writeHistory(runtime, seed, 60);
                String incremental = runtime.views().canonicalDump();
                runtime.rebuild(ProjectionCatchUp.Progress.NONE);
                assertEquals(incremental, runtime.views().canonicalDump(), "seed " + seed);
            }
        }
    }

    @Test
    void deletedProjectionsAreRebuiltIdentically() throws Exception {
        LoopxRuntime.initialise(root);
        String before;
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            writeHistory(runtime, 42, 40);
            before = runtime.views().canonicalDump();
        }
        for (String f : new String[] {"projections.db", "projections.db-wal", "projections.db-shm", "ledger.head"}) {
            Files.deleteIfExists(root.resolve(f));
        }
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            assertEquals(before, runtime.views().canonicalDump());
        }
    }

    /** Writes a history, changes the store with {@code sql}, reopens: the runtime rebuilds it to the same dump. */
    private void rebuiltOnOpenAfter(long seed, String... sql) throws Exception {
        LoopxRuntime.initialise(root);
        String before;
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            writeHistory(runtime, seed, 30);
            before = runtime.views().canonicalDump();
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + root.resolve("projections.db"));
                var s = c.createStatement()) {
            for (String statement : sql) {
                s.execute(statement);
            }
        }
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            assertEquals(before, runtime.views().canonicalDump());
            assertEquals(Projector.SCHEMA_VERSION, runtime.views().schemaVersion());
        }
    }

    @Test
    void aStoreBuiltByAnotherSchemaVersionIsRebuiltOnOpen() throws Exception {
        rebuiltOnOpenAfter(7, "UPDATE meta SET value='0' WHERE key='schema_version'", "DELETE FROM views");
    }

    /** Schema 6 (before 2026-12-01 evening): one unique (view, key) index, no row hashes. Its store is rebuilt, not misread. */
    @Test
    void aStoreOfTheLayoutBeforeRowHashesIsRebuiltOnOpen() throws Exception {
        rebuiltOnOpenAfter(
                8,
                "DROP INDEX views_key",
                "DROP INDEX views_h",
                "ALTER TABLE views DROP COLUMN h",
                "CREATE UNIQUE INDEX views_key ON views(view, key)",
                "UPDATE meta SET value='6' WHERE key='schema_version'");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + root.resolve("projections.db"));
                var s = c.createStatement();
                var rs = s.executeQuery("SELECT count(*) FROM pragma_table_info('views') WHERE name='h'")) {
            assertTrue(rs.next() && rs.getInt(1) == 1, "the rebuilt store has the row hashes");
        }
    }

    /**
     * A store that knows more than its ledger: either the ledger lost its tail or the store is not
     * this ledger's. The runtime cannot tell which, so it refuses ({@code ledger_tail_lost}) and
     * changes nothing; an owner who knows the store is foreign rebuilds it on purpose.
     */
    @Test
    void aStoreAheadOfItsLedgerIsRefusedUntilTheOwnerRebuildsIt() throws Exception {
        Path other = root.resolve("other");
        LoopxRuntime.initialise(other);
        try (LoopxRuntime runtime = open(other, SyncPolicy.BATCH)) {
            writeHistory(runtime, 9, 30);
        }
        Path mine = root.resolve("mine");
        LoopxRuntime.initialise(mine);
        String expected;
        try (LoopxRuntime runtime = open(mine, SyncPolicy.BATCH)) {
            writeHistory(runtime, 10, 5);
            expected = runtime.views().canonicalDump();
        }
        // A projection store copied from elsewhere (diverged): the ledger is the truth.
        Files.copy(
                other.resolve("projections.db"),
                mine.resolve("projections.db"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.deleteIfExists(mine.resolve("ledger.head"));
        try (LoopxRuntime runtime = open(mine, SyncPolicy.BATCH)) {
            LedgerException refused = assertThrows(LedgerException.class, runtime::views);
            assertEquals("ledger_tail_lost", refused.errorCode());
            assertTrue(refused.getMessage().contains("ends at seq"), refused.getMessage());
        }
        try (LoopxRuntime runtime = open(mine, SyncPolicy.BATCH)) {
            runtime.rebuild(ProjectionCatchUp.Progress.NONE);
            assertEquals(expected, runtime.views().canonicalDump());
        }
    }

    @Test
    void aReadOfACurrentStoreNeverOpensTheJournal() {
        LoopxRuntime.initialise(root);
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            writeHistory(runtime, 3, 10);
        }
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            runtime.views();
            assertFalse(runtime.journalOpened(), "the head marker said the store is current");
        }
    }

    /**
     * A ledger other machines append to (no local marker to trust, as a PostgreSQL ledger): a read
     * of a store that folded exactly the ledger's head asks for the head once and reads no event.
     */
    @Test
    void aReadOfACurrentStoreOnASharedLedgerAsksForTheHeadOnceAndReadsNoEvent() {
        LoopxRuntime.initialise(root);
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            writeHistory(runtime, 5, 8);
        }
        int[] heads = {0};
        int[] reads = {0};
        LoopxRuntime.Adapters shared = new LoopxRuntime.Adapters(
                (r, sync, lock) -> {
                    dev.loopx.ledger.Ledger real = EMBEDDED.ledgers().open(r, sync, lock);
                    return new dev.loopx.ledger.Ledger() {
                        @Override
                        public dev.loopx.ledger.Head head() {
                            heads[0]++;
                            return real.head();
                        }

                        @Override
                        public io.vavr.control.Either<
                                        dev.loopx.ledger.HeadMismatch, java.util.List<dev.loopx.ledger.Recorded>>
                                appendIfHead(long expectedHead, java.util.List<dev.loopx.ledger.ProposedEvent> events) {
                            return real.appendIfHead(expectedHead, events);
                        }

                        @Override
                        public dev.loopx.ledger.EventCursor readFrom(long fromSeq) {
                            reads[0]++;
                            return real.readFrom(fromSeq);
                        }

                        @Override
                        public void close() {
                            real.close();
                        }
                    };
                },
                dev.loopx.projections.store.ProjectionFiles::new,
                dev.loopx.ledger.lock.LedgerLock::new,
                false);
        try (LoopxRuntime runtime = LoopxRuntime.open(root, SyncPolicy.BATCH, shared)) {
            runtime.views();
            assertEquals(1, heads[0], "one head query");
            assertEquals(0, reads[0], "no event read: the store folded the ledger up to its head");
        }
    }

    @Test
    void aWriteThatChangesNothingAppendsNothing() {
        LoopxRuntime.initialise(root);
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            RegisterGoal register = new RegisterGoal("g1", "", "app");
            assertEquals(
                    2, // goal.registered + todo.sections_declared
                    runtime.write(at(0, "g1"), v -> GoalDecider.decide(register, Projector.goal(v, "g1")))
                            .get()
                            .seqs()
                            .size());
            assertTrue(runtime.write(at(1, "g1"), v -> GoalDecider.decide(register, Projector.goal(v, "g1")))
                    .get()
                    .seqs()
                    .isEmpty());
            assertEquals(2, runtime.ledger().head().seq());
        }
    }

    @Test
    void aMultiEventDecisionIsAppendedAndAppliedTogether() {
        LoopxRuntime.initialise(root);
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            var stored = runtime.write(
                            at(0, "g1"),
                            v -> Decision.accept(
                                    new GoalRegistered("", "app"), new GoalConfigured(new BigDecimal("0.25"), 24, 1)))
                    .get();
            assertEquals(2, stored.seqs().size());
            assertEquals(2, runtime.views().checkpoint().seq());
            assertEquals(
                    new BigDecimal("0.25"),
                    Projector.goal(runtime.views(), "g1").orElseThrow().quota().compute());
        }
    }

    /**
     * A read answers from one state of the store: another process of the root (here a second
     * runtime on the same files) that writes and so moves the store between two reads of one
     * command changes neither; the command's next {@code views()} sees the new state whole.
     */
    @Test
    void theReadsOfOneViewsCallSeeOneStateWhileAnotherProcessMovesTheStore() {
        LoopxRuntime.initialise(root);
        try (LoopxRuntime setUp = open(root, SyncPolicy.BATCH)) {
            for (String goal : new String[] {"g1", "g2"}) {
                setUp.write(
                        at(0, goal),
                        v -> Decision.accept(
                                new GoalRegistered("", "app"), new GoalConfigured(new BigDecimal("0.25"), 24, 1)));
            }
        }
        try (LoopxRuntime reader = open(root, SyncPolicy.BATCH)) {
            var views = reader.views();
            assertEquals(new BigDecimal("0.25"), compute(views, "g1"));
            try (LoopxRuntime other = open(root, SyncPolicy.BATCH)) {
                for (String goal : new String[] {"g1", "g2"}) {
                    other.write(at(1, goal), v -> Decision.accept(new GoalConfigured(new BigDecimal("0.5"), 24, 1)));
                }
                assertEquals(new BigDecimal("0.5"), compute(other.views(), "g2"), "the other process moved the store");
            }
            assertEquals(new BigDecimal("0.25"), compute(views, "g2"), "the same state as the first read");
            assertEquals(4, views.checkpoint().seq());
            var again = reader.views();
            assertEquals(new BigDecimal("0.5"), compute(again, "g1"));
            assertEquals(new BigDecimal("0.5"), compute(again, "g2"));
            assertEquals(6, again.checkpoint().seq());
            // and this runtime's own write after its reads (the read transaction ends before the batch's)
            reader.write(at(2, "g1"), v -> Decision.accept(new GoalConfigured(new BigDecimal("0.75"), 24, 1)));
            assertEquals(new BigDecimal("0.75"), compute(reader.views(), "g1"));
        }
    }

    private static BigDecimal compute(dev.loopx.projections.view.Views views, String goal) {
        return Projector.goal(views, goal).orElseThrow().quota().compute();
    }

    /** The idempotency index holds seqs only: a repeat reads its receipt back from the real journal. */
    @Test
    void aRepeatedOperationIdGetsItsReceiptFromTheJournal() {
        LoopxRuntime.initialise(root);
        Intent register = new Intent("connect", "a".repeat(64));
        LoopxRuntime.WriteContext first = new LoopxRuntime.WriteContext(
                Instant.parse("2026-03-01T00:00:00Z"), "g1", new Actor(ActorKind.OWNER, "test"), "op-1", register);
        Receipt original;
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            original = runtime.write(
                            first,
                            v -> Decision.accept(
                                    new GoalRegistered("", "app"), new GoalConfigured(new BigDecimal("0.25"), 24, 1)))
                    .get();
            assertEquals(
                    java.util.List.of("goal.registered", "goal.configured", "operation.recorded"),
                    original.eventTypes());
            writeHistory(runtime, 7, 5); // more events after it, none under op-1
        }
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) { // a later process
            long head = runtime.ledger().head().seq();
            Receipt again = runtime.write(first, v -> {
                        throw new AssertionError("a repeat decides nothing");
                    })
                    .get();
            assertTrue(again.replayed());
            assertEquals(original.seqs(), again.seqs());
            assertEquals(original.eventIds(), again.eventIds());
            assertEquals(original.eventTypes(), again.eventTypes());
            var other = runtime.write(
                    new LoopxRuntime.WriteContext(
                            first.now(), "g1", first.actor(), "op-1", new Intent("connect", "b".repeat(64))),
                    v -> Decision.accept(new GoalRegistered("", "app")));
            assertTrue(other.isLeft() && other.getLeft() instanceof Rejection.OperationIdConflict, other::toString);
            assertEquals(head, runtime.ledger().head().seq(), "neither appended anything");
        }
    }

    /** Seqs in runs, inside multi-event appends, read one cursor per run; a seq the journal lacks fails closed. */
    @Test
    void eventsAreReadBackBySeq() {
        LoopxRuntime.initialise(root);
        try (LoopxRuntime runtime = open(root, SyncPolicy.BATCH)) {
            for (int i = 0; i < 4; i++) { // appends of two events: seqs 1-2, 3-4, 5-6, 7-8
                int at = i;
                runtime.write(
                        at(i, "g" + i),
                        v -> Decision.accept(
                                new GoalRegistered("", "app-" + at), new GoalConfigured(BigDecimal.ONE, 1 + at, 1)));
            }
            var seqs = java.util.List.of(2L, 3L, 4L, 6L, 8L);
            assertEquals(
                    seqs,
                    runtime.eventsAt(seqs).stream().map(d -> d.envelope().seq()).toList());
            assertEquals(
                    "g2",
                    runtime.eventsAt(java.util.List.of(6L)).get(0).envelope().goalId());
            var missing = org.junit.jupiter.api.Assertions.assertThrows(
                    dev.loopx.ledger.LedgerException.class, () -> runtime.eventsAt(java.util.List.of(7L, 8L, 9L)));
            assertEquals("projection_diverged", missing.errorCode());
        }
    }
}
