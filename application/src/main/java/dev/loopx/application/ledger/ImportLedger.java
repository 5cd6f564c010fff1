package dev.loopx.application.ledger;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.audit.LedgerTransfer;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.ledger.lock.WriteLock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * Use case "bring an exported ledger into this runtime root" ({@code ledger import}): the file's
 * whole chain is verified first (a broken chain appends nothing), then, under the write lock, the
 * events the ledger does not hold yet are appended with their hashes reproduced bit for bit, and
 * the projections are rebuilt. The ledger must be empty or hold a prefix of the file, so an
 * interrupted import can be run again; a ledger holding anything else is refused with a
 * {@code LedgerException} {@code ledger_not_empty}. A runtime root that does not exist yet (or is
 * an empty folder) is created.
 */
public final class ImportLedger {
    private ImportLedger() {}

    /** @param file the export file, relative to the invocation's working directory */
    public record Request(String file) {
        public Request {
            Objects.requireNonNull(file, "file");
        }
    }

    /** What became of the import, with the verification of the file's chain. */
    public sealed interface Outcome {
        VerifyReport file();

        /** The file's chain is broken (its first bad seq is in the report): nothing was appended. */
        record ChainBroken(VerifyReport file) implements Outcome {}

        /** The file's events beyond the ledger's head were appended ({@code appended} may be 0). */
        record Imported(VerifyReport file, long appended) implements Outcome {}
    }

    public static Outcome run(Invocation invocation, Request r) throws IOException {
        return run(invocation, r, phase -> RebuildProgress.NONE);
    }

    /**
     * The same, reporting each pass to the progress {@code phase} names: {@code check} (the file's
     * chain), {@code import} (the appends) and {@code rebuild} (the projections).
     */
    public static Outcome run(Invocation invocation, Request r, Function<String, RebuildProgress> phase)
            throws IOException {
        Path source = invocation.workingDirectory().resolve(r.file()).normalize();
        if (!Files.isRegularFile(source) || !Files.isReadable(source)) {
            throw new InvalidRequest("import_file_unreadable", "the import file does not exist or cannot be read");
        }
        Path root = invocation.runtimeRoot();
        if (!Files.exists(root) || (Files.isDirectory(root) && isEmpty(root))) {
            LoopxRuntime.initialise(root);
        }
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            LedgerTransfer transfer = new LedgerTransfer(runtime.codec());
            VerifyReport report;
            try (BufferedReader in = Files.newBufferedReader(source, StandardCharsets.UTF_8)) {
                RebuildProgress check = phase.apply("check");
                long lines = check == RebuildProgress.NONE ? 0 : lineCount(source);
                report = transfer.verifyFile(in, done -> check.update(done, Math.max(done, lines)));
            } catch (UncheckedIOException e) {
                throw new InvalidRequest(
                        "import_file_unreadable", "the import file cannot be read as UTF-8 JSON lines");
            }
            if (!report.ok()) {
                return new Outcome.ChainBroken(report);
            }
            long appended;
            try (WriteLock.Held held = runtime.lock().acquire();
                    BufferedReader in = Files.newBufferedReader(source, StandardCharsets.UTF_8)) {
                RebuildProgress appending = phase.apply("import");
                long beyond = Math.max(
                        0, report.checkedEvents() - runtime.ledger().head().seq());
                appended = transfer.importInto(
                        runtime.ledger(), in, done -> appending.update(done, Math.max(done, beyond)));
            }
            runtime.rebuild(phase.apply("rebuild")::update);
            return new Outcome.Imported(report, appended);
        }
    }

    /** The file's line count (one event per line), read once in 64 KiB blocks for the progress total. */
    private static long lineCount(Path file) throws IOException {
        long lines = 0;
        try (var in = Files.newInputStream(file)) {
            byte[] block = new byte[1 << 16];
            for (int n; (n = in.read(block)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (block[i] == '\n') {
                        lines++;
                    }
                }
            }
        }
        return lines;
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }
}
