package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx projections dump}'s answer, {@code loopx_projection_dump_v0}: the store's dump (every
 * read model and the checkpoint, a JSON payload as the store writes it, with {@code ok}) and what
 * its text shows of it: the checkpoint's seq, the projection schema version and each view's rows.
 *
 * @param dump                    the store's dump document, {@code ok} included
 * @param checkpointSeq           the seq the views are folded to
 * @param projectionSchemaVersion the store's schema version
 * @param views                   the views, in the dump's order
 */
public record ProjectionDumpAnswer(
        ObjectNode dump, long checkpointSeq, int projectionSchemaVersion, List<ProjectionDumpAnswer.View> views)
        implements RenderedAnswer {
    public ProjectionDumpAnswer {
        Objects.requireNonNull(dump, "dump");
        views = List.copyOf(Objects.requireNonNull(views, "views"));
    }

    /** One read model and how many documents it holds. */
    public record View(String name, int rows) {
        public View {
            Objects.requireNonNull(name, "name");
        }
    }

    @Override
    public ObjectNode json() {
        return dump;
    }

    void text(PrintWriter out) {
        out.println("read models at seq " + checkpointSeq + " (projection schema v" + projectionSchemaVersion
                + "), folded from the ledger");
        Table table = new Table("  ", "VIEW", "ROWS");
        views.forEach(v -> table.row(v.name(), String.valueOf(v.rows())));
        table.print(out);
        new Lines(out)
                .add(
                        "all of it",
                        List.of(
                                "loopx --format json projections dump",
                                "one JSON document; add --canonical to compare two runtime roots"))
                .print();
    }
}
