package dev.loopx.projections.goal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 4: {@code allowed_slots} is the exact decimal product rounded half up (the
 * original rounds too: 0.025 × 60 = 1.5 gives 2 slots, not 1).
 */
class QuotaSlotRoundingTest {
    private static long slots(String compute, int windowHours, int slotMinutes) {
        return new GoalView.QuotaPolicy(new BigDecimal(compute), windowHours, slotMinutes).allowedSlots();
    }

    @Test
    void halfASlotRoundsUp() {
        assertEquals(2, slots("0.025", 1, 1)); // 60 × 0.025 = 1.5
        assertEquals(1, slots("0.5", 1, 60)); // 1 × 0.5 = 0.5
        assertEquals(3, slots("0.5", 1, 12)); // 5 × 0.5 = 2.5 (half up, not half even)
    }

    @Test
    void belowHalfRoundsDown() {
        assertEquals(1, slots("0.024", 1, 1)); // 1.44
        assertEquals(1, slots("0.024999", 1, 1)); // 1.49994
        assertEquals(0, slots("0.008", 1, 1)); // 0.48
    }

    @Test
    void justAboveHalfRoundsUp() {
        assertEquals(2, slots("0.025001", 1, 1)); // 1.50006
    }

    @Test
    void wholeProductsAreExact() {
        assertEquals(1440, slots("1", 24, 1));
        assertEquals(0, slots("0", 24, 1));
        assertEquals(72, slots("0.5", 24, 10)); // 144 × 0.5
        assertEquals(2, slots("1", 1, 30));
    }
}
