package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.LedgerException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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
                    throw new LedgerException(
                            "ledger_foreign_files",
                            "the ledger directory holds a file LoopX did not write (" + name + "); move it away");
                }
                if (name.equals(MetadataFile.NAME)) {
                    checkMetadata(entry);
                } else {
                    checkHeader(entry, "SCQStore");
                }
            }
        } catch (IOException e) {
            throw new LedgerException("ledger_unreadable", "cannot list the ledger directory", e);
        }
    }

    /**
     * Chronicle trusts {@code metadata.cq4t}'s fields (a damaged cycle field made it recurse until
     * the stack overflowed); it is checked field by field first ({@link MetadataFile}).
     */
    private static void checkMetadata(Path file) throws IOException {
        checkHeader(file, "STStore");
        var problem = MetadataFile.problem(file);
        if (problem.isPresent()) {
            throw new LedgerException(
                    "ledger_corrupt",
                    "the ledger file " + MetadataFile.NAME + " is damaged: " + problem.get()
                            + "; `loopx ledger repair --execute` rebuilds it from the journal");
        }
    }

    /**
     * A Chronicle file starts with a self-describing header naming its store type. Anything else
     * (garbage, a truncated or zeroed file) is refused before Chronicle sees it, because Chronicle
     * would silently re-initialise such a file and lose its content.
     */
    private static void checkHeader(Path file, String storeType) throws IOException {
        byte[] head = new byte[32];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(head, 0, head.length);
        }
        String text = new String(head, 0, read, StandardCharsets.ISO_8859_1);
        if (read < 14 + storeType.length() || !text.startsWith("header", 6) || !text.startsWith(storeType, 14)) {
            throw new LedgerException(
                    "ledger_corrupt",
                    "the ledger file " + file.getFileName() + " does not start with a Chronicle " + storeType
                            + " header (damaged or foreign)");
        }
    }
}
