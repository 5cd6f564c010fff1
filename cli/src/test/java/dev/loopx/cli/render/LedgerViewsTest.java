package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.ledger.MigrateLedger;
import dev.loopx.application.ledger.RepairLedger;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.remote.LedgerLocation;
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

    @Test
    void aDamagedLedger_previewSaysWhatRepairKeepsAndLoses_andHowToRepair() throws Exception {
        List<String> lines = view(
                new LedgerRepairAnswer(
                        new RepairLedger.Outcome.Damaged("seq 7: hash mismatch", new Head(6, "ab"), 9, false, "")),
                """
                {"schema_version":"loopx_ledger_repair_v0","ok":false,"damaged":true,"repaired":false,
                 "problem":"seq 7: hash mismatch","valid_through_seq":6,"acknowledged_seq":9,
                 "acknowledged_events_lost":3,"head_seq":6,"head_hash":"ab","error_code":"ledger_repair_needed",
                 "next":"restore a backup or import an export if you have one; otherwise keep the valid chain: loopx ledger repair --execute"}""");
        assertEquals("ledger DAMAGED: seq 7: hash mismatch (preview: nothing written)", lines.get(0));
        assertEquals("  would keep  seq 1–6 · loses 3 acknowledged events", lines.get(1));
        assertTrue(lines.contains("              loopx ledger repair --execute"), String.join("\n", lines));
    }

    @Test
    void aRepairedLedger_saysWhereTheDamagedFilesAre() throws Exception {
        List<String> lines = view(
                new LedgerRepairAnswer(new RepairLedger.Outcome.Damaged(
                        "cut short", new Head(6, "ab"), 6, true, "private/damaged-ledgers/20260301T120000Z")),
                """
                {"schema_version":"loopx_ledger_repair_v0","ok":true,"damaged":true,"repaired":true,
                 "problem":"cut short","valid_through_seq":6,"acknowledged_seq":6,"acknowledged_events_lost":0,
                 "head_seq":6,"head_hash":"ab","damaged_files_kept_at":"private/damaged-ledgers/20260301T120000Z",
                 "next":"loopx ledger verify"}""");
        assertEquals("ledger repaired: kept the valid chain (seq 1–6)", lines.get(0));
        assertTrue(lines.get(1).contains("private/damaged-ledgers/20260301T120000Z"), lines.get(1));
        assertEquals("  next     loopx ledger verify", lines.get(2));
    }

    @Test
    void aRepairWithNoKnownAcknowledgedHead_losesNothingAcknowledged() throws Exception {
        List<String> lines = view(
                new LedgerRepairAnswer(new RepairLedger.Outcome.Damaged("cut short", new Head(6, "ab"), -1, false, "")),
                """
                {"schema_version":"loopx_ledger_repair_v0","ok":false,"damaged":true,"repaired":false,
                 "problem":"cut short","valid_through_seq":6,"head_seq":6,"head_hash":"ab",
                 "error_code":"ledger_repair_needed",
                 "next":"restore a backup or import an export if you have one; otherwise keep the valid chain: loopx ledger repair --execute"}""");
        assertEquals("  would keep  seq 1–6 · loses nothing acknowledged", lines.get(1));
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
