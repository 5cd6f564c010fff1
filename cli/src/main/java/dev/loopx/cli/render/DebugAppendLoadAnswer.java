package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ops.AppendLoad;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx debug append-load}'s answer, {@code loopx_debug_append_load_v0}: the events appended,
 * their seq range, the slowest, median and 99th-percentile write transaction and the whole loop's
 * time. A tool for tests and benchmarks, so its text is the generic compact form
 * ({@link CompactText}) of its document.
 */
public record DebugAppendLoadAnswer(AppendLoad.Appended appended) implements RenderedAnswer {
    public DebugAppendLoadAnswer {
        Objects.requireNonNull(appended, "appended");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_debug_append_load_v0", true);
        doc.put("appended", appended.count());
        doc.put("first_seq", appended.firstSeq());
        doc.put("last_seq", appended.lastSeq());
        doc.put("max_write_ms", maxWriteMs());
        doc.put("p50_write_us", p50WriteUs());
        doc.put("p99_write_us", p99WriteUs());
        doc.put("elapsed_ms", elapsedMs());
        return doc;
    }

    private long maxWriteMs() {
        return appended.maxWrite().toMillis();
    }

    private long p50WriteUs() {
        return appended.p50Write().toNanos() / 1000;
    }

    private long p99WriteUs() {
        return appended.p99Write().toNanos() / 1000;
    }

    private long elapsedMs() {
        return appended.elapsed().toMillis();
    }

    void text(PrintWriter out) {
        out.println(CompactText.answer("loopx_debug_append_load_v0", true));
        new Lines(out)
                .add("appended", String.valueOf(appended.count()))
                .add("first seq", String.valueOf(appended.firstSeq()))
                .add("last seq", String.valueOf(appended.lastSeq()))
                .add("max write ms", String.valueOf(maxWriteMs()))
                .add("p50 write us", String.valueOf(p50WriteUs()))
                .add("p99 write us", String.valueOf(p99WriteUs()))
                .add("elapsed ms", String.valueOf(elapsedMs()))
                .print();
    }
}
