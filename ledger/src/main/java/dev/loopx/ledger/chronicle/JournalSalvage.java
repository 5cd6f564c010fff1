package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.Salvage;
import dev.loopx.ledger.json.EnvelopeCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every event of a damaged queue file whose own bytes are intact, read with plain file I/O and
 * without trusting what is damaged: unlike {@link JournalFile#scan}, which stops where the chain
 * breaks, it goes on past damaged documents, headers and zeroed stretches to the end of the file.
 *
 * <p>It walks the documents by their headers (skipping Chronicle's metadata documents and the body
 * of an append a writer died inside, which were never acknowledged). Where a header or a body's
 * framing is damaged, it reads events by their own shape instead: every stored envelope is one
 * line of canonical JSON, so it starts with {@link #ENVELOPE} and ends with a newline; the walk
 * resumes at the next document header found that way. Each line is kept only when its hash and
 * event id recompute; anything else that looks like (part of) an envelope is handed on as damaged
 * text, so the lost event's seq, type and time can still be read where they survive.
 */
final class JournalSalvage {
    /** How every canonical envelope line starts (sorted keys: {@code actor} first). */
    private static final byte[] ENVELOPE = "{\"actor\":".getBytes(StandardCharsets.US_ASCII);

    private static final int NOT_COMPLETE = 0x80000000;
    private static final int META_DATA = 0x40000000;
    private static final int LENGTH_MASK = 0x3FFFFFFF;

    private final byte[] bytes;
    private final ByteBuffer buffer;
    private final List<Salvage.Piece> pieces = new ArrayList<>();

    private JournalSalvage(byte[] bytes) {
        this.bytes = bytes;
        this.buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The pieces of the journal in {@code ledgerDir}, in file order; none when it has no queue file. */
    static List<Salvage.Piece> read(Path ledgerDir) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(JournalFile.cycleFile(ledgerDir));
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | OutOfMemoryError e) {
            throw new LedgerException("ledger_unreadable", "the journal file cannot be read", e);
        }
        JournalSalvage salvage = new JournalSalvage(bytes);
        salvage.walk();
        return List.copyOf(salvage.pieces);
    }

    private void walk() {
        int pos = 0;
        while (pos >= 0 && pos + 4 <= bytes.length) {
            int header = buffer.getInt(pos);
            int length = header & LENGTH_MASK;
            int end = pos + 4 + length;
            boolean framed = header != 0 && length > 0 && end <= bytes.length && end > pos;
            if (header == 0) {
                // the end mark, or a zeroed stretch with documents after it
                pos = documentAt(indexOf(ENVELOPE, pos + 4, bytes.length), pos);
            } else if (framed && (header & (META_DATA | NOT_COMPLETE)) != 0) {
                // Chronicle's own metadata, or an append a writer died inside (its body starts like an
                // envelope but was never acknowledged); an envelope inside metadata means its length is damaged
                int inside = startsWith(pos + 4) ? -1 : indexOf(ENVELOPE, pos + 4, end);
                pos = inside < 0 ? align(end) : documentAt(inside, pos);
            } else if (framed && startsWith(pos + 4) && bytes[end - 1] == '\n') {
                lines(pos + 4, end);
                pos = align(end);
            } else {
                pos = readByShape(pos + 4);
            }
        }
    }

    /**
     * Reads envelope lines from {@code from} while they follow one another, then returns where the
     * walk resumes: the header of the next document that starts like an envelope (-1 at the end).
     */
    private int readByShape(int from) {
        int at = indexOf(ENVELOPE, from, bytes.length);
        if (at > from) {
            damaged(from, at);
        }
        while (at >= 0) {
            int newline = indexOf(new byte[] {'\n'}, at, bytes.length);
            int end = newline < 0 ? lastNonZero() : newline;
            lines(at, Math.max(end, at));
            int next = indexOf(ENVELOPE, Math.max(end, at + 1), bytes.length);
            if (next != end + 1 && next >= 4 && next % 4 == 0) {
                return next - 4; // the next document's header
            }
            at = next;
        }
        return -1;
    }

    /**
     * Where the walk resumes for a document whose body starts at {@code body}, found after the
     * header at {@code after}: its header, or (when that is not aligned, or is the header just
     * read, zeroed) what reading by shape from its body finds.
     */
    private int documentAt(int body, int after) {
        if (body < 0) {
            return -1;
        }
        if (body % 4 == 0 && body - 4 > after) {
            return body - 4;
        }
        return readByShape(body);
    }

    /** Splits {@code [from, end)} into newline-terminated envelopes; a last line without its newline is damaged. */
    private void lines(int from, int end) {
        int start = from;
        for (int i = from; i <= end; i++) {
            if (i == end || bytes[i] == '\n') {
                if (i > start) {
                    line(start, i);
                }
                start = i + 1;
            }
        }
    }

    /** One line: an intact envelope, or damaged text (split where another envelope starts inside it). */
    private void line(int from, int end) {
        Recorded intact = intact(from, end);
        if (intact != null) {
            pieces.add(new Salvage.Piece.Intact(intact));
            return;
        }
        int inner = indexOf(ENVELOPE, from + 1, end);
        if (inner > 0) {
            damaged(from, inner);
            line(inner, end);
        } else {
            damaged(from, end);
        }
    }

    private Recorded intact(int from, int end) {
        try {
            Recorded r = EnvelopeCodec.fromBytes(Arrays.copyOfRange(bytes, from, end));
            boolean sound = EnvelopeCodec.expectedHash(r).equals(r.hash())
                    && EnvelopeCodec.expectedEventId(r).equals(r.eventId());
            return sound ? r : null;
        } catch (LedgerException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Damaged bytes that held (part of) an envelope; binary padding and headers alone are not handed on. */
    private void damaged(int from, int end) {
        String text = new String(bytes, from, end - from, StandardCharsets.ISO_8859_1);
        if (text.contains("\"")) {
            pieces.add(new Salvage.Piece.Damaged(text));
        }
    }

    private boolean startsWith(int at) {
        return at + ENVELOPE.length <= bytes.length
                && Arrays.equals(bytes, at, at + ENVELOPE.length, ENVELOPE, 0, ENVELOPE.length);
    }

    private int indexOf(byte[] needle, int from, int to) {
        outer:
        for (int i = Math.max(0, from); i + needle.length <= to; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (bytes[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private int lastNonZero() {
        int i = bytes.length;
        while (i > 0 && bytes[i - 1] == 0) {
            i--;
        }
        return i;
    }

    private static int align(int position) {
        return (position + 3) & ~3;
    }
}
