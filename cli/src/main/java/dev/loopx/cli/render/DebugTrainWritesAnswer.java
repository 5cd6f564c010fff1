package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx debug train-writes}'s answer, {@code loopx_debug_train_writes_v0}: the demo and each
 * write run after it for the class-data archive, with its exit code; ok when every one answered
 * 0. A tool for the launcher's training, so its text is the generic compact form
 * ({@link CompactText}) of its document.
 *
 * @param runs the commands run, in order (the first is the demo)
 */
public record DebugTrainWritesAnswer(List<DebugTrainReadsAnswer.Run> runs) implements RenderedAnswer {
    private static final String SCHEMA = "loopx_debug_train_writes_v0";

    public DebugTrainWritesAnswer {
        runs = List.copyOf(Objects.requireNonNull(runs, "runs"));
    }

    @Override
    public boolean ok() {
        return !runs.isEmpty() && runs.stream().allMatch(r -> r.exit() == 0);
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(SCHEMA, ok());
        DebugTrainReadsAnswer.putRuns(doc, runs);
        return doc;
    }

    void text(PrintWriter out) {
        out.println(CompactText.answer(SCHEMA, ok()));
        new Lines(out).add("runs", DebugTrainReadsAnswer.runItems(runs)).print();
    }
}
