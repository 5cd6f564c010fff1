package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.application.ops.AppendLoad;
import dev.loopx.ledger.remote.HeadHolder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The {@code debug} answers (train-reads, hold-ledger, append-load) print, from their records,
 * exactly the compact form {@link CompactText} gives their JSON documents.
 */
class DebugAnswersTest {
    private static void printsTheCompactForm(RenderedAnswer answer) {
        StringWriter compact = new StringWriter();
        PrintWriter out = new PrintWriter(compact);
        CompactOracle.render(TextView.json(answer), out);
        out.flush();
        assertEquals(compact.toString(), TextView.text(answer));
    }

    @Test
    void trainReads_withFewOrManyRuns_aServerRunOrNot_okOrNot() {
        List<DebugTrainReadsAnswer.Run> runs = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            printsTheCompactForm(new DebugTrainReadsAnswer(runs, Optional.empty(), true));
            printsTheCompactForm(new DebugTrainReadsAnswer(runs, Optional.of(true), true));
            printsTheCompactForm(new DebugTrainReadsAnswer(runs, Optional.of(false), false));
            runs.add(new DebugTrainReadsAnswer.Run(
                    i == 2 ? "status " + "x".repeat(200) : "quota should-run --agent-id builder", i == 5 ? 1 : 0));
        }
        assertEquals(
                "debug train reads: done\n  runs           (none)\n  held reads ok  true\n",
                TextView.text(new DebugTrainReadsAnswer(List.of(), Optional.empty(), true)));
    }

    @Test
    void trainWrites_withFewOrManyRuns_okOrNot() {
        List<DebugTrainReadsAnswer.Run> runs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            printsTheCompactForm(new DebugTrainWritesAnswer(runs));
            runs.add(new DebugTrainReadsAnswer.Run(i == 0 ? "demo --keep" : "todo add", i == 3 ? 1 : 0));
        }
        assertEquals(false, new DebugTrainWritesAnswer(List.of()).ok());
        assertEquals(true, new DebugTrainWritesAnswer(runs.subList(0, 3)).ok());
        assertEquals(false, new DebugTrainWritesAnswer(runs).ok());
    }

    @Test
    void holdLedger_servedOrNot() {
        for (HeadHolder.Ended ended : HeadHolder.Ended.values()) {
            printsTheCompactForm(new DebugHoldLedgerAnswer(ended));
        }
        assertEquals(
                "debug hold ledger: done\n  ended  idle\n",
                TextView.text(new DebugHoldLedgerAnswer(HeadHolder.Ended.IDLE)));
    }

    @Test
    void appendLoad() {
        printsTheCompactForm(new DebugAppendLoadAnswer(new AppendLoad.Appended(
                3,
                4,
                6,
                Duration.ofMillis(12),
                Duration.ofNanos(1_234_567),
                Duration.ofMillis(5),
                Duration.ofSeconds(2))));
    }
}
