package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.LedgerException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Refuses a ledger directory holding anything Chronicle Queue and LoopX did not write. */
final class LedgerDirectory {
    private LedgerDirectory() {}

    static void checkOnlyChronicleFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new LedgerException("ledger_missing", "the runtime root has no ledger directory");
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                boolean chronicle = name.equals("metadata.cq4t") || name.matches("[0-9]{8}F?\\.cq4");
                if (!chronicle || !Files.isRegularFile(entry)) {
                    throw new LedgerException("ledger_foreign_files",
                            "the ledger directory holds a file LoopX did not write (" + name + "); move it away");
                }
            }
        } catch (IOException e) {
            throw new LedgerException("ledger_unreadable", "cannot list the ledger directory", e);
        }
    }
}
