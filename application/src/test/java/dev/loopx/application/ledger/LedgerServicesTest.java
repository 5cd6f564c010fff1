package dev.loopx.application.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.Invocations;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.goal.RegisterGoal;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.projections.GoalState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Verify, export, import, replay, rebuild and dump below the CLI, on real runtime roots (Chronicle + SQLite). */
class LedgerServicesTest {
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir
    Path dir;

    private Invocation source;

    @BeforeEach
    void threeGoals() {
        source = at(dir.resolve("a/.loopx"));
        LoopxRuntime.initialise(source.runtimeRoot());
        register(source, "g1");
        register(source, "g2");
        register(source, "g3");
    }

    private Invocation at(Path root) {
        return Invocations.sandboxed(NOW, root, dir.resolve("home"), dir);
    }

    private static void register(Invocation invocation, String goalId) {
        var registered = GoalWrites.run(
                invocation,
                new GoalWrites.Request(
                        goalId,
                        new Actor(ActorKind.OWNER, "test"),
                        "",
                        Intent.NONE,
                        false,
                        // one event per goal (goal.registered only), so seqs and goals line up in this test
                        (goal, views) -> GoalDecider.decide(
                                        new RegisterGoal(goalId, "Ship it", "p"), goal.map(GoalState::goal))
                                .map(events -> events.subList(0, 1))));
        assertTrue(registered.isRight(), () -> registered.getLeft().toString());
    }

    private static List<Recorded> replay(Invocation invocation, ReplayLedger.Request request) {
        List<Recorded> events = new ArrayList<>();
        ReplayLedger.run(invocation, request, events::add);
        return events;
    }

    private static List<Long> seqs(List<Recorded> events) {
        return events.stream().map(Recorded::seq).toList();
    }

    @Test
    void anIntactLedgerVerifiesToItsHead() {
        VerifyReport report = VerifyLedger.run(source);
        assertTrue(report.ok(), report::problem);
        assertEquals(3, report.checkedEvents());
        assertEquals(3, report.head().seq());
    }

    @Test
    void replayFiltersByGoalSeqAndTime() {
        ReplayLedger.Request all = new ReplayLedger.Request("", 1, OptionalLong.empty(), Optional.empty());
        assertEquals(List.of(1L, 2L, 3L), seqs(replay(source, all)));
        assertEquals(
                List.of(2L),
                seqs(replay(source, new ReplayLedger.Request("g2", 1, OptionalLong.empty(), Optional.empty()))));
        assertEquals(
                List.of(2L, 3L),
                seqs(replay(source, new ReplayLedger.Request("", 2, OptionalLong.of(3), Optional.empty()))));
        assertEquals(
                List.of(),
                seqs(replay(
                        source,
                        new ReplayLedger.Request("", 1, OptionalLong.empty(), Optional.of(NOW.minusSeconds(1))))));
    }

    @Test
    void anExportImportsIntoANewRootWithTheSameEventsAndViews() throws Exception {
        ExportLedger.Exported exported = ExportLedger.run(source, new ExportLedger.Request("export.jsonl"));
        assertEquals(3, exported.events());
        assertEquals(dir.resolve("export.jsonl"), exported.file());
        assertThrows(InvalidRequest.class, () -> ExportLedger.run(source, new ExportLedger.Request("export.jsonl")));

        Invocation target = at(dir.resolve("b/.loopx")); // does not exist yet: created
        var imported = assertInstanceOf(
                ImportLedger.Outcome.Imported.class,
                ImportLedger.run(target, new ImportLedger.Request("export.jsonl")));
        assertEquals(3, imported.appended());
        assertEquals(VerifyLedger.run(source).head(), imported.file().head());
        ReplayLedger.Request all = new ReplayLedger.Request("", 1, OptionalLong.empty(), Optional.empty());
        assertEquals(replay(source, all), replay(target, all));
        assertEquals(DumpProjections.run(source), DumpProjections.run(target));

        var again = assertInstanceOf(
                ImportLedger.Outcome.Imported.class,
                ImportLedger.run(target, new ImportLedger.Request("export.jsonl")));
        assertEquals(0, again.appended(), "a rerun appends nothing");
    }

    @Test
    void aBrokenFileAppendsNothingAndAnotherLedgerIsNotOverwritten() throws Exception {
        ExportLedger.run(source, new ExportLedger.Request("export.jsonl"));
        Path file = dir.resolve("export.jsonl");
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("broken.jsonl"), text.replace("\"goal_id\":\"g2\"", "\"goal_id\":\"gX\""));
        Invocation target = at(dir.resolve("b/.loopx"));
        var broken = assertInstanceOf(
                ImportLedger.Outcome.ChainBroken.class,
                ImportLedger.run(target, new ImportLedger.Request("broken.jsonl")));
        assertEquals(2, broken.file().firstBadSeq());
        assertTrue(replay(target, new ReplayLedger.Request("", 1, OptionalLong.empty(), Optional.empty()))
                .isEmpty());

        Invocation other = at(dir.resolve("c/.loopx"));
        LoopxRuntime.initialise(other.runtimeRoot());
        register(other, "elsewhere");
        LedgerException refused = assertThrows(
                LedgerException.class, () -> ImportLedger.run(other, new ImportLedger.Request("export.jsonl")));
        assertEquals("ledger_not_empty", refused.errorCode());
        assertThrows(InvalidRequest.class, () -> ImportLedger.run(other, new ImportLedger.Request("missing.jsonl")));
    }

    @Test
    void aRebuildReportsProgressAndReproducesTheDump() throws Exception {
        String before = DumpProjections.run(source);
        Files.delete(source.runtimeRoot().resolve("projections.db"));
        List<long[]> progress = new ArrayList<>();
        RebuildProjections.Rebuilt rebuilt =
                RebuildProjections.run(source, (done, total) -> progress.add(new long[] {done, total}));
        assertEquals(VerifyLedger.run(source).head(), rebuilt.checkpoint());
        assertFalse(progress.isEmpty());
        assertEquals(3, progress.get(progress.size() - 1)[0]);
        assertEquals(3, progress.get(progress.size() - 1)[1]);
        assertEquals(before, DumpProjections.run(source));
    }
}
