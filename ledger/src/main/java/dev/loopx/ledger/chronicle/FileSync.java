package dev.loopx.ledger.chronicle;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * fsync through the JDK: {@code FileChannel.force} on Linux writes back every dirty page of the
 * file, including those written through Chronicle's shared memory mappings.
 */
final class FileSync {
    private FileSync() {}

    static void fsync(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    static void fsyncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }
}
