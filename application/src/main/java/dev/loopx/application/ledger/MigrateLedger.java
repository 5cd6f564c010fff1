package dev.loopx.application.ledger;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.composition.LedgerLocations;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.audit.LedgerTransfer;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.ledger.lock.WriteLock;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.function.Function;

/**
 * Use case "move this runtime root's ledger to a server" ({@code ledger migrate --to URL}, ADR
 * 0006). In order: the URL is checked (no credentials in it); the whole chain of the current
 * ledger is verified (a broken chain moves nothing); under the current ledger's write lock and the
 * target's, the target must be empty (else {@code ledger_not_empty}, nothing written); every event
 * is copied with its hash reproduced bit for bit (through an export file in the runtime root's
 * private folder, 0600, removed afterwards); the target's head must equal the source's; only then
 * does the runtime root's {@code ledger-location} name the server. The embedded journal's files
 * stay in {@code ledger/} untouched (a backup; the runtime root no longer reads them), its head
 * marker is removed. The projection store is the same ledger's and stays as it is.
 */
public final class MigrateLedger {
    private MigrateLedger() {}

    /** @param to the target's URL, {@code postgresql://HOST:PORT/DB?ledger=NAME} */
    public record Request(String to) {
        public Request {
            Objects.requireNonNull(to, "to");
        }
    }

    public sealed interface Outcome {
        /** The current ledger's chain is broken: nothing was copied. */
        record ChainBroken(VerifyReport source) implements Outcome {}

        /** Every event is on the server; the runtime root uses it from now on. */
        record Migrated(LedgerLocation target, long copied, Head head) implements Outcome {}
    }

    public static Outcome run(Invocation invocation, Request r) throws IOException {
        return run(invocation, r, phase -> RebuildProgress.NONE);
    }

    /**
     * The same, reporting each pass over the events to the progress {@code phase} names:
     * {@code verify} (the current chain), {@code export} (to the private copy), {@code check} (the
     * copy's chain) and {@code copy} (the appends on the server).
     */
    public static Outcome run(Invocation invocation, Request r, Function<String, RebuildProgress> phase)
            throws IOException {
        LedgerLocation target;
        try {
            target = LedgerLocation.parse(r.to());
        } catch (LedgerLocation.Invalid e) {
            throw new InvalidRequest(e.errorCode(), e.getMessage());
        }
        Path root = invocation.runtimeRoot();
        if (LedgerLocations.stored(root).filter(target::equals).isPresent()) {
            throw new InvalidRequest("ledger_location_conflict", "the runtime root already keeps its ledger there");
        }
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            VerifyReport source = VerifyLedger.verify(runtime, phase.apply("verify"));
            if (!source.ok()) {
                return new Outcome.ChainBroken(source);
            }
            ServerLedgerSession session = Composition.openServer(target, invocation);
            try (Ledger server = session.ledger()) {
                server.head(); // connects (exit 3 when the server is down) before anything is locked
                long copied;
                Head head;
                try (WriteLock.Held mine = runtime.lock().acquire();
                        WriteLock.Held theirs = session.lock().acquire()) {
                    if (server.head().seq() != 0) {
                        throw new LedgerException(
                                "ledger_not_empty",
                                "the target ledger already holds events; migrate only into an empty ledger (a new"
                                        + " ?ledger=NAME), nothing was written");
                    }
                    copied = copy(runtime, server, phase);
                    head = runtime.ledger().head();
                    Head there = server.head();
                    if (!there.equals(head)) {
                        throw new LedgerException(
                                "ledger_write_failed",
                                "the server ledger's head (seq " + there.seq() + ") is not the source's (seq "
                                        + head.seq() + ") after the copy; the runtime root still uses its own ledger");
                    }
                    LedgerLocations.store(root, target);
                    Files.deleteIfExists(root.resolve("ledger.head"));
                }
                return new Outcome.Migrated(target, copied, head);
            }
        }
    }

    private static long copy(LoopxRuntime runtime, Ledger server, Function<String, RebuildProgress> phase)
            throws IOException {
        long total = Math.max(0, runtime.ledger().head().seq());
        LedgerTransfer transfer = new LedgerTransfer(runtime.codec());
        Path dir = runtime.root().resolve("private");
        Files.createDirectories(dir);
        Path file = dir.resolve("migrate-export.jsonl");
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                RebuildProgress exporting = phase.apply("export");
                transfer.export(runtime.ledger(), out, done -> exporting.update(done, Math.max(done, total)));
            }
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                RebuildProgress checking = phase.apply("check");
                if (!transfer.verifyFile(in, done -> checking.update(done, Math.max(done, total)))
                        .ok()) {
                    throw new LedgerException(
                            "ledger_corrupt", "the exported chain does not verify; nothing was moved");
                }
            }
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                RebuildProgress copying = phase.apply("copy");
                return transfer.importInto(server, in, done -> copying.update(done, Math.max(done, total)));
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
