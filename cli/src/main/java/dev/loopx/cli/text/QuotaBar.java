package dev.loopx.cli.text;

import com.fasterxml.jackson.databind.JsonNode;

/** A quota window as one line: {@code [#...................] 5/20 slots · active (24 h window)}. */
public final class QuotaBar {
    private static final int BAR = 20;

    private QuotaBar() {}

    public static String of(JsonNode q) {
        if (q.isMissingNode() || q.isNull()) {
            return "";
        }
        long allowed = q.path("allowed_slots").asLong();
        long spent = q.path("spent_slots").asLong();
        String state = q.path("state").asText();
        String next = q.path("next_eligible_at").isTextual()
                ? " · next slot " + q.path("next_eligible_at").asText()
                : "";
        if (allowed <= 0) {
            return "[" + "-".repeat(BAR) + "] " + state + " (nothing allowed)";
        }
        int filled = (int) Math.min(BAR, Math.max(spent > 0 ? 1 : 0, Math.round(BAR * (double) spent / allowed)));
        return "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + spent + "/" + allowed + " slots spent · "
                + state + " (" + q.path("window_hours").asInt() + " h window)" + next;
    }
}
