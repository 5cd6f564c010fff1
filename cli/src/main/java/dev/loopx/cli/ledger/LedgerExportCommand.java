package dev.loopx.cli.ledger;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.audit.LedgerTransfer;
import dev.loopx.ledger.files.AtomicReplace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "export",
        description = {
            "Write every event, exactly as stored, to FILE as JSON lines (created 0600).",
            "Refuses to overwrite an existing file. Move it to another machine and run `loopx ledger import`."
        })
public final class LedgerExportCommand extends LoopxSubcommand {
    @Parameters(index = "0", paramLabel = "FILE")
    String file;

    @Override
    protected int execute(CliContext context) throws IOException {
        Path target = context.environment().workingDirectory().resolve(file).normalize();
        if (Files.exists(target)) {
            throw CliError.badInput("invalid_value", "the export file already exists; choose a new file name");
        }
        if (target.getParent() == null || !Files.isDirectory(target.getParent())) {
            throw CliError.badInput("invalid_value", "the export file's folder does not exist");
        }
        long count;
        try (LoopxRuntime runtime = context.openRuntime()) {
            count = AtomicReplace.privateFile()
                    .replace(
                            target,
                            out -> new LedgerTransfer(runtime.codec())
                                    .export(
                                            runtime.ledger(),
                                            new BufferedWriter(
                                                    new OutputStreamWriter(out, StandardCharsets.UTF_8.newEncoder()))));
        }
        ObjectNode doc = CliContext.document("loopx_ledger_export_v0", true);
        doc.put("events", count);
        doc.put("file", target.getFileName().toString());
        return context.emit(doc);
    }
}
