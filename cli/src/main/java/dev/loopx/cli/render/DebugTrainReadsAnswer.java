package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code loopx debug train-reads}'s answer, {@code loopx_debug_train_reads_v0}: each heartbeat read
 * run for the class-data archive with its exit code, and whether the server and held reads got as
 * far as an answer; ok when every one did. A tool for the launcher's training, so its text is the
 * generic compact form ({@link CompactText}) of its document.
 *
 * @param runs          the reads run, in order
 * @param serverReadsOk whether the reads on a stand-in server ledger got an answer (empty: not run)
 * @param heldReadsOk   whether the reads through a stand-in head holder got an answer
 */
public record DebugTrainReadsAnswer(
        List<DebugTrainReadsAnswer.Run> runs, Optional<Boolean> serverReadsOk, boolean heldReadsOk)
        implements RenderedAnswer {
    private static final String SCHEMA = "loopx_debug_train_reads_v0";

    public DebugTrainReadsAnswer {
        runs = List.copyOf(Objects.requireNonNull(runs, "runs"));
        Objects.requireNonNull(serverReadsOk, "serverReadsOk");
    }

    /**
     * One read run.
     *
     * @param command the command line run, without the goal id
     * @param exit    its exit code
     */
    public record Run(String command, int exit) {
        public Run {
            Objects.requireNonNull(command, "command");
        }
    }

    @Override
    public boolean ok() {
        return runs.stream().allMatch(r -> r.exit() == 0) && serverReadsOk.orElse(true) && heldReadsOk;
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(SCHEMA, ok());
        putRuns(doc, runs);
        serverReadsOk.ifPresent(ok -> doc.put("server_reads_ok", ok));
        doc.put("held_reads_ok", heldReadsOk);
        return doc;
    }

    void text(PrintWriter out) {
        out.println(CompactText.answer(SCHEMA, ok()));
        new Lines(out)
                .add("runs", runItems(runs))
                .add("server reads ok", serverReadsOk.map(String::valueOf).orElse(""))
                .add("held reads ok", String.valueOf(heldReadsOk))
                .print();
    }

    /** The {@code runs} array of a training answer (this one's and {@code debug train-writes}'). */
    static void putRuns(ObjectNode doc, List<Run> runs) {
        ArrayNode results = doc.putArray("runs");
        runs.forEach(r -> results.addObject().put("command", r.command()).put("exit", r.exit()));
    }

    /** The runs as the compact text lists them, one line each. */
    static List<String> runItems(List<Run> runs) {
        return CompactText.items(runs.stream()
                .map(r -> CompactText.oneLine(
                        List.of("command: " + CompactText.scalar(r.command()), "exit: " + r.exit())))
                .toList());
    }
}
