package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx dashboard}'s answer once it serves, {@code loopx_dashboard_v0}: where (always
 * 127.0.0.1) and that it is read-only. Its text is two lines for the person who started it.
 *
 * @param url  the page's address
 * @param port the port it listens on
 */
public record DashboardAnswer(String url, int port) implements RenderedAnswer {
    public DashboardAnswer {
        Objects.requireNonNull(url, "url");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_dashboard_v0", true);
        doc.put("url", url);
        doc.put("port", port);
        doc.put("read_only", true);
        return doc;
    }

    void text(PrintWriter out) {
        out.println("LoopX dashboard (read-only): " + url);
        out.println("Serving on 127.0.0.1:" + port + " only. Stop with Ctrl-C.");
    }
}
