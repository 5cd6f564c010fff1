package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Recorded times in the text views: as recorded, then how far from the command's time (issue 41). */
class WordsWhenTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    @Test
    void pastFutureAndNow_inWords_besideTheRecordedTime() {
        assertEquals("2026-03-01T11:56:00Z (4 min ago)", Words.when("2026-03-01T11:56:00Z", NOW));
        assertEquals("2026-03-01T12:30:00Z (in 30 min)", Words.when("2026-03-01T12:30:00Z", NOW));
        assertEquals("2026-03-01T12:00:00.000Z (now)", Words.when("2026-03-01T12:00:00.000Z", NOW));
        assertEquals("2026-02-27T12:00:00Z (2 d ago)", Words.when("2026-02-27T12:00:00Z", NOW));
        assertEquals("2026-03-01T09:00:00Z (3 h ago)", Words.when("2026-03-01T09:00:00Z", NOW));
    }

    @Test
    void notATime_orNothing_isLeftAsItIs() {
        assertEquals("", Words.when("", NOW));
        assertEquals("", Words.when(null, NOW));
        assertEquals("soon", Words.when("soon", NOW));
    }
}
