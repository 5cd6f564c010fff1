package dev.loopx.cli.ledger;

import dev.loopx.application.ledger.ExportLedger;
import dev.loopx.cli.render.LedgerExportAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.ProgressLine;
import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "export",
        description = {
            "Write every event, exactly as stored, to FILE as JSON lines (created 0600).",
            "Refuses to overwrite an existing file. Move it to another machine and run `loopx ledger import`."
        })
public final class LedgerExportCommand extends LoopxSubcommand {
    @Parameters(
            index = "0",
            paramLabel = "FILE",
            description = "The file to write the events to (created 0600; it must not exist yet).")
    String file;

    @Override
    protected int execute(CliContext context) throws IOException {
        ExportLedger.Exported exported = ExportLedger.run(
                context.invocation(), new ExportLedger.Request(file), ProgressLine.of(context, "export"));
        return context.emit(new LedgerExportAnswer(exported));
    }
}
