package dev.loopx.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeadMarkerTest {
    @TempDir
    Path root;

    private static final Head HEAD = new Head(42, "ab".repeat(32));

    @Test
    void aCommittedHeadReadsBack() {
        HeadMarker marker = new HeadMarker(root);
        marker.markCommitted(HEAD);
        assertEquals(Optional.of(HEAD), marker.committed());
    }

    @Test
    void aPendingMarkerIsNoHeadSoReadersUseTheJournal() {
        HeadMarker marker = new HeadMarker(root);
        marker.markCommitted(HEAD);
        marker.markPending(43, true);
        assertTrue(marker.committed().isEmpty());
    }

    @Test
    void aTornOrForgedMarkerIsNoHead() throws Exception {
        HeadMarker marker = new HeadMarker(root);
        marker.markCommitted(new Head(41, "cd".repeat(32)));
        String old = Files.readString(root.resolve("ledger.head"));
        marker.markCommitted(HEAD);
        String fresh = Files.readString(root.resolve("ledger.head"));
        // Half of the new record over the old one: a plausible-looking but wrong head.
        Files.writeString(
                root.resolve("ledger.head"), fresh.substring(0, 14) + old.substring(14), StandardCharsets.US_ASCII);
        assertTrue(marker.committed().isEmpty());
        Files.writeString(
                root.resolve("ledger.head"), "committed 42 " + "ab".repeat(32) + "\n", StandardCharsets.US_ASCII);
        assertTrue(marker.committed().isEmpty(), "no checksum, no trust");
    }
}
