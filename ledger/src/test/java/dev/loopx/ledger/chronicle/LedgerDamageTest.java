package dev.loopx.ledger.chronicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.LedgerContract;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.audit.LedgerVerifier;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.EventType;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.GoalRegisteredV1ToV2;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.lock.LedgerLock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damage done to the journal files on disk is found by {@code verify}, which names the first bad
 * seq: a flipped byte, a lost (zeroed) tail, two events swapped.
 */
class LedgerDamageTest {
    @TempDir
    Path root;

    /** Test events are {@code test.happened}; give the verifier a catalog that decodes them. */
    private final EventCodec codec = new EventCodec(EventCatalog.builder()
            .register(new EventType<>("goal.registered", 2, GoalRegistered.class))
            .register(new EventType<>("goal.configured", 1, GoalConfigured.class))
            .upcaster(new GoalRegisteredV1ToV2())
            .build());

    private List<Recorded> writeFiveEvents() {
        List<Recorded> all = new ArrayList<>();
        try (ChronicleLedger ledger = ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root))) {
            for (int i = 1; i <= 5; i++) {
                var event = LedgerContract.event("g", i);
                var configured = codec.propose(
                        new GoalConfigured(java.math.BigDecimal.valueOf(i), 24, 1),
                        event.recordedAt(),
                        "g",
                        event.actor(),
                        event.operationId());
                all.addAll(ledger.appendIfHead(i - 1, List.of(configured)).get());
            }
        }
        return all;
    }

    private VerifyReport verify() {
        try (ChronicleLedger ledger = ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root));
                EventCursor cursor = ledger.readFrom(1)) {
            return new LedgerVerifier(codec).verify(cursor, new HeadMarker(root).committed());
        } catch (LedgerException e) {
            throw new AssertionError("verify must report damage, not fail: " + e.getMessage(), e);
        }
    }

    private Path queueFile() throws IOException {
        try (Stream<Path> files = Files.list(root.resolve("ledger"))) {
            return files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
    }

    /** A power cut before the page reached the disk: the last document's header and body read as zeros. */
    private void zeroLastDocument(List<Recorded> events) throws IOException {
        Path file = queueFile();
        byte[] bytes = Files.readAllBytes(file);
        byte[] last = EnvelopeCodec.toBytes(events.get(events.size() - 1));
        int at = indexOf(bytes, last);
        for (int i = at - 4; i < at + last.length + 1; i++) {
            bytes[i] = 0;
        }
        Files.write(file, bytes);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("envelope bytes not found in the queue file");
    }

    @Test
    void anIntactLedgerVerifies() {
        writeFiveEvents();
        VerifyReport report = verify();
        assertTrue(report.ok(), report.problem());
        assertEquals(5, report.checkedEvents());
    }

    @Test
    void aFlippedByteIsFoundAtItsSeq() throws IOException {
        List<Recorded> events = writeFiveEvents();
        Path file = queueFile();
        byte[] bytes = Files.readAllBytes(file);
        int at = indexOf(bytes, EnvelopeCodec.toBytes(events.get(2)));
        int quota = indexOf(
                java.util.Arrays.copyOfRange(bytes, at, bytes.length),
                "\"quota_compute\":3".getBytes(StandardCharsets.UTF_8));
        bytes[at + quota + "\"quota_compute\":".length()] = '4';
        Files.write(file, bytes);
        VerifyReport report = verify();
        assertFalse(report.ok());
        assertEquals(3, report.firstBadSeq());
        assertTrue(report.problem().contains("hash"), report.problem());
    }

    /**
     * A lost (zeroed) last document is found before Chronicle maps the file, by every reader and
     * writer alike: where the valid chain ends, what was acknowledged, nothing written.
     */
    @Test
    void aLostTailIsDiagnosedTheSameWayByEveryReaderAndWriter() throws IOException {
        zeroLastDocument(writeFiveEvents());
        byte[] before = Files.readAllBytes(queueFile());
        LedgerDamage damage = org.junit.jupiter.api.Assertions.assertThrows(
                LedgerDamage.class, () -> ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root)));
        assertEquals("ledger_corrupt", damage.errorCode());
        assertEquals(4, damage.validThroughSeq());
        assertEquals(5, damage.firstBadSeq());
        assertEquals(5, damage.acknowledgedSeq());
        assertTrue(damage.getMessage().contains("valid chain ends at seq 4"), damage.getMessage());
        org.junit.jupiter.api.Assertions.assertArrayEquals(before, Files.readAllBytes(queueFile()), "nothing written");
    }

    /** With the marker gone too, the plain read still sees that the queue header names a later document. */
    @Test
    void aLostTailIsFoundEvenWithoutTheHeadMarker() throws IOException {
        zeroLastDocument(writeFiveEvents());
        Files.delete(root.resolve("ledger.head"));
        LedgerDamage damage = org.junit.jupiter.api.Assertions.assertThrows(
                LedgerDamage.class, () -> ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root)));
        assertEquals(4, damage.validThroughSeq());
        assertEquals(-1, damage.acknowledgedSeq());
    }

    /** A queue file cut short never reaches Chronicle's mapping (which would kill the JVM with SIGBUS). */
    @Test
    void aQueueFileCutShortIsLedgerCorruptNotAFault() throws IOException {
        List<Recorded> events = writeFiveEvents();
        Path file = queueFile();
        byte[] bytes = Files.readAllBytes(file);
        int lastAt = indexOf(bytes, EnvelopeCodec.toBytes(events.get(4)));
        for (long cut : new long[] {lastAt + 10, 65536, 4096, 10}) {
            try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
                ch.truncate(cut);
            }
            LedgerDamage damage = org.junit.jupiter.api.Assertions.assertThrows(
                    LedgerDamage.class, () -> ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root)));
            assertEquals("ledger_corrupt", damage.errorCode(), "cut at " + cut);
            assertEquals(
                    cut == lastAt + 10 ? 4 : 0, damage.validThroughSeq(), "cut at " + cut + ": " + damage.getMessage());
            assertEquals(cut, Files.size(file), "nothing extended or written");
        }
    }

    /** The read path's check: the marker's locator names the last document, read without Chronicle. */
    @Test
    void theHeadMarkerLocatesTheLastDocumentForThePlainTailCheck() throws IOException {
        List<Recorded> events = writeFiveEvents();
        HeadMarker.Committed committed = new HeadMarker(root).committedRecord().orElseThrow();
        assertEquals(5, committed.head().seq());
        assertTrue(ChronicleTail.endsAt(root, committed));
        zeroLastDocument(events);
        assertFalse(ChronicleTail.endsAt(root, committed));
    }

    @Test
    void twoSwappedEventsAreFoundAtTheFirstOutOfPlaceSeq() throws IOException {
        List<Recorded> events = writeFiveEvents();
        Path file = queueFile();
        byte[] bytes = Files.readAllBytes(file);
        byte[] second = EnvelopeCodec.toBytes(events.get(1));
        byte[] third = EnvelopeCodec.toBytes(events.get(2));
        assertEquals(second.length, third.length, "the test swaps documents of equal length");
        int a = indexOf(bytes, second);
        int b = indexOf(bytes, third);
        System.arraycopy(third, 0, bytes, a, third.length);
        System.arraycopy(second, 0, bytes, b, second.length);
        Files.write(file, bytes);
        VerifyReport report = verify();
        assertFalse(report.ok());
        assertEquals(2, report.firstBadSeq());
    }

    /**
     * An attacker rewrites the last event and recomputes its hash and event id, so the chain is
     * valid: only the acknowledged head (ledger.head) still knows. A writer must not append on top
     * (that would seal the change into the chain and the marker): {@code ledger_tampered}, nothing
     * written, and verify keeps reporting it.
     */
    @Test
    void aRewrittenLastEventWithARecomputedHashIsNeverSealedByTheNextWrite() throws IOException {
        List<Recorded> events = writeFiveEvents();
        Recorded last = events.get(4);
        Recorded fourth = events.get(3);
        var forged = codec.propose(
                new GoalConfigured(java.math.BigDecimal.valueOf(6), 24, 1),
                java.time.Instant.parse(last.recordedAt()),
                "g",
                last.actor(),
                last.operationId());
        Recorded resealed = EnvelopeCodec.seal(forged, fourth.seq(), fourth.hash());
        byte[] original = EnvelopeCodec.toBytes(last);
        byte[] replacement = EnvelopeCodec.toBytes(resealed);
        assertEquals(original.length, replacement.length, "the forgery keeps the document's length");
        Path file = queueFile();
        byte[] bytes = Files.readAllBytes(file);
        System.arraycopy(replacement, 0, bytes, indexOf(bytes, original), replacement.length);
        Files.write(file, bytes);
        assertFalse(verify().ok(), "verify sees that the last event is not the acknowledged one");
        byte[] before = Files.readAllBytes(file);

        try (ChronicleLedger ledger = ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root))) {
            assertEquals(resealed.hash(), ledger.head().hash(), "the forged event reads back as a valid head");
            LedgerException refused = org.junit.jupiter.api.Assertions.assertThrows(
                    LedgerException.class, () -> ledger.appendIfHead(5, List.of(LedgerContract.event("g", 9))));
            assertEquals("ledger_tampered", refused.errorCode());
            assertTrue(refused.getMessage().contains("seq 5"), refused.getMessage());
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(before, Files.readAllBytes(file), "nothing appended");
        assertEquals(last.hash(), new HeadMarker(root).committed().orElseThrow().hash(), "the marker is untouched");
        assertFalse(verify().ok(), "the evidence is still there");
    }

    /** The marker given a valid checksum over a wrong hash: the same refusal, the ledger untouched. */
    @Test
    void aForgedHeadMarkerStopsWritersToo() throws IOException {
        writeFiveEvents();
        new HeadMarker(root).markCommitted(new dev.loopx.ledger.Head(5, "ab".repeat(32)));
        byte[] before = Files.readAllBytes(queueFile());
        try (ChronicleLedger ledger = ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root))) {
            LedgerException refused = org.junit.jupiter.api.Assertions.assertThrows(
                    LedgerException.class, () -> ledger.appendIfHead(5, List.of(LedgerContract.event("g", 9))));
            assertEquals("ledger_tampered", refused.errorCode());
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(before, Files.readAllBytes(queueFile()));
        assertFalse(verify().ok());
    }
}
