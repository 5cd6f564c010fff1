package dev.loopx.application.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.Invocation;
import dev.loopx.application.Invocations;
import dev.loopx.commands.runtime.LoopxRuntime;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Append load below the CLI: one acknowledged write transaction per event, on a real runtime root. */
class AppendLoadTest {
    @TempDir
    Path dir;

    @Test
    void everyWriteIsAcknowledgedInSeqOrder() {
        Path root = dir.resolve(".loopx");
        LoopxRuntime.initialise(root);
        Invocation invocation =
                Invocations.sandboxed(Instant.parse("2026-12-01T10:00:00Z"), root, dir.resolve("home"), dir);
        List<Long> acks = new ArrayList<>();
        var appended = AppendLoad.run(invocation, new AppendLoad.Request("g1", 3, 7), acks::add);
        assertTrue(appended.isRight(), () -> appended.getLeft().toString());
        assertEquals(List.of(1L, 2L, 3L), acks);
        AppendLoad.Appended a = appended.get();
        assertEquals(List.of(3, 1L, 3L), List.of(a.count(), a.firstSeq(), a.lastSeq()));
        assertTrue(a.maxWrite().toNanos() > 0);
        assertTrue(a.p50Write().compareTo(a.p99Write()) <= 0 && a.p99Write().compareTo(a.maxWrite()) <= 0);
        assertTrue(a.elapsed().compareTo(a.maxWrite()) >= 0);
    }
}
