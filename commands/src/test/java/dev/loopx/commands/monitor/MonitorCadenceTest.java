package dev.loopx.commands.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stretching rule: keep, then double per unchanged poll up to a day; a change resets. */
class MonitorCadenceTest {
    @Test
    void unchangedPollsStretchAThirtyMinuteCadenceUpToADay() {
        List<Integer> intervals = new ArrayList<>();
        for (int before = 0; before < 9; before++) {
            intervals.add(MonitorCadence.nextInterval(30, before, false));
        }
        assertEquals(List.of(30, 60, 120, 240, 480, 960, 1440, 1440, 1440), intervals);
    }

    @Test
    void aMaterialChangeResetsToTheBaseCadence() {
        assertEquals(30, MonitorCadence.nextInterval(30, 12, true));
    }

    @Test
    void aCadenceLongerThanADayIsNeverStretchedPastItself() {
        assertEquals(2880, MonitorCadence.nextInterval(2880, 4, false));
    }

    @Test
    void aLongStreakDoesNotOverflow() {
        assertEquals(1440, MonitorCadence.nextInterval(1, Integer.MAX_VALUE, false));
    }
}
