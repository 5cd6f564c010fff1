package dev.loopx.cli.ledger;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.audit.LedgerTransfer;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.ledger.lock.LedgerLock;
import dev.loopx.projections.ProjectionCatchUp;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "import",
        description = {
            "Append the events of an export FILE to this runtime root's ledger.",
            "The file's whole chain is verified first; a broken chain is refused with its first bad seq",
            "and nothing is written. The ledger must be empty or hold a prefix of the file (so an",
            "interrupted import can simply be run again). A --runtime-root that does not exist yet (or",
            "is an empty folder) is created.",
            "",
            "Example:  loopx --runtime-root /srv/newhost/.loopx ledger import ledger-export.jsonl"
        })
public final class LedgerImportCommand extends LoopxSubcommand {
    @Parameters(index = "0", paramLabel = "FILE")
    String file;

    @Override
    protected int execute(CliContext context) throws IOException {
        Path source = context.environment().workingDirectory().resolve(file).normalize();
        if (!Files.isRegularFile(source) || !Files.isReadable(source)) {
            throw CliError.badInput("import_file_unreadable", "the import file does not exist or cannot be read");
        }
        Path root = context.runtimeRoot();
        if (!Files.exists(root) || (Files.isDirectory(root) && isEmpty(root))) {
            LoopxRuntime.initialise(root);
        }
        try (LoopxRuntime runtime = context.openRuntime()) {
            LedgerTransfer transfer = new LedgerTransfer(runtime.codec());
            VerifyReport report;
            try (BufferedReader in = Files.newBufferedReader(source, StandardCharsets.UTF_8)) {
                report = transfer.verifyFile(in);
            } catch (UncheckedIOException e) {
                throw CliError.badInput("import_file_unreadable", "the import file cannot be read as UTF-8 JSON lines");
            }
            if (!report.ok()) {
                ObjectNode refused = CliContext.document("loopx_ledger_import_v0", false);
                refused.put("error_code", "import_chain_broken");
                refused.put("first_bad_seq", report.firstBadSeq());
                refused.put("problem", report.problem());
                refused.put("appended", 0);
                return context.emit(refused);
            }
            long appended;
            try (LedgerLock.Held held = runtime.lock().acquire();
                    BufferedReader in = Files.newBufferedReader(source, StandardCharsets.UTF_8)) {
                appended = transfer.importInto(runtime.ledger(), in);
            } catch (LedgerException e) {
                if (e.errorCode().equals("ledger_not_empty")) {
                    throw new CliError(
                            "ledger_not_empty",
                            e.getMessage(),
                            "import into a new runtime root (loopx connect --runtime-root <new>)");
                }
                throw e;
            }
            runtime.rebuild(ProjectionCatchUp.Progress.NONE);
            ObjectNode doc = CliContext.document("loopx_ledger_import_v0", true);
            doc.put("events_in_file", report.checkedEvents());
            doc.put("appended", appended);
            doc.put("head_seq", report.head().seq());
            doc.put("head_hash", report.head().hash());
            return context.emit(doc);
        }
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }
}
