package dev.loopx.host.codexapp.migration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A prompt-upgrade plan (SPEC §S12): which Codex home and runtime root it is for, and one
 * {@link PlanEntry} per automation. Its JSON form ({@link #toPrivateJson}) is the private plan
 * file that {@code automation-prompts apply} executes; it holds prompt bodies and local paths.
 */
public record PromptPlan(String codexHome, String runtimeRoot, String createdAt, List<PlanEntry> entries) {
    public static final String FILE_SCHEMA = "loopx_automation_prompt_plan_v0";

    public PromptPlan {
        Objects.requireNonNull(codexHome, "codexHome");
        Objects.requireNonNull(runtimeRoot, "runtimeRoot");
        Objects.requireNonNull(createdAt, "createdAt");
        entries = List.copyOf(entries);
    }

    public ObjectNode toPrivateJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("schema_version", FILE_SCHEMA);
        o.put("codex_home", codexHome);
        o.put("runtime_root", runtimeRoot);
        o.put("created_at", createdAt);
        ArrayNode a = o.putArray("automations");
        entries.forEach(e -> a.add(e.toPrivateJson()));
        return o;
    }

    /** @throws IllegalArgumentException when the document is not a plan file of this version */
    public static PromptPlan fromJson(JsonNode o) {
        if (!FILE_SCHEMA.equals(o.path("schema_version").asText())
                || !o.path("automations").isArray()
                || !o.path("codex_home").isTextual()
                || !o.path("runtime_root").isTextual()) {
            throw new IllegalArgumentException("not a " + FILE_SCHEMA + " plan file");
        }
        List<PlanEntry> entries = new ArrayList<>();
        for (JsonNode e : o.get("automations")) {
            entries.add(PlanEntry.fromJson(e));
        }
        return new PromptPlan(
                o.get("codex_home").asText(),
                o.get("runtime_root").asText(),
                o.path("created_at").asText(""),
                entries);
    }
}
