package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.remote.HeadHolder;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Objects;

/**
 * {@code loopx debug hold-ledger}'s answer, {@code loopx_debug_hold_ledger_v0}: what ended the head
 * holder; ok when it served (it idled out, was no longer wanted, or lost its server session), not
 * when it never could (another holder, no login, no socket, no server ledger). Its starter discards
 * it, so its text is the generic compact form ({@link CompactText}) of its document.
 */
public record DebugHoldLedgerAnswer(HeadHolder.Ended ended) implements RenderedAnswer {
    private static final String SCHEMA = "loopx_debug_hold_ledger_v0";

    public DebugHoldLedgerAnswer {
        Objects.requireNonNull(ended, "ended");
    }

    @Override
    public boolean ok() {
        return ended == HeadHolder.Ended.IDLE
                || ended == HeadHolder.Ended.UNWANTED
                || ended == HeadHolder.Ended.SESSION_LOST;
    }

    private String endedWire() {
        return ended.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(SCHEMA, ok());
        doc.put("ended", endedWire());
        return doc;
    }

    void text(PrintWriter out) {
        out.println(CompactText.answer(SCHEMA, ok()));
        new Lines(out).add("ended", CompactText.scalar(endedWire())).print();
    }
}
