package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.HeadMismatch;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerCheck;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.Salvage;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.files.OwnerOnly;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.lock.LedgerLock;
import dev.loopx.ledger.lock.WriteLock;
import io.vavr.control.Either;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The embedded journal: Chronicle Queue files under {@code <runtime-root>/ledger/}.
 *
 * <p>Layout: one Chronicle document per append, holding that append's envelopes as canonical
 * JSON lines, so a multi-event append becomes visible all at once or not at all. The queue never
 * rolls (its clock is fixed at the epoch), so every document lives in cycle 0 and documents are
 * found by binary search on their first {@code seq}.
 *
 * <p>Durability ({@link SyncPolicy#ALWAYS}): an append is acknowledged only after the queue file
 * is fsynced; the first append of a process, and any append that lands in a new file, also
 * fsyncs the previous file, {@code metadata.cq4t} and the directory. Writers serialise through
 * {@link LedgerLock}; Chronicle's own lock timeout is kept short because a writer killed while
 * holding it must not stall the next one.
 *
 * <p>Thread-safe: every public method is synchronized.
 */
public final class ChronicleLedger implements Ledger {
    static {
        // Before any Chronicle class initialises (chronicle-core's Jvm warms its POSIX layer up).
        DeferredPosixApi.install();
    }

    /** Chronicle's internal write-lock and header-recovery timeout. */
    static final long CHRONICLE_TIMEOUT_MS = 500;

    private static final RollCycle ROLL_CYCLE = RollCycles.FAST_DAILY;
    private static final long BLOCK_SIZE = 1L << 20;
    /** Chronicle refuses documents above a quarter of the block size; stay well below it. */
    static final int MAX_DOCUMENT_BYTES = 192 * 1024;

    private final Path dir;
    private final SyncPolicy sync;
    private final WriteLock lock;
    private final HeadMarker marker;
    private SingleChronicleQueue queue;
    private boolean readOnly;
    private ExcerptAppender appender;
    private File lastSyncedFile;
    private final long stallInsideAppendMillis;
    /** The head read from (or appended as) the document at {@link #headIndex}: documents never change once written. */
    private Head cachedHead;

    private long headIndex = Long.MIN_VALUE;
    /** Whether this process made the journal's files owner-only (once, at its first append). */
    private boolean restricted;

    private long contentChecks;
    /** Starts the check by content of a journal too large to check before a write (ADR 0011). */
    private Runnable whenUnverified = () -> {};

    private ChronicleLedger(Path runtimeRoot, SyncPolicy sync, WriteLock lock, boolean readOnly) {
        this.dir = runtimeRoot.resolve("ledger");
        this.sync = sync;
        this.lock = lock;
        this.marker = new HeadMarker(runtimeRoot);
        this.stallInsideAppendMillis = Long.getLong("loopx.test.stallInsideAppendMillis", 0L);
        ChronicleEnvironment.checkSafeToOpen();
        try {
            LedgerDirectory.checkOnlyChronicleFiles(dir);
        } catch (LedgerException e) {
            throw e.errorCode().equals("ledger_corrupt") ? failure(e.getMessage(), e) : e;
        }
        this.readOnly = readOnly;
        this.queue = build(readOnly);
    }

    private SingleChronicleQueue build(boolean asReadOnly) {
        // Chronicle maps the file: a file cut short would fault (SIGBUS) instead of failing.
        JournalFile.checkMappable(dir, marker.committed());
        try {
            return SingleChronicleQueueBuilder.binary(dir.toFile())
                    .rollCycle(ROLL_CYCLE)
                    .timeProvider(() -> 0L)
                    .blockSize(BLOCK_SIZE)
                    .timeoutMS(CHRONICLE_TIMEOUT_MS)
                    // No msync of Chronicle's own (its default, ASYNC, is MS_ASYNC: no durability on
                    // Linux, and it loads the JNR POSIX layer on every close); FileSync makes appends durable.
                    .syncMode(SyncMode.NONE)
                    .readOnly(asReadOnly)
                    .checkInterrupts(false)
                    .build();
        } catch (Exception | InternalError | AssertionError e) {
            throw failure("the ledger directory cannot be opened as a LoopX journal", e);
        }
    }

    /**
     * A failure of Chronicle (or of a document's bytes) while reading the journal. When a plain
     * read of the file finds damage, the answer is {@code ledger_corrupt} naming where the valid
     * chain ends; otherwise the journal is unreadable for another reason (I/O, permissions).
     */
    private LedgerException failure(String what, Throwable e) {
        if (e instanceof LedgerDamage damage) {
            return damage;
        }
        JournalFile.Scan scan;
        try {
            scan = JournalFile.scan(dir, r -> {});
        } catch (LedgerException unreadable) {
            return new LedgerException("ledger_unreadable", what, e);
        }
        if (!scan.clean()) {
            return JournalFile.damage(dir, marker.committed(), what, e);
        }
        // The documents read intact with plain I/O, yet Chronicle cannot use the journal: its
        // queue header, index or metadata.cq4t is damaged. The events through the scan's head are sound.
        String cause = e instanceof LedgerException le ? le.getMessage() : "Chronicle cannot open or index it";
        long acknowledged = marker.committed().map(Head::seq).orElse(-1L);
        return new LedgerDamage(
                "ledger_corrupt",
                "the ledger's journal structure is damaged (" + cause + "); its documents read intact through seq "
                        + scan.validThrough().seq()
                        + (acknowledged >= 0 ? " (seq " + acknowledged + " was acknowledged)" : "")
                        + "; nothing was written",
                scan.validThrough().seq(),
                scan.validThrough().seq() + 1,
                acknowledged,
                e);
    }

    /**
     * Every intact event of a runtime root's journal and every lost seq, read with plain file I/O
     * (Chronicle is not used: its structures may be what is damaged), for an owner's repair.
     */
    public static Salvage salvage(Path runtimeRoot) {
        return Salvage.of(JournalSalvage.read(runtimeRoot.resolve("ledger")), new HeadMarker(runtimeRoot).committed());
    }

    /** Reading must not change a byte of the journal: a writable Chronicle queue bumps a counter in metadata.cq4t on open. */
    private void ensureWritable() {
        if (readOnly) {
            queue.close();
            queue = build(false);
            readOnly = false;
        }
    }

    /** Chronicle creates its files with the umask's permissions; the journal is owner-only (0600, folder 0700). */
    private void restrictNewFiles() {
        if (!restricted) {
            OwnerOnly.restrict(dir);
            OwnerOnly.restrict(dir.resolve("metadata.cq4t"));
            OwnerOnly.restrict(JournalFile.cycleFile(dir));
            restricted = true;
        }
    }

    /**
     * Opens (creating when missing) the journal of a runtime root. An existing journal is opened
     * read-only and reopened for writing on the first append, so reads and refused writes leave
     * every journal file byte-identical.
     */
    public static ChronicleLedger open(Path runtimeRoot, SyncPolicy sync, WriteLock lock) {
        Path dir = runtimeRoot.resolve("ledger");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot create the ledger directory", e);
        }
        return new ChronicleLedger(runtimeRoot, sync, lock, Files.exists(dir.resolve("metadata.cq4t")));
    }

    @Override
    public synchronized Head head() {
        try {
            long last = queue.lastIndex();
            if (last < 0 || queue.firstIndex() == Long.MAX_VALUE) {
                return Head.EMPTY;
            }
            if (last == headIndex && cachedHead != null) {
                return cachedHead;
            }
            Recorded tail = readLastEnvelope(last);
            cachedHead = new Head(tail.seq(), tail.hash());
            headIndex = last;
            return cachedHead;
        } catch (LedgerException e) {
            throw e.errorCode().equals("ledger_corrupt") ? failure("cannot read the ledger head", e) : e;
        } catch (Exception | InternalError | AssertionError e) {
            throw failure("cannot read the ledger head", e);
        }
    }

    @Override
    public synchronized Either<HeadMismatch, List<Recorded>> appendIfHead(
            long expectedHead, List<ProposedEvent> events) {
        try (WriteLock.Held held = lock.acquire()) {
            Head head = head();
            Head acknowledged = marker.committed().orElse(Head.EMPTY);
            if (acknowledged.seq() > head.seq()) {
                throw new LedgerException(
                        "ledger_tail_lost",
                        "the ledger ends at seq " + head.seq() + " but seq " + acknowledged.seq()
                                + " was acknowledged; nothing was written. Run `loopx ledger verify`");
            }
            if (acknowledged.seq() == head.seq()
                    && head.seq() > 0
                    && !acknowledged.hash().equals(head.hash())) {
                // The last stored event is not the one that was acknowledged: it was rewritten (even
                // with a recomputed hash) or the marker was. Appending on top would seal the change
                // into the chain and the marker, and erase the evidence `ledger verify` reports.
                throw new LedgerException(
                        "ledger_tampered",
                        "the ledger's last event (seq " + head.seq() + ") is not the one that was acknowledged: it or"
                                + " ledger.head changed after it was written; nothing was written. Run `loopx ledger"
                                + " verify`, then restore the ledger from a backup or an export (`loopx ledger import`)");
            }
            checkIntact(head);
            if (head.seq() != expectedHead) {
                return Either.left(new HeadMismatch(expectedHead, head.seq()));
            }
            if (events.isEmpty()) {
                return Either.right(List.of());
            }
            ensureWritable();
            List<Recorded> sealed = EnvelopeCodec.sealAll(events, head);
            Recorded tail = sealed.get(sealed.size() - 1);
            Head written = new Head(tail.seq(), tail.hash());
            try (HeadMarker.Update update = marker.pending(written.seq(), sync == SyncPolicy.ALWAYS)) {
                long[] at = writeDocument(sealed);
                restrictNewFiles();
                cachedHead = written;
                headIndex = at[0];
                update.committed(written, at[1], JournalStamp.of(dir));
            }
            return Either.right(sealed);
        }
    }

    /**
     * The write's integrity check (ADR 0011), under the write lock and before anything is appended:
     * the last document's events re-hashed (a text changed under its old hash), the journal's stamp
     * against the one the last append recorded in the head marker — equal, nothing but LoopX appends
     * touched the journal since; different, the whole journal is checked by content once and the
     * result recorded ({@code ledger.check}) — and a recorded check of this very state that found
     * damage. Damage is refused as {@code ledger_damaged}, recorded where every read sees it.
     */
    private void checkIntact(Head head) {
        Path root = dir.getParent();
        String stamp = JournalStamp.of(dir);
        String journal = JournalStamp.identity(dir);
        Optional<LedgerCheck> check = LedgerCheck.read(root).filter(c -> c.appliesTo(stamp, journal));
        if (check.isPresent() && !check.get().sound()) {
            throw check.get().damage();
        }
        if (head.seq() == 0) {
            return;
        }
        Optional<HeadMarker.Committed> acknowledged = marker.committedRecord();
        // A pending or missing marker (a writer died mid-append, or it was deleted) says nothing about
        // the journal but its torn tail, which Chronicle recovers: trusted as before stamps, and the
        // next commit records a stamp again. So is a marker from before stamps.
        boolean knownSound = check.isPresent()
                || acknowledged
                        .map(m -> m.stamp().isEmpty() || JournalStamp.sameContent(m.stamp(), stamp))
                        .orElse(true);
        if (!knownSound && !JournalFile.checkableInline(dir)) {
            whenUnverified.run();
            throw new LedgerException(
                    "ledger_unverified",
                    "the journal changed since the last LoopX append (another tool wrote to it, or it was copied)"
                            + " and is too large to check before this write; it is being"
                            + " checked by content in the background (about a minute per million events). Nothing"
                            + " was written: retry when the check is done");
        }
        if (!knownSound) {
            contentChecks++;
            JournalFile.Scan scan = JournalFile.scan(dir, r -> {});
            if (!scan.clean() || !scan.validThrough().equals(head)) {
                LedgerDamage damage = scan.clean()
                        ? new LedgerDamage(
                                "ledger_damaged",
                                "the ledger is damaged: its documents end at seq "
                                        + scan.validThrough().seq() + " but its index names seq " + head.seq()
                                        + " as the head",
                                scan.validThrough().seq(),
                                scan.validThrough().seq() + 1,
                                -1,
                                null)
                        : JournalFile.damage(dir, acknowledged.map(HeadMarker.Committed::head), scan.after(), null);
                throw recorded(LedgerCheck.damaged(stamp, journal, Instant.now(), "write", damage));
            }
            LedgerCheck.sound(stamp, journal, Instant.now(), "write", head.seq())
                    .write(root);
        }
        List<Recorded> last = readDocument(headIndex >= 0 ? headIndex : queue.lastIndex());
        Recorded previous = null;
        for (Recorded r : last) {
            boolean linked = previous == null
                    || (r.seq() == previous.seq() + 1 && r.prevHash().equals(previous.hash()));
            if (!linked || !EnvelopeCodec.expectedHash(r).equals(r.hash())) {
                LedgerDamage damage = new LedgerDamage(
                        "ledger_damaged",
                        "the ledger is damaged: seq " + r.seq()
                                + ", in its last append, was modified (its hash does not" + " match its content)",
                        r.seq() - 1,
                        r.seq(),
                        -1,
                        null);
                throw recorded(LedgerCheck.damaged(stamp, journal, Instant.now(), "write", damage));
            }
            previous = r;
        }
    }

    /** Records a check that found damage (every read shows it) and returns the write's refusal. */
    private LedgerDamage recorded(LedgerCheck check) {
        check.write(dir.getParent());
        return check.damage();
    }

    /**
     * What to do when a write finds the journal changed since the last acknowledged append and too
     * large to check by content before it (the composition root starts a background {@code ledger
     * verify}); the write itself is refused, {@code ledger_unverified}.
     */
    public ChronicleLedger whenUnverified(Runnable start) {
        this.whenUnverified = start;
        return this;
    }

    /** How many times this ledger checked its whole journal by content before a write (for tests). */
    long contentChecks() {
        return contentChecks;
    }

    /** Writes one document; returns its index and the file position of its body. */
    private long[] writeDocument(List<Recorded> sealed) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512 * sealed.size());
        for (Recorded r : sealed) {
            out.writeBytes(EnvelopeCodec.toBytes(r));
            out.write('\n');
        }
        byte[] bytes = out.toByteArray();
        if (bytes.length > MAX_DOCUMENT_BYTES) {
            throw new LedgerException(
                    "append_too_large",
                    "one append of " + sealed.size() + " events is " + bytes.length + " bytes; at most "
                            + MAX_DOCUMENT_BYTES + " fit in one journal document; nothing was written");
        }
        try {
            if (appender == null) {
                appender = queue.createAppender();
                appender.singleThreadedCheckDisabled(true);
            }
            long bodyAt;
            try (DocumentContext dc = appender.writingDocument()) {
                try {
                    Bytes<?> target = dc.wire().bytes();
                    bodyAt = target.writePosition();
                    if (stallInsideAppendMillis > 0) {
                        target.write(bytes, 0, bytes.length / 2);
                        System.err.println("loopx-test: inside append");
                        System.err.flush();
                        sleep(stallInsideAppendMillis);
                        target.write(bytes, bytes.length / 2, bytes.length - bytes.length / 2);
                    } else {
                        target.write(bytes);
                    }
                } catch (RuntimeException | Error e) {
                    // Closing would commit the partial document: roll it back instead.
                    dc.rollbackOnClose();
                    throw e;
                }
            }
            long index = appender.lastIndexAppended();
            if (sync == SyncPolicy.ALWAYS) {
                syncToDisk(appender.currentFile());
            }
            return new long[] {index, bodyAt};
        } catch (LedgerException e) {
            throw e;
        } catch (InternalError e) {
            // The mapping could not be backed (the file was cut short under us, or the disk is full).
            throw new LedgerException(
                    "ledger_write_failed",
                    "the ledger could not be written (the journal file could not be extended: disk full or"
                            + " damaged); nothing was acknowledged",
                    e);
        } catch (RuntimeException e) {
            throw new LedgerException(
                    "ledger_write_failed", "the ledger could not be written; nothing was acknowledged", e);
        }
    }

    private void syncToDisk(File current) {
        try {
            if (!current.equals(lastSyncedFile)) {
                if (lastSyncedFile != null) {
                    FileSync.fsync(lastSyncedFile.toPath());
                }
                FileSync.fsync(current.toPath());
                Path metadata = dir.resolve("metadata.cq4t");
                if (Files.exists(metadata)) {
                    FileSync.fsync(metadata);
                }
                FileSync.fsyncDirectory(dir);
                lastSyncedFile = current;
            } else {
                FileSync.fsync(current.toPath());
            }
        } catch (IOException e) {
            throw new LedgerException(
                    "ledger_sync_failed", "the ledger could not be synced to disk; the append is not acknowledged", e);
        }
    }

    @Override
    public synchronized EventCursor readFrom(long fromSeq) {
        long from = Math.max(1, fromSeq);
        try {
            ExcerptTailer tailer = queue.createTailer();
            tailer.singleThreadedCheckDisabled(true);
            long startIndex = documentIndexContaining(from);
            if (startIndex >= 0 && !tailer.moveToIndex(startIndex)) {
                throw new LedgerException("ledger_corrupt", "the journal index does not reach seq " + from);
            }
            return new ChronicleCursor(tailer, startIndex >= 0, from, this);
        } catch (LedgerException e) {
            throw e.errorCode().equals("ledger_corrupt") ? failure("the journal could not be read", e) : e;
        } catch (Exception | InternalError | AssertionError e) {
            throw failure("the journal could not be read", e);
        }
    }

    /** The index of the document whose events include {@code seq}; -1 when beyond the head. */
    private long documentIndexContaining(long seq) {
        long first = queue.firstIndex();
        long last = queue.lastIndex();
        if (last < 0 || first == Long.MAX_VALUE) {
            return -1;
        }
        int cycle = ROLL_CYCLE.toCycle(first);
        long lo = ROLL_CYCLE.toSequenceNumber(first);
        long hi = ROLL_CYCLE.toSequenceNumber(last);
        if (ROLL_CYCLE.toCycle(last) != cycle) {
            throw new LedgerException(
                    "ledger_corrupt", "the journal spans more than one cycle; it was not written by LoopX");
        }
        List<Recorded> lastDoc = readDocument(last);
        if (lastDoc.get(lastDoc.size() - 1).seq() < seq) {
            return -1;
        }
        while (lo < hi) {
            long mid = (lo + hi + 1) >>> 1;
            long firstSeq = readDocument(ROLL_CYCLE.toIndex(cycle, mid)).get(0).seq();
            if (firstSeq <= seq) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return ROLL_CYCLE.toIndex(cycle, lo);
    }

    /** The last envelope of the document at {@code index} (only its last line is parsed). */
    private Recorded readLastEnvelope(long index) {
        return LedgerDocument.last(documentBytes(index));
    }

    private List<Recorded> readDocument(long index) {
        return LedgerDocument.parse(documentBytes(index));
    }

    private byte[] documentBytes(long index) {
        ExcerptTailer tailer = queue.createTailer();
        tailer.singleThreadedCheckDisabled(true);
        try {
            if (!tailer.moveToIndex(index)) {
                throw new LedgerException(
                        "ledger_corrupt", "the journal has no document at index " + Long.toHexString(index));
            }
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent()) {
                    throw new LedgerException(
                            "ledger_corrupt",
                            "the journal document at index " + Long.toHexString(index) + " is missing");
                }
                return dc.wire().bytes().toByteArray();
            }
        } finally {
            tailer.close();
        }
    }

    private synchronized long headSeq() {
        return head().seq();
    }

    /** A reader found no document after {@code lastSeq} although the index names a later head. */
    private LedgerException endedBeforeHead(long lastSeq) {
        return JournalFile.damage(
                dir, marker.committed(), "the journal's documents end at seq " + lastSeq + ", before its head", null);
    }

    @Override
    public synchronized void close() {
        if (appender != null) {
            appender.close();
        }
        queue.close();
        // Chronicle hands the release of mapped files to a background thread (and a shutdown hook
        // that waits for it); done here, nothing of the journal is left for a hook when the CLI
        // ends its process with Runtime.halt (cli Main).
        BackgroundResourceReleaser.releasePendingResources();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Streams documents from a tailer, splitting each into envelopes and skipping those before {@code from}. */
    private static final class ChronicleCursor implements EventCursor {
        private final ExcerptTailer tailer;
        private final long from;
        private final ChronicleLedger ledger;
        private List<Recorded> batch = List.of();
        private int position;
        private boolean exhausted;
        private long lastSeq = -1;
        private boolean lookedAgain;

        ChronicleCursor(ExcerptTailer tailer, boolean positioned, long from, ChronicleLedger ledger) {
            this.tailer = tailer;
            this.from = from;
            this.ledger = ledger;
            this.exhausted = !positioned;
        }

        @Override
        public boolean hasNext() {
            while (position >= batch.size() && !exhausted) {
                boolean present;
                try (DocumentContext dc = tailer.readingDocument()) {
                    present = dc.isPresent();
                    if (present) {
                        batch = LedgerDocument.parse(dc.wire().bytes().toByteArray());
                        lastSeq = batch.get(batch.size() - 1).seq();
                        position = 0;
                        while (position < batch.size() && batch.get(position).seq() < from) {
                            position++;
                        }
                    }
                } catch (LedgerException e) {
                    throw e.errorCode().equals("ledger_corrupt")
                            ? ledger.failure("the journal could not be read", e)
                            : e;
                } catch (Exception | InternalError | AssertionError e) {
                    throw ledger.failure("the journal could not be read", e);
                }
                if (present) {
                    lookedAgain = false;
                } else if (lastSeq >= 0 && ledger.headSeq() > lastSeq) {
                    // The documents end before the head the index names: zeroed or lost, unless a
                    // writer appended just now (readers never take the lock), so look once more.
                    if (lookedAgain) {
                        throw ledger.endedBeforeHead(lastSeq);
                    }
                    lookedAgain = true;
                } else {
                    exhausted = true;
                }
            }
            return position < batch.size();
        }

        @Override
        public Recorded next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return batch.get(position++);
        }

        @Override
        public void close() {
            tailer.close();
        }
    }
}
