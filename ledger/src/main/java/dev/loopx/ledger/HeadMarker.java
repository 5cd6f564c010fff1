package dev.loopx.ledger;

import dev.loopx.ledger.files.OwnerOnly;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * A tiny file ({@code <runtime-root>/ledger.head}) that lets readers learn the ledger head
 * without loading the journal. Writers mark {@code pending} before an append and
 * {@code committed seq hash} after it is durable, so a writer that dies in between leaves a
 * pending marker and readers fall back to reading the journal: the marker can make a read slow,
 * never stale. Each record is written in place (one fixed-size write, no rename) and carries a
 * CRC-32, so a torn write reads as "no marker". Derived data: deleting it is always safe.
 */
public final class HeadMarker {
    /** Room for the longest record ({@code committed seq hash locator stamp crc}); older writers' 128-byte records read too. */
    private static final int RECORD_BYTES = 192;

    private final Path file;

    public HeadMarker(Path runtimeRoot) {
        this.file = runtimeRoot.resolve("ledger.head");
    }

    /**
     * A committed record: the head and, when the journal gave one, where its last event is stored
     * ({@code locator}, the journal's own position; -1 when unknown), so a reader can confirm the
     * journal still ends there without opening it, and the journal's stamp right after that append
     * ({@code stamp}, empty when unknown: a marker written before stamps were recorded), so a reader or
     * writer can tell in one {@code stat} whether anything but a LoopX append changed it since.
     */
    public record Committed(Head head, long locator, String stamp) {
        public Committed(Head head, long locator) {
            this(head, locator, "");
        }
    }

    /** The committed head, or empty when the marker is missing, pending, torn or unreadable. */
    public Optional<Head> committed() {
        return committedRecord().map(Committed::head);
    }

    /** The committed record (head and locator), or empty when missing, pending, torn or unreadable. */
    public Optional<Committed> committedRecord() {
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII).trim();
            int lastSpace = text.lastIndexOf(' ');
            if (lastSpace < 0 || !crc(text.substring(0, lastSpace)).equals(text.substring(lastSpace + 1))) {
                return Optional.empty();
            }
            String[] parts = text.substring(0, lastSpace).split(" ");
            if (parts.length >= 3
                    && parts.length <= 5
                    && parts[0].equals("committed")
                    && parts[2].matches("[0-9a-f]{64}")) {
                long locator = parts.length >= 4 ? Long.parseLong(parts[3]) : -1;
                String stamp = parts.length == 5 ? parts[4] : "";
                return Optional.of(new Committed(new Head(Long.parseLong(parts[1]), parts[2]), locator, stamp));
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public void markPending(long targetSeq, boolean durable) {
        try (Update update = pending(targetSeq, durable)) {
            // marked; closing leaves it pending
        }
    }

    public void markCommitted(Head head) {
        try (FileChannel ch = channel()) {
            write(ch, recordOf(head), false);
        } catch (IOException e) {
            throw unwritable(e);
        }
    }

    /**
     * Marks {@code pending targetSeq} and keeps the marker file open for the {@link Update#committed}
     * record that follows the append: one open and close per append instead of two. Closing the
     * update without committing leaves the pending record (readers then read the journal).
     */
    public Update pending(long targetSeq, boolean durable) {
        FileChannel ch = null;
        try {
            ch = channel();
            write(ch, "pending " + targetSeq, durable);
            if (ch.size() > RECORD_BYTES) {
                ch.truncate(RECORD_BYTES);
            }
            return new Update(ch);
        } catch (IOException e) {
            closeQuietly(ch);
            throw unwritable(e);
        } catch (RuntimeException e) {
            closeQuietly(ch);
            throw e;
        }
    }

    /** An open marker between its pending and its committed record. */
    public static final class Update implements AutoCloseable {
        private final FileChannel ch;

        private Update(FileChannel ch) {
            this.ch = ch;
        }

        public void committed(Head head) {
            committed(head, -1);
        }

        /** The committed record with the journal's position of the head event ({@code -1}: unknown). */
        public void committed(Head head, long locator) {
            committed(head, locator, "");
        }

        /** The same with the journal's stamp after the append (empty: unknown; needs a locator). */
        public void committed(Head head, long locator, String stamp) {
            try {
                String position = locator >= 0 ? " " + locator + (stamp.isEmpty() ? "" : " " + stamp) : "";
                write(ch, recordOf(head) + position, false);
            } catch (IOException e) {
                throw unwritable(e);
            }
        }

        @Override
        public void close() {
            closeQuietly(ch);
        }
    }

    private FileChannel channel() throws IOException {
        return FileChannel.open(
                file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE), OwnerOnly.fileAttribute());
    }

    private static String recordOf(Head head) {
        return "committed " + head.seq() + " " + head.hash();
    }

    private static void write(FileChannel ch, String content, boolean durable) throws IOException {
        String record = content + " " + crc(content);
        byte[] bytes =
                (record + " ".repeat(RECORD_BYTES - 1 - record.length()) + "\n").getBytes(StandardCharsets.US_ASCII);
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            ch.write(buffer, buffer.position());
        }
        if (durable) {
            ch.force(false);
        }
    }

    private static LedgerException unwritable(IOException e) {
        return new LedgerException("runtime_root_unwritable", "cannot write the ledger head marker", e);
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // the marker is derived data; a failed close changes nothing a reader relies on
            }
        }
    }

    private static String crc(String content) {
        CRC32 crc = new CRC32();
        crc.update(content.getBytes(StandardCharsets.US_ASCII));
        return String.format("%08x", crc.getValue());
    }
}
