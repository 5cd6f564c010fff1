package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.resident.ResidentAnswerer;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Objects;

/**
 * {@code loopx debug answer}'s answer, {@code loopx_debug_answer_v0}: what ended the resident
 * answerer (ADR 0014); ok when it served (it idled out, its runtime root or distribution went), not
 * when it never could (another answerer, no socket, no journal here). Its starter discards it, so
 * its text is the generic compact form ({@link CompactText}) of its document.
 */
public record DebugAnswerAnswer(ResidentAnswerer.Ended ended) implements RenderedAnswer {
    private static final String SCHEMA = "loopx_debug_answer_v0";

    public DebugAnswerAnswer {
        Objects.requireNonNull(ended, "ended");
    }

    @Override
    public boolean ok() {
        return ended == ResidentAnswerer.Ended.IDLE
                || ended == ResidentAnswerer.Ended.ROOT_GONE
                || ended == ResidentAnswerer.Ended.REPLACED;
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
