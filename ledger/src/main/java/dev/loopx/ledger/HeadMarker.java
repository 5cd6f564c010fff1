package dev.loopx.ledger;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * A tiny file ({@code <runtime-root>/ledger.head}) that lets readers learn the ledger head
 * without loading the journal. Writers mark {@code pending} before an append and
 * {@code committed seq hash} after it is durable, so a writer that dies in between leaves a
 * pending marker and readers fall back to reading the journal: the marker can make a read slow,
 * never stale. Derived data: deleting it is always safe.
 */
public final class HeadMarker {
    private final Path file;

    public HeadMarker(Path runtimeRoot) {
        this.file = runtimeRoot.resolve("ledger.head");
    }

    /** The committed head, or empty when the marker is missing, pending or unreadable. */
    public Optional<Head> committed() {
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII).trim();
            String[] parts = text.split(" ");
            if (parts.length == 3 && parts[0].equals("committed") && parts[2].matches("[0-9a-f]{64}")) {
                return Optional.of(new Head(Long.parseLong(parts[1]), parts[2]));
            }
            return Optional.empty();
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public void markPending(long targetSeq, boolean durable) {
        write("pending " + targetSeq + "\n", durable);
    }

    public void markCommitted(Head head) {
        write("committed " + head.seq() + " " + head.hash() + "\n", false);
    }

    private void write(String text, boolean durable) {
        Path tmp = file.resolveSibling("ledger.head.tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)));
            if (durable) {
                ch.force(true);
            }
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot write the ledger head marker", e);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new LedgerException("runtime_root_unwritable", "the runtime root does not support atomic renames", e);
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot write the ledger head marker", e);
        }
    }
}
