package dev.loopx.host.codexapp.migration;

import dev.loopx.ledger.files.AtomicReplace;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Private files of prompt migrations (plan files and journals hold prompt bodies and local
 * paths): files 0600, missing folders created 0700, each written by one {@link AtomicReplace}, so
 * a reader sees the old or the new content, never a mix, and a symbolic link there is refused
 * ({@link dev.loopx.ledger.files.NotARegularFileException}), never written through.
 */
public final class PrivateFiles {
    private static final AtomicReplace PRIVATE = AtomicReplace.privateFile().creatingPrivateFolders();

    private PrivateFiles() {}

    /** Writes {@code bytes} to {@code target} atomically with mode 0600. */
    public static void write(Path target, byte[] bytes) throws IOException {
        PRIVATE.replace(target, bytes);
    }
}
