package dev.loopx.projections.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The folds' reading of a recorded time gives exactly what {@link Instant#parse} gives, failures included. */
class RecordedTimeTest {
    private static final DateTimeFormatter MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private static String outcome(java.util.function.Supplier<Instant> parse) {
        try {
            return parse.get().toString();
        } catch (RuntimeException e) {
            return "throws " + e.getClass().getName();
        }
    }

    private static void same(String text) {
        assertEquals(outcome(() -> Instant.parse(text)), outcome(() -> QuotaFold.instant(text)), text);
    }

    @Test
    void agreesWithInstantParseOnTimesAndOnNearMisses() {
        Random random = new Random(7);
        List<String> texts = new ArrayList<>(List.of(
                "2026-01-01T00:00:00Z",
                "2026-01-01T00:00:00.000Z",
                "2024-02-29T23:59:59.999999999Z",
                "2025-02-29T00:00:00Z",
                "2026-04-31T00:00:00Z",
                "2026-12-31T23:59:60Z",
                "2026-13-01T00:00:00Z",
                "2026-00-10T00:00:00Z",
                "2026-01-00T00:00:00Z",
                "2026-01-01T24:00:00Z",
                "2026-01-01T00:60:00Z",
                "2026-01-01T00:00:00.Z",
                "2026-01-01T00:00:00.1234567890Z",
                "2026-01-01T00:00:00+01:00",
                "2026-01-01t00:00:00Z",
                "+12026-01-01T00:00:00Z",
                "0000-01-01T00:00:00Z",
                "9999-12-31T23:59:59.5Z",
                "2026-01-01T00:00:0aZ",
                "2026-01-01 00:00:00Z",
                "",
                "Z"));
        for (int i = 0; i < 20_000; i++) {
            Instant at = Instant.ofEpochSecond(
                    random.nextLong(-62_000_000_000L, 250_000_000_000L), random.nextInt(1_000_000_000));
            String text = switch (i % 3) {
                case 0 -> at.toString();
                case 1 -> MILLIS.format(at);
                default ->
                    at.toString()
                            .replaceFirst(
                                    "\\.\\d+Z$",
                                    "."
                                            + Integer.toString(at.getNano())
                                                    .substring(
                                                            0,
                                                            1
                                                                    + random.nextInt(Integer.toString(at.getNano())
                                                                            .length()))
                                            + "Z");
            };
            texts.add(text);
            char[] mutated = text.toCharArray(); // one character changed: mostly invalid, sometimes another valid time
            mutated[random.nextInt(mutated.length)] = "0123456789-:.TZz+ 9".charAt(random.nextInt(19));
            texts.add(new String(mutated));
        }
        texts.forEach(RecordedTimeTest::same);
    }
}
