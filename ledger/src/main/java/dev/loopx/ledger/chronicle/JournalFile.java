package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.audit.Chain;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The journal's queue file read with plain file I/O, never through a memory mapping: Chronicle maps
 * the file, and a mapped page beyond the end of a file that was cut short kills the JVM (SIGBUS,
 * surfacing as {@link InternalError}). Everything here runs before Chronicle opens a file, or after
 * it failed, so damage is reported as {@code ledger_corrupt} naming where the valid chain ends.
 *
 * <p>The layout is Chronicle Queue's: a document is a 4-byte little-endian header (length in the
 * low 30 bits, bit 30 meta-data, bit 31 not complete) followed by its body, headers aligned to 4
 * bytes, a zero header after the last document. The queue header (the first document) records the
 * position of the last document ({@code writePosition}). LoopX never rolls the queue, so the journal
 * is one file, {@link #CYCLE_FILE}.
 */
final class JournalFile {
    /** The only cycle file of a LoopX journal (roll cycle FAST_DAILY, clock fixed at the epoch). */
    static final String CYCLE_FILE = "19700101F.cq4";

    private static final int NOT_COMPLETE = 0x80000000;
    private static final int META_DATA = 0x40000000;
    private static final int LENGTH_MASK = 0x3FFFFFFF;
    /** Where the queue header keeps {@code writePosition[0]}, checked against the field's signature. */
    private static final int WRITE_POSITION_AT = 64;

    private static final int READ_CHUNK = 1 << 20;

    private JournalFile() {}

    static Path cycleFile(Path ledgerDir) {
        return ledgerDir.resolve(CYCLE_FILE);
    }

    /**
     * Cheap check (a few small reads) that Chronicle can map the journal without faulting: the queue
     * header is intact and the last document it names lies wholly inside the file, followed by room
     * for the next header. Throws {@code ledger_corrupt} with the full diagnosis otherwise.
     */
    static void checkMappable(Path ledgerDir, Optional<Head> acknowledged) {
        Path file = cycleFile(ledgerDir);
        if (!Files.exists(file)) {
            if (acknowledged.isPresent() && acknowledged.get().seq() > 0) {
                throw new LedgerDamage(
                        "ledger_tail_lost",
                        "the ledger's journal file is missing but seq "
                                + acknowledged.get().seq()
                                + " was acknowledged (ledger.head): the events were lost; nothing was written",
                        0,
                        1,
                        acknowledged.get().seq(),
                        null);
            }
            return; // an empty journal, or a fresh one Chronicle is about to create
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            String problem = null;
            long lastDoc = writePosition(ch);
            if (lastDoc < 0) {
                problem = "the journal's queue header is damaged";
            } else if (lastDoc > 0) {
                if (lastDoc + 4 > size) {
                    problem = "the journal file was cut short (it ends at byte " + size
                            + ", before its last document at byte " + lastDoc + ")";
                } else {
                    int header = readInt(ch, lastDoc);
                    long end = align(lastDoc + 4 + (header & LENGTH_MASK));
                    if (header == 0 || end + 4 > size) {
                        problem = header == 0
                                ? "the journal's last document (at byte " + lastDoc + ") was zeroed"
                                : "the journal file was cut short (it ends at byte " + size
                                        + ", inside its last document)";
                    }
                }
            }
            if (problem != null) {
                throw damage(ledgerDir, acknowledged, problem, null);
            }
        } catch (IOException e) {
            throw new LedgerException("ledger_unreadable", "the journal file cannot be read", e);
        }
    }

    /**
     * The last document's {@code seq}/{@code hash} read without Chronicle, given where it starts:
     * empty when the file no longer holds exactly that document as its last one. The read path uses
     * it to confirm, in microseconds, that the journal still ends where the head marker says.
     */
    static boolean endsWith(Path ledgerDir, long bodyAt, Head head) {
        if (bodyAt < 8) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(cycleFile(ledgerDir), StandardOpenOption.READ)) {
            int header = readInt(ch, bodyAt - 4);
            int length = header & LENGTH_MASK;
            if ((header & (NOT_COMPLETE | META_DATA)) != 0 || length < 2 || length > READ_CHUNK) {
                return false;
            }
            long next = align(bodyAt + length);
            if (next + 4 > ch.size() || readInt(ch, next) != 0) {
                return false;
            }
            byte[] body = read(ch, bodyAt, length);
            if (body[length - 1] != '\n') {
                return false;
            }
            int start = length - 1;
            while (start > 0 && body[start - 1] != '\n') {
                start--;
            }
            // The hash covers the whole envelope, seq included: the document ends with that event.
            String last = new String(body, start, length - 1 - start, StandardCharsets.UTF_8);
            return last.contains("\"hash\":\"" + head.hash() + "\"");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * The largest journal (bytes up to its last document) a command checks by content itself when it
     * finds the journal changed (ADR 0011): about 1,800 events (a fresh JVM took 0.65–0.8 s more for 1,100 events on a loaded machine). A larger one is
     * checked by a {@code ledger verify} started in the background.
     */
    static final long INLINE_CHECK_BYTES = 1L << 20;

    /** Whether the journal is small enough for a command to check it by content itself ({@link #INLINE_CHECK_BYTES}). */
    static boolean checkableInline(Path ledgerDir) {
        try (FileChannel ch = FileChannel.open(cycleFile(ledgerDir), StandardOpenOption.READ)) {
            long last = writePosition(ch);
            return last >= 0 && last <= INLINE_CHECK_BYTES;
        } catch (NoSuchFileException e) {
            return true;
        } catch (IOException e) {
            return true; // unreadable: the check says so at once
        }
    }

    /** What a plain read of the journal finds: the valid chain, and what ends it. */
    record Scan(Head validThrough, long documents, String after, long firstBadSeq) {
        boolean clean() {
            return after.isEmpty();
        }
    }

    /** Reads every document with plain I/O, checking the chain; hands each sound event to {@code sink}. */
    static Scan scan(Path ledgerDir, Consumer<Recorded> sink) {
        Path file = cycleFile(ledgerDir);
        Head last = Head.EMPTY;
        long documents = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long writePosition = writePosition(ch);
            long pos = 0;
            while (true) {
                if (pos + 4 > size) {
                    return new Scan(
                            last,
                            documents,
                            "the file ends at byte " + size + " with no end mark: it was cut short",
                            last.seq() + 1);
                }
                int header = readInt(ch, pos);
                if (header == 0) {
                    if (writePosition > pos) {
                        return new Scan(
                                last,
                                documents,
                                "the documents end at byte " + pos
                                        + " but the queue header says one was written at byte " + writePosition
                                        + ": the bytes between were zeroed or lost",
                                last.seq() + 1);
                    }
                    if (nonZeroAfter(ch, pos, size)) {
                        return new Scan(
                                last,
                                documents,
                                "data follows the end mark at byte " + pos + " (zeroed documents)",
                                last.seq() + 1);
                    }
                    return new Scan(last, documents, "", 0);
                }
                int length = header & LENGTH_MASK;
                if ((header & NOT_COMPLETE) != 0) {
                    // A writer died inside an append: never acknowledged, nothing after it.
                    return new Scan(last, documents, "", 0);
                }
                if (pos + 4 + length > size) {
                    return new Scan(
                            last,
                            documents,
                            "the document at byte " + pos + " runs past the end of the file (byte " + size
                                    + "): it was cut short",
                            last.seq() + 1);
                }
                if ((header & META_DATA) == 0) {
                    List<Recorded> events;
                    try {
                        events = LedgerDocument.parse(read(ch, pos + 4, length));
                    } catch (RuntimeException e) {
                        return new Scan(
                                last,
                                documents,
                                "the document at byte " + pos + " is damaged (it does not parse)",
                                last.seq() + 1);
                    }
                    for (Recorded r : events) {
                        Optional<String> broken = Chain.broken(r, last);
                        if (broken.isPresent()) {
                            return new Scan(
                                    last,
                                    documents,
                                    "the document at byte " + pos + ": " + broken.get(),
                                    last.seq() + 1);
                        }
                        sink.accept(r);
                        last = new Head(r.seq(), r.hash());
                    }
                    documents++;
                }
                pos = align(pos + 4 + length);
            }
        } catch (NoSuchFileException e) {
            return new Scan(Head.EMPTY, 0, "", 0);
        } catch (IOException e) {
            throw new LedgerException("ledger_unreadable", "the journal file cannot be read", e);
        }
    }

    /**
     * The full diagnosis as a {@code ledger_corrupt} failure: where the valid chain ends, what
     * follows it, what was acknowledged, and what the owner can do.
     */
    static LedgerDamage damage(Path ledgerDir, Optional<Head> acknowledged, String found, Throwable cause) {
        Scan scan;
        try {
            scan = scan(ledgerDir, r -> {});
        } catch (LedgerException e) {
            scan = new Scan(Head.EMPTY, 0, "the journal file cannot be read", 1);
        }
        String after = scan.clean() ? found : scan.after();
        long acked = acknowledged.map(Head::seq).orElse(-1L);
        return new LedgerDamage(
                "ledger_corrupt",
                "the ledger is damaged: " + after + ". The valid chain ends at seq "
                        + scan.validThrough().seq()
                        + (acked >= 0 ? " (seq " + acked + " was acknowledged)" : "")
                        + "; nothing was written",
                scan.validThrough().seq(),
                Math.max(scan.firstBadSeq(), scan.validThrough().seq() + 1),
                acked,
                cause);
    }

    /** {@code writePosition[0]} from the queue header: 0 before the first document, -1 when the header is damaged. */
    private static long writePosition(FileChannel ch) throws IOException {
        if (ch.size() < WRITE_POSITION_AT + 8) {
            return -1;
        }
        byte[] head = read(ch, 0, WRITE_POSITION_AT + 8);
        ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        int header = b.getInt(0);
        boolean signature = (header & META_DATA) != 0
                && new String(head, 6, 6, StandardCharsets.ISO_8859_1).equals("header")
                && new String(head, 14, 8, StandardCharsets.ISO_8859_1).equals("SCQStore")
                && (head[27] & 0xff) == 0xcd
                && new String(head, 28, 13, StandardCharsets.ISO_8859_1).equals("writePosition")
                && (head[47] & 0xff) == 0x8d
                && b.getLong(48) == 2;
        if (!signature) {
            return -1;
        }
        long position = b.getLong(WRITE_POSITION_AT);
        return position < 0 || position > ch.size() + (1L << 40) ? -1 : position;
    }

    private static boolean nonZeroAfter(FileChannel ch, long pos, long size) throws IOException {
        long end = Math.min(size, pos + 64 * 1024);
        byte[] tail = read(ch, pos, (int) (end - pos));
        for (byte b : tail) {
            if (b != 0) {
                return true;
            }
        }
        return false;
    }

    private static int readInt(FileChannel ch, long at) throws IOException {
        return ByteBuffer.wrap(read(ch, at, 4)).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    private static byte[] read(FileChannel ch, long at, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            int n = ch.read(buffer, at + buffer.position());
            if (n < 0) {
                throw new IOException("unexpected end of the journal file");
            }
        }
        return buffer.array();
    }

    private static long align(long position) {
        return (position + 3) & ~3L;
    }
}
