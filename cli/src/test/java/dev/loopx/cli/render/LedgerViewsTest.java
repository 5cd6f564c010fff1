package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.ledger.MigrateLedger;
import dev.loopx.application.ledger.RepairLedger;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.Salvage;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.remote.LedgerLocation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The answers of the ledger operations the terminal scenario cannot reach without damage or a
 * server: {@code ledger repair} on a damaged ledger (preview and done) and {@code ledger migrate}
 * (moved, refused) — their JSON documents (byte for byte, field order included) and their text
 * views.
 */
class LedgerViewsTest {
    private static List<String> view(RenderedAnswer answer, String json) throws Exception {
        assertEquals(Json.text(Json.mapper().readTree(json)), Json.text(answer.json()));
        return TextView.text(answer).lines().toList();
    }

    /** A salvage of a ledger of {@code head} events of which {@code lost} are lost. */
    private static Salvage salvage(long head, List<Long> lost) {
        List<Recorded> events = new ArrayList<>();
        String previous = Head.GENESIS_HASH;
        for (long seq = 1; seq <= head; seq++) {
            Recorded r = EnvelopeCodec.seal(
                    new ProposedEvent("goal.stopped", 1, Instant.EPOCH, "g", Actor.system(), "", Json.object()),
                    seq - 1,
                    previous);
            previous = r.hash();
            if (!lost.contains(seq)) {
                events.add(r);
            }
        }
        return new Salvage(
                events,
                lost.stream()
                        .map(s -> new Salvage.Lost(
                                s, s == head ? "" : "todo.added", s == head ? "" : "2026-03-01T12:00:00.000Z"))
                        .toList(),
                new Head(head, "ab"));
    }

    @Test
    void aDamagedLedger_previewSaysWhichEventsRepairKeepsAndLoses_andHowToRepair() throws Exception {
        List<String> lines = view(
                new LedgerRepairAnswer(new RepairLedger.Outcome.Damaged(
                        "seq 7: hash mismatch", salvage(9, List.of(7L, 9L)), 9, new Head(9, ""), false, "")),
                """
                {"schema_version":"loopx_ledger_repair_v0","ok":false,"damaged":true,"repaired":false,
                 "problem":"seq 7: hash mismatch","valid_through_seq":6,"acknowledged_seq":9,
                 "acknowledged_events_lost":2,"kept_events":7,"rechained_events":1,
                 "lost_events":[{"seq":7,"type":"todo.added","recorded_at":"2026-03-01T12:00:00.000Z"},
                                {"seq":9,"type":"","recorded_at":""}],
                 "head_seq":9,"error_code":"ledger_repair_needed",
                 "next":"restore a backup or import an export if you have one; otherwise keep every intact event: loopx ledger repair --execute"}""");
        assertEquals("ledger DAMAGED: seq 7: hash mismatch (preview: nothing written)", lines.get(0));
        assertEquals(
                "  would keep  7 events (seq 1–6 as stored, 1 re-chained after the damage) · loses 2 acknowledged"
                        + " events",
                lines.get(1));
        assertEquals("  would lose  seq 7  todo.added  2026-03-01T12:00:00.000Z", lines.get(2));
        assertEquals("              seq 9  (type unreadable)", lines.get(3));
        assertTrue(lines.contains("              loopx ledger repair --execute"), String.join("\n", lines));
    }

    @Test
    void aRepairedLedger_namesWhatWasLost_andWhereTheDamagedFilesAre() throws Exception {
        List<String> lines = view(
                new LedgerRepairAnswer(new RepairLedger.Outcome.Damaged(
                        "cut short",
                        salvage(8, List.of(5L)),
                        8,
                        new Head(8, "cd"),
                        true,
                        "private/damaged-ledgers/20260301T120000Z")),
                """
                {"schema_version":"loopx_ledger_repair_v0","ok":true,"damaged":true,"repaired":true,
                 "problem":"cut short","valid_through_seq":4,"acknowledged_seq":8,"acknowledged_events_lost":1,
                 "kept_events":7,"rechained_events":3,
                 "lost_events":[{"seq":5,"type":"todo.added","recorded_at":"2026-03-01T12:00:00.000Z"}],
                 "head_seq":8,"head_hash":"cd","damaged_files_kept_at":"private/damaged-ledgers/20260301T120000Z",
                 "next":"loopx ledger verify"}""");
        assertEquals(
                "ledger repaired: kept 7 events (seq 1–4 as stored, 3 re-chained after the damage); lost 1 damaged"
                        + " event, each replaced by ledger.repaired",
                lines.get(0));
        assertEquals("  lost     seq 5  todo.added  2026-03-01T12:00:00.000Z", lines.get(1));
        assertTrue(lines.get(2).contains("private/damaged-ledgers/20260301T120000Z"), lines.get(2));
        assertEquals("  next     loopx ledger verify", lines.get(3));
    }

    @Test
    void aRepairWithNoKnownAcknowledgedHead_losesNothingAcknowledged() throws Exception {
        List<String> lines = view(
                new LedgerRepairAnswer(new RepairLedger.Outcome.Damaged(
                        "cut short", salvage(6, List.of()), -1, new Head(6, ""), false, "")),
                """
                {"schema_version":"loopx_ledger_repair_v0","ok":false,"damaged":true,"repaired":false,
                 "problem":"cut short","valid_through_seq":6,"kept_events":6,"rechained_events":0,"lost_events":[],
                 "head_seq":6,"error_code":"ledger_repair_needed",
                 "next":"restore a backup or import an export if you have one; otherwise keep every intact event: loopx ledger repair --execute"}""");
        assertEquals("  would keep  6 events (seq 1–6 as stored) · loses nothing acknowledged", lines.get(1));
    }

    @Test
    void aMigration_namesTheServerLedgerAndTheCopy_andARefusalNamesTheBreak() throws Exception {
        List<String> moved = view(
                new LedgerMigrateAnswer(new MigrateLedger.Outcome.Migrated(
                        LedgerLocation.parse("postgresql://db.internal:5432/loopx?ledger=importer"),
                        42,
                        new Head(42, "0123456789abcdef0123"))),
                """
                {"schema_version":"loopx_ledger_migrate_v0","ok":true,"ledger_backend":"postgresql",
                 "ledger_name":"importer","copied":42,"head_seq":42,"head_hash":"0123456789abcdef0123",
                 "next_step":"loopx doctor"}""");
        assertEquals("ledger moved to the postgresql ledger importer: 42 events copied, heads equal", moved.get(0));
        assertEquals("  head    seq 42 · hash 0123456789ab…", moved.get(1));
        assertEquals("  next    loopx doctor", moved.get(3));
        List<String> refused = view(
                new LedgerMigrateAnswer(new MigrateLedger.Outcome.ChainBroken(
                        new VerifyReport(4, new Head(4, "ab"), 5, "hash mismatch"))),
                """
                {"schema_version":"loopx_ledger_migrate_v0","ok":false,"error_code":"ledger_verify_failed",
                 "first_bad_seq":5,"problem":"hash mismatch","copied":0}""");
        assertEquals(
                "migrate refused, nothing copied: the ledger's chain breaks at seq 5: hash mismatch", refused.get(0));
        assertEquals("  next  loopx ledger repair", refused.get(1));
    }

    @Test
    void aDamagedLedger_verifySaysWhereItBreaks() throws Exception {
        List<String> lines =
                view(new LedgerVerifyAnswer(new VerifyReport(6, new Head(6, "ab"), 7, "hash mismatch")), """
                {"schema_version":"loopx_ledger_verify_v0","ok":false,"events_checked":6,"head_seq":6,
                 "head_hash":"ab","error_code":"ledger_verify_failed","first_bad_seq":7,"problem":"hash mismatch",
                 "hint":"the ledger is damaged from seq 7; restore it from a backup or an export (loopx ledger import)"}""");
        assertEquals("ledger DAMAGED at seq 7: hash mismatch", lines.get(0));
        assertEquals("  head      seq 6 · hash ab", lines.get(1));
        assertEquals("  valid to  seq ?", lines.get(2));
        assertEquals("  next      loopx ledger repair", lines.get(3));
    }
}
