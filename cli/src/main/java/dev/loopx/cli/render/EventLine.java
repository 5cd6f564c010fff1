package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One ledger event as a line for a person ({@code ledger replay} in text mode): seq, time, type,
 * goal, actor and the payload as compact JSON. The JSON-lines stream is unchanged in JSON mode.
 */
public final class EventLine {
    private EventLine() {}

    public static String of(JsonNode e) {
        String actor = e.at("/actor/kind").asText()
                + (e.at("/actor/id").asText().isEmpty()
                        ? ""
                        : ":" + e.at("/actor/id").asText());
        return String.format(
                "%5d  %s  %-24s %s  %s  %s",
                e.path("seq").asLong(),
                e.path("recorded_at").asText(),
                e.path("type").asText(),
                e.path("goal_id").asText(),
                actor,
                e.path("payload").toString());
    }
}
