package dev.loopx.cli.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Leaves {@code ./marker-ran} behind when something instantiates and runs it (ChronicleSystemPropertiesProcessTest). */
public final class WorkingDirectoryMarker implements Runnable {
    @Override
    public void run() {
        try {
            Files.writeString(Path.of("marker-ran"), "ran\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
