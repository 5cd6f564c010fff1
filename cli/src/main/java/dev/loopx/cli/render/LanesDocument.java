package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.Lanes;

/** {@code next_agent_todo}: {@code {lanes: [{agent_id, todo|null}], unassigned: todo|null}} of {@link Lanes}. */
public final class LanesDocument {
    private LanesDocument() {}

    public static ObjectNode of(Lanes lanes) {
        ObjectNode n = Json.object();
        ArrayNode array = n.putArray("lanes");
        for (Lanes.Lane lane : lanes.lanes()) {
            ObjectNode l = array.addObject().put("agent_id", lane.agentId());
            TodoParts.putBrief(l, "todo", lane.todo());
        }
        TodoParts.putBrief(n, "unassigned", lanes.unassigned());
        return n;
    }
}
