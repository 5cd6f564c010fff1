package dev.loopx.application.ledger;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.audit.LedgerTransfer;
import dev.loopx.ledger.files.AtomicReplace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Use case "write the ledger to a file for another machine" ({@code ledger export}): every event,
 * exactly as stored, as JSON lines in a new private file (0600) that appears only when complete.
 * An existing file is never overwritten. Reads the ledger only.
 */
public final class ExportLedger {
    private ExportLedger() {}

    /** @param file the export file, relative to the invocation's working directory */
    public record Request(String file) {
        public Request {
            Objects.requireNonNull(file, "file");
        }
    }

    /** How many events were written, and where. */
    public record Exported(long events, Path file) {}

    public static Exported run(Invocation invocation, Request r) throws IOException {
        return run(invocation, r, RebuildProgress.NONE);
    }

    /** The same, reporting {@code (written, head seq)} as the events are written. */
    public static Exported run(Invocation invocation, Request r, RebuildProgress progress) throws IOException {
        Path target = invocation.workingDirectory().resolve(r.file()).normalize();
        if (Files.exists(target)) {
            throw new InvalidRequest("invalid_value", "the export file already exists; choose a new file name");
        }
        if (target.getParent() == null || !Files.isDirectory(target.getParent())) {
            throw new InvalidRequest("invalid_value", "the export file's folder does not exist");
        }
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            // no backup of a ledger known to be damaged: a file ledger import would refuse (ADR 0011)
            runtime.requireNoKnownDamage();
            long total = progress == RebuildProgress.NONE
                    ? 0
                    : Math.max(0, runtime.ledger().head().seq());
            long count = AtomicReplace.privateFile()
                    .replace(
                            target,
                            out -> new LedgerTransfer(runtime.codec())
                                    .export(
                                            runtime.ledger(),
                                            new BufferedWriter(
                                                    new OutputStreamWriter(out, StandardCharsets.UTF_8.newEncoder())),
                                            done -> progress.update(done, Math.max(done, total))));
            return new Exported(count, target);
        }
    }
}
