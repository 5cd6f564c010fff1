package dev.loopx.application.composition;

import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.files.AtomicReplace;
import dev.loopx.ledger.remote.LedgerLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a runtime root's ledger lives, as {@code loopx connect --ledger} recorded it: the file
 * {@code <runtime-root>/ledger-location} holds one line, the server URL without user info
 * ({@link LedgerLocation#url()}); no file means the embedded Chronicle journal in
 * {@code <runtime-root>/ledger/}. Written 0600 by an atomic replace; never holds a credential.
 */
public final class LedgerLocations {
    static final String FILE = "ledger-location";

    private LedgerLocations() {}

    /** The stored server location; empty for an embedded journal (one stat of a missing file). */
    public static Optional<LedgerLocation> stored(Path runtimeRoot) {
        if (!Files.isDirectory(runtimeRoot)) {
            return Optional.empty(); // not a runtime root: the runtime-root checks answer that
        }
        Path file = runtimeRoot.resolve(FILE);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new LedgerException(
                    "ledger_location_unreadable", "the runtime root's ledger-location cannot be read", e);
        }
        try {
            return Optional.of(LedgerLocation.parse(text));
        } catch (LedgerLocation.Invalid e) {
            throw new LedgerException(
                    "ledger_location_unreadable",
                    "the runtime root's ledger-location is not a ledger URL (" + e.getMessage() + ")");
        }
    }

    /**
     * Lays out a runtime root (SPEC S1) whose ledger is {@code location}, without connecting to it
     * (the training run of bin/loopx-train points one at a stand-in server; {@code connect
     * --ledger} is the way for a user, it checks the server first).
     */
    public static void createRoot(Path runtimeRoot, LedgerLocation location) {
        LoopxRuntime.initialise(runtimeRoot);
        store(runtimeRoot, location);
    }

    /** Records {@code location} (0600, by {@link AtomicReplace}: never through a link, never half written). */
    public static void store(Path runtimeRoot, LedgerLocation location) {
        try {
            AtomicReplace.privateFile()
                    .replace(runtimeRoot.resolve(FILE), (location.url() + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot record the ledger location", e);
        }
    }

    /** Forgets the stored location (back to the embedded journal). */
    public static void clear(Path runtimeRoot) {
        try {
            Files.deleteIfExists(runtimeRoot.resolve(FILE));
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot remove the ledger location", e);
        }
    }
}
