package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One short line for an {@code evidence-log} item (its JSON object): {@code #41
 * 2026-12-02T10:00:00Z writeback outcome_progress spent@#43: Parser done}. The same words for
 * {@code --thin} and for the text view.
 */
public final class EvidenceLines {
    private EvidenceLines() {}

    /** The line of {@code item}, its text cut to {@code textChars} characters. */
    public static String of(JsonNode i, int textChars) {
        String head = "#" + i.path("seq").asLong() + " " + i.path("recorded_at").asText() + " ";
        return head
                + switch (i.path("kind").asText()) {
                    case "writeback" ->
                        "writeback " + or(i.path("delivery_outcome").asText(), "(no outcome)")
                                + (i.path("spent_seq").asLong() > 0
                                        ? " spent@#" + i.path("spent_seq").asLong()
                                        : i.path("accountable").asBoolean() ? " unspent" : "")
                                + text(i.path("summary").asText(), textChars);
                    case "spend" ->
                        "spend " + Words.count(i.path("slots").asLong(), "slot")
                                + (i.path("writeback_seq").asLong() > 0
                                        ? " for #" + i.path("writeback_seq").asLong()
                                        : "")
                                + (i.path("voided_seq").asLong() > 0
                                        ? " voided@#" + i.path("voided_seq").asLong()
                                        : "");
                    case "reward" ->
                        "reward " + i.path("reward").asText() + " ("
                                + i.path("actor_kind").asText() + ")"
                                + text(i.path("reason_summary").asText(), textChars);
                    case "gate" ->
                        "gate " + i.path("decision").asText() + " "
                                + i.path("gate").asText() + " ("
                                + i.path("actor_kind").asText() + ")"
                                + text(i.path("reason_summary").asText(), textChars);
                    default -> i.path("kind").asText();
                };
    }

    /** At most {@code max} characters (code points), an ellipsis marking a cut. */
    public static String cut(String s, int max) {
        if (s.codePointCount(0, s.length()) <= max) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, max - 1)) + "…";
    }

    private static String text(String s, int max) {
        return s.isEmpty() ? "" : ": " + cut(s, max);
    }

    private static String or(String s, String fallback) {
        return s.isEmpty() ? fallback : s;
    }
}
