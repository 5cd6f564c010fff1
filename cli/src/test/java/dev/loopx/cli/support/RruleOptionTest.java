package dev.loopx.cli.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RruleOptionTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "FREQ=MINUTELY;INTERVAL=30 | FREQ=MINUTELY;INTERVAL=30",
                "INTERVAL=30;FREQ=MINUTELY | FREQ=MINUTELY;INTERVAL=30",
                "RRULE:FREQ=MINUTELY;INTERVAL=30 | FREQ=MINUTELY;INTERVAL=30",
                "rrule:interval=30;freq=minutely | FREQ=MINUTELY;INTERVAL=30",
                "FREQ=MINUTELY | FREQ=MINUTELY;INTERVAL=1",
                "FREQ=HOURLY;INTERVAL=1 | FREQ=MINUTELY;INTERVAL=60",
                "FREQ=HOURLY;INTERVAL=2 | FREQ=MINUTELY;INTERVAL=120",
                "FREQ=DAILY | FREQ=MINUTELY;INTERVAL=1440",
                "FREQ=WEEKLY;INTERVAL=9 | FREQ=MINUTELY;INTERVAL=90720",
            })
    void anEquivalentSpellingOfASupportedRule_isMappedToTheOneLoopxKeeps(String given, String kept) {
        assertEquals(kept, RruleOption.canonical("--applied-rrule", given));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "FREQ=MONTHLY",
                "FREQ=SECONDLY;INTERVAL=30",
                "FREQ=DAILY;BYHOUR=9",
                "FREQ=MINUTELY;COUNT=3",
                "FREQ=MINUTELY;INTERVAL=0",
                "FREQ=MINUTELY;INTERVAL=30;INTERVAL=30",
                "INTERVAL=30",
                "FREQ=WEEKLY;INTERVAL=10",
                "every 30 minutes",
                "FREQ=MINUTELY;INTERVAL=x"
            })
    void anythingElse_isRefusedNamingWhatIsSupported_withoutEchoingTheValue(String given) {
        CliError e = assertThrows(CliError.class, () -> RruleOption.canonical("--applied-rrule", given));
        assertEquals("invalid_value", e.errorCode());
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("FREQ=MINUTELY, HOURLY, DAILY or WEEKLY"), e.getMessage());
        assertTrue(e.getMessage().startsWith("--applied-rrule "), e.getMessage());
        String why = e.getMessage().substring(0, e.getMessage().indexOf("): use ")); // the rest is fixed help
        assertTrue(!why.contains(given), e.getMessage());
    }
}
