package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.ExportLedger;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx ledger export}'s answer, {@code loopx_ledger_export_v0}: how many events were
 * written and the file's name (never its folder). Its text says so and how to import it elsewhere.
 */
public record LedgerExportAnswer(ExportLedger.Exported exported) implements RenderedAnswer {
    public LedgerExportAnswer {
        Objects.requireNonNull(exported, "exported");
    }

    private String file() {
        return exported.file().getFileName().toString();
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_ledger_export_v0", true);
        doc.put("events", exported.events());
        doc.put("file", file());
        return doc;
    }

    void text(PrintWriter out) {
        out.println("exported " + Words.count(exported.events(), "event") + " to " + file() + " (0600)");
        // the runtime root connect makes in a project's folder: the command runs as printed there
        out.println("  next: on the other machine, in the project's folder: loopx --runtime-root .loopx ledger import "
                + file());
    }
}
