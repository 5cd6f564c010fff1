package dev.loopx.cli.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
    private long now;

    @Test
    void drawsTheFirstUpdateThenAtMostOnePerIntervalAndAlwaysTheLast() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
        try {
            List<String> lines = new ArrayList<>();
            ProgressLine line = new ProgressLine(lines::add, () -> now);
            now = 1_000_000_000L; // 1 s after the start
            line.update(500, 2_000);
            now += ProgressLine.INTERVAL_NANOS / 2;
            line.update(1_000, 2_000); // too soon: not drawn
            now += ProgressLine.INTERVAL_NANOS / 2;
            line.update(1_500, 2_000);
            line.update(2_000, 2_000); // the last one, at once
            assertEquals(
                    List.of(
                            "rebuild: 500 / 2,000 events  500 events/s  ETA 3s",
                            "rebuild: 1,500 / 2,000 events  1,250 events/s  ETA 0s",
                            "rebuild: 2,000 / 2,000 events  1,667 events/s  ETA 0s"),
                    lines);
        } finally {
            Locale.setDefault(before);
        }
    }
}
