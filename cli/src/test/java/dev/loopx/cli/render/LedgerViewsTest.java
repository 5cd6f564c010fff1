package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The text views of the ledger operations the terminal scenario cannot reach without damage or a
 * server: {@code ledger repair} on a damaged ledger (preview and done) and {@code ledger migrate}
 * (moved, refused), from the documents those commands write.
 */
class LedgerViewsTest {
    private static List<String> view(String json) throws Exception {
        JsonNode doc = Json.mapper().readTree(json);
        StringWriter text = new StringWriter();
        TextViews.view(doc, new PrintWriter(text, true));
        return text.toString().lines().toList();
    }

    @Test
    void aDamagedLedger_previewSaysWhatRepairKeepsAndLoses_andHowToRepair() throws Exception {
        List<String> lines = view("""
                {"schema_version":"loopx_ledger_repair_v0","ok":false,"damaged":true,"repaired":false,
                 "problem":"seq 7: hash mismatch","valid_through_seq":6,"acknowledged_seq":9,
                 "acknowledged_events_lost":3,"head_seq":6,"head_hash":"ab","error_code":"ledger_repair_needed"}""");
        assertEquals("ledger DAMAGED: seq 7: hash mismatch (preview: nothing written)", lines.get(0));
        assertEquals("  would keep  seq 1–6 · loses 3 acknowledged events", lines.get(1));
        assertTrue(lines.contains("              loopx ledger repair --execute"), String.join("\n", lines));
    }

    @Test
    void aRepairedLedger_saysWhereTheDamagedFilesAre() throws Exception {
        List<String> lines = view("""
                {"schema_version":"loopx_ledger_repair_v0","ok":true,"damaged":true,"repaired":true,
                 "problem":"cut short","valid_through_seq":6,"acknowledged_seq":6,"acknowledged_events_lost":0,
                 "head_seq":6,"head_hash":"ab","damaged_files_kept_at":"private/damaged-ledgers/20260301T120000Z",
                 "next":"loopx ledger verify"}""");
        assertEquals("ledger repaired: kept the valid chain (seq 1–6)", lines.get(0));
        assertTrue(lines.get(1).contains("private/damaged-ledgers/20260301T120000Z"), lines.get(1));
        assertEquals("  next     loopx ledger verify", lines.get(2));
    }

    @Test
    void aMigration_namesTheServerLedgerAndTheCopy_andARefusalNamesTheBreak() throws Exception {
        List<String> moved = view("""
                {"schema_version":"loopx_ledger_migrate_v0","ok":true,"ledger_backend":"postgresql",
                 "ledger_name":"importer","copied":42,"head_seq":42,"head_hash":"0123456789abcdef0123",
                 "next_step":"loopx doctor"}""");
        assertEquals("ledger moved to the postgresql ledger importer: 42 events copied, heads equal", moved.get(0));
        assertEquals("  next    loopx doctor", moved.get(3));
        List<String> refused = view("""
                {"schema_version":"loopx_ledger_migrate_v0","ok":false,"error_code":"ledger_verify_failed",
                 "first_bad_seq":5,"problem":"hash mismatch","copied":0}""");
        assertEquals(
                "migrate refused, nothing copied: the ledger's chain breaks at seq 5: hash mismatch", refused.get(0));
        assertEquals("  next  loopx ledger repair", refused.get(1));
    }
}
