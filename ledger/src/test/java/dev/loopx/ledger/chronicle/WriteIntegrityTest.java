package dev.loopx.ledger.chronicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.LedgerCheck;
import dev.loopx.ledger.LedgerContract;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.lock.LedgerLock;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ADR 0011: a write never lands on top of damage it can see. Each append opens the journal afresh,
 * as a new process would, so the only memory between appends is what is on disk (the journal, the
 * head marker with its stamp, {@code ledger.check}).
 */
class WriteIntegrityTest {
    @TempDir
    Path root;

    private ChronicleLedger open() {
        return ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root));
    }

    /** Appends events 1..n, one process-like open per append; returns the content checks they made. */
    private long appendEach(int from, int to) {
        long checks = 0;
        for (int i = from; i <= to; i++) {
            try (ChronicleLedger ledger = open()) {
                ledger.appendIfHead(i - 1, List.of(LedgerContract.event("g", i)))
                        .get();
                checks += ledger.contentChecks();
            }
        }
        return checks;
    }

    private Path queue() {
        return root.resolve("ledger").resolve(JournalFile.CYCLE_FILE);
    }

    /** Changes one character of the {@code nth} occurrence of {@code needle} (1-based) in place, as an editor would. */
    private void changeInPlace(String needle, int nth, boolean last) throws IOException {
        byte[] bytes = Files.readAllBytes(queue());
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = last ? text.lastIndexOf(needle) : -1;
        for (int i = 0; !last && i < nth; i++) {
            at = text.indexOf(needle, at + 1);
        }
        assertTrue(at >= 0, needle);
        int pos = at + needle.length() - 1;
        try (RandomAccessFile f = new RandomAccessFile(queue().toFile(), "rw")) {
            f.seek(pos);
            f.write(bytes[pos] == 'x' ? 'y' : 'x');
        }
    }

    private byte[] journalBytes() throws IOException {
        return Files.readAllBytes(queue());
    }

    /**
     * Chronicle extends the queue file by a chunk when a writer or a reader reaches the end of its
     * mapped part, which changes the file's size and ctime; and a head read writes into {@code
     * metadata.cq4t}'s mapping. Neither is an outside change: one open journal appending 6,000 events
     * in batches, with a head read between appends, past several chunks, never checks by content and
     * is never refused (it was refused as {@code ledger_unverified} past 1 MiB: every `ledger import`,
     * repair and bench seed of a large journal).
     */
    @Test
    void chronicleGrowingItsOwnFiles_isNoOutsideChange() {
        for (SyncPolicy sync : List.of(SyncPolicy.ALWAYS, SyncPolicy.BATCH)) {
            Path r = root.resolve(sync.name());
            try (ChronicleLedger ledger = ChronicleLedger.open(r, sync, new LedgerLock(r))) {
                long have = 0;
                for (int b = 0; b < 60; b++) {
                    List<dev.loopx.ledger.ProposedEvent> batch = new java.util.ArrayList<>();
                    for (int i = 1; i <= 100; i++) {
                        batch.add(LedgerContract.event("g", (int) have + i));
                    }
                    ledger.appendIfHead(have, batch).get();
                    have += 100;
                    ledger.head();
                }
                assertEquals(0, ledger.contentChecks(), sync + ": no content check");
                assertTrue(
                        Files.size(r.resolve("ledger").resolve(JournalFile.CYCLE_FILE)) > 2 << 20,
                        "the queue file grew past several chunks");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    @Test
    void aStampSaysTheSameContentOnlyForTheSameFilesOrTheQueueFileGrown() {
        String now = JournalStamp.of(root.resolve("ledger"));
        assertEquals(JournalStamp.NONE, now, "no queue file yet");
        assertEquals(0, appendEach(1, 3));
        String s = JournalStamp.of(root.resolve("ledger"));
        String[] f = s.split("-");
        assertEquals(3, f.length, s);
        long size = Long.parseUnsignedLong(f[2], 16);
        assertTrue(JournalStamp.sameContent(s, s));
        assertTrue(
                JournalStamp.sameContent(s, "0000000000000000-" + f[1] + "-" + Long.toHexString(size + 4096)), "grown");
        assertFalse(JournalStamp.sameContent(s, "0000000000000000-" + f[1] + "-" + f[2]), "same size, other time");
        assertFalse(
                JournalStamp.sameContent(s, "0000000000000000-" + f[1] + "-" + Long.toHexString(size - 1)), "shrunk");
        assertFalse(
                JournalStamp.sameContent(s, "0000000000000000-00000000000000ff-" + Long.toHexString(size + 4096)),
                "other files (replaced, or metadata.cq4t resized)");
        assertTrue(JournalStamp.sameContent("0123456789abcdef", s), "a stamp of the one-field format is trusted");
    }

    @Test
    void appendsOneAfterAnotherNeverReadTheWholeJournal() {
        assertEquals(0, appendEach(1, 6), "every append found the stamp its predecessor recorded");
        assertFalse(Files.exists(root.resolve(LedgerCheck.FILE)));
        assertFalse(new HeadMarker(root).committedRecord().orElseThrow().stamp().isEmpty());
    }

    @Test
    void aByteChangedInAnEarlierEventIsRefusedWithItsSeqAndRecorded() throws IOException {
        appendEach(1, 10);
        changeInPlace("event number 5", 1, false); // an earlier document, not the tail
        byte[] before = journalBytes();
        try (ChronicleLedger ledger = open()) {
            LedgerDamage damage = assertThrows(
                    LedgerDamage.class, () -> ledger.appendIfHead(10, List.of(LedgerContract.event("g", 11))));
            assertEquals("ledger_damaged", damage.errorCode());
            assertEquals(5, damage.firstBadSeq(), damage.getMessage());
            assertEquals(1, ledger.contentChecks());
        }
        assertTrue(Arrays.equals(before, journalBytes()), "nothing was appended");
        LedgerCheck check = LedgerCheck.read(root).orElseThrow();
        assertFalse(check.sound());
        assertEquals("write", check.checkedBy());
        // the next write meets the recorded check and refuses without reading the journal again
        try (ChronicleLedger ledger = open()) {
            assertThrows(LedgerDamage.class, () -> ledger.appendIfHead(10, List.of(LedgerContract.event("g", 11))));
            assertEquals(0, ledger.contentChecks());
        }
        // and a read sees it from the record alone
        Optional<LedgerDamage> seen = ChronicleTail.knownDamage(root, new HeadMarker(root).committedRecord());
        assertEquals(check.firstBadSeq(), seen.orElseThrow().firstBadSeq());
    }

    @Test
    void theLastEventsTextChangedUnderItsOldHashIsRefused() throws IOException {
        appendEach(1, 4);
        changeInPlace("\"operation_id\":\"op-4", 0, true);
        byte[] before = journalBytes();
        try (ChronicleLedger ledger = open()) {
            LedgerDamage damage = assertThrows(
                    LedgerDamage.class, () -> ledger.appendIfHead(4, List.of(LedgerContract.event("g", 5))));
            assertEquals("ledger_damaged", damage.errorCode());
            assertEquals(4, damage.firstBadSeq(), damage.getMessage());
        }
        assertTrue(Arrays.equals(before, journalBytes()));
    }

    @Test
    void theLastEventIsReHashedEvenWhenTheStampMatches() throws IOException {
        appendEach(1, 3);
        changeInPlace("\"operation_id\":\"op-3", 0, true);
        // the change kept every identity the stamp covers? It cannot (ctime moves), so pretend it did:
        // rewrite the marker with the journal's current stamp, as bit rot under an unchanged stamp would look
        HeadMarker.Committed c = new HeadMarker(root).committedRecord().orElseThrow();
        try (HeadMarker.Update u = new HeadMarker(root).pending(c.head().seq(), false)) {
            u.committed(c.head(), c.locator(), JournalStamp.of(root.resolve("ledger")));
        }
        try (ChronicleLedger ledger = open()) {
            LedgerDamage damage = assertThrows(
                    LedgerDamage.class, () -> ledger.appendIfHead(3, List.of(LedgerContract.event("g", 4))));
            assertEquals(3, damage.firstBadSeq());
            assertEquals(0, ledger.contentChecks(), "found by the tail's re-hash, not by a full check");
        }
    }

    @Test
    void aMarkerFromBeforeStampsIsTrustedAndTheNextAppendRecordsOne() {
        appendEach(1, 3);
        HeadMarker.Committed c = new HeadMarker(root).committedRecord().orElseThrow();
        try (HeadMarker.Update u = new HeadMarker(root).pending(c.head().seq(), false)) {
            u.committed(c.head(), c.locator()); // the old record: no stamp
        }
        assertEquals(0, appendEach(4, 5));
        assertFalse(new HeadMarker(root).committedRecord().orElseThrow().stamp().isEmpty());
    }

    @Test
    void aWriterThatDiedMidAppendIsTrustedAsBefore_andTheNextCommitRecordsAStampAgain() {
        appendEach(1, 3);
        new HeadMarker(root).markPending(4, false); // what a writer killed inside its append leaves
        assertEquals(0, appendEach(4, 4), "no content check: a torn tail is Chronicle's to recover");
        assertFalse(new HeadMarker(root).committedRecord().orElseThrow().stamp().isEmpty());
        assertEquals(0, appendEach(5, 6));
    }

    @Test
    void aSoundJournalChangedByAnotherToolIsCheckedOnceAndRecordedSound() throws IOException {
        appendEach(1, 3);
        // touching the file (same bytes) moves its ctime: not a LoopX append, so it is checked by content
        byte[] same = journalBytes();
        Files.write(queue(), same);
        Optional<LedgerDamage> seen = ChronicleTail.knownDamage(root, new HeadMarker(root).committedRecord());
        assertTrue(seen.isEmpty());
        LedgerCheck check = LedgerCheck.read(root).orElseThrow();
        assertTrue(check.sound());
        assertEquals("read", check.checkedBy());
        assertEquals(3, check.validThroughSeq());
        assertEquals(0, appendEach(4, 4), "the write found this state checked already");
    }

    @Test
    void aChangedJournalTooLargeToCheckInsideAWriteIsRefusedAndHandedToABackgroundCheck() throws IOException {
        // over 1 MiB of documents, written in appends of 200 events
        int n = 0;
        try (ChronicleLedger ledger = ChronicleLedger.open(root, SyncPolicy.BATCH, new LedgerLock(root))) {
            while (JournalFile.checkableInline(root.resolve("ledger"))) {
                List<dev.loopx.ledger.ProposedEvent> batch = new java.util.ArrayList<>();
                for (int i = 1; i <= 200; i++) {
                    batch.add(LedgerContract.event("g", n + i));
                }
                ledger.appendIfHead(n, batch).get();
                n += 200;
            }
        }
        Files.write(queue(), journalBytes()); // the same bytes, written by another tool
        byte[] before = journalBytes();
        int[] started = {0};
        try (ChronicleLedger ledger = open().whenUnverified(() -> started[0]++)) {
            int head = n;
            dev.loopx.ledger.LedgerException refused = assertThrows(
                    dev.loopx.ledger.LedgerException.class,
                    () -> ledger.appendIfHead(head, List.of(LedgerContract.event("g", head + 1))));
            assertEquals("ledger_unverified", refused.errorCode());
            assertEquals(0, ledger.contentChecks(), "not checked inside the write");
        }
        assertEquals(1, started[0], "the background check was started");
        assertTrue(Arrays.equals(before, journalBytes()));
        // once the check has recorded this state sound, writes go on
        String stamp = JournalStamp.of(root.resolve("ledger"));
        assertTrue(LedgerCheck.sound(
                        stamp, JournalStamp.identity(root.resolve("ledger")), java.time.Instant.now(), "verify", n)
                .write(root));
        try (ChronicleLedger ledger = open()) {
            ledger.appendIfHead(n, List.of(LedgerContract.event("g", n + 1))).get();
        }
    }
}
