package dev.loopx.application.update;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.application.automation.AutomationUpdate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link PromptReconciliation} keeps of the new runtime's {@code sync-installed} answer
 * ({@code loopx_automation_prompt_upgrade_v0}, a contract between versions): the counts per
 * result in the child's order, one row per automation, and the App-side requests when the child
 * offered them. Never its paths.
 */
public record SyncAnswer(
        Map<String, Integer> counts,
        List<Row> automations,
        Optional<List<AutomationUpdate>> automationUpdateRequests,
        Optional<String> reportFile) {
    /**
     * One automation's result, and its reason (a machine code) when the child gave one.
     *
     * @param managed the automation holds (in at least one store) a managed wrapper LoopX recognised
     *     ({@code binding_source: managed_wrapper}): one the upgrade must bring to its target
     */
    public record Row(String automationId, String result, Optional<String> reason, boolean managed) {
        public Row {
            Objects.requireNonNull(automationId, "automationId");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(reason, "reason");
        }

        public Row(String automationId, String result, Optional<String> reason) {
            this(automationId, result, reason, false);
        }

        /** A recognised managed prompt that did not reach its target (anything but updated or current). */
        public boolean managedLeftBehind() {
            return managed && !result.equals("updated") && !result.equals("current");
        }
    }

    public SyncAnswer {
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
        automations = List.copyOf(automations);
        automationUpdateRequests = automationUpdateRequests.map(List::copyOf);
        Objects.requireNonNull(reportFile, "reportFile");
    }

    public SyncAnswer(
            Map<String, Integer> counts,
            List<Row> automations,
            Optional<List<AutomationUpdate>> automationUpdateRequests) {
        this(counts, automations, automationUpdateRequests, Optional.empty());
    }

    /** Reads the child's answer (an object with {@code automations}, as {@link RuntimeProcess} parsed it). */
    public static SyncAnswer read(JsonNode doc) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        doc.path("counts")
                .properties()
                .forEach(c -> counts.put(c.getKey(), c.getValue().asInt()));
        List<Row> rows = new ArrayList<>();
        for (JsonNode a : doc.path("automations")) {
            rows.add(new Row(
                    a.path("automation_id").asText(),
                    a.path("result").asText(),
                    text(a, "reason")
                            .or(() -> a.path("reasons").isArray()
                                            && !a.path("reasons").isEmpty()
                                    ? Optional.of(a.path("reasons").get(0).asText())
                                    : Optional.empty()),
                    a.path("binding_source").asText("").equals("managed_wrapper")));
        }
        Optional<List<AutomationUpdate>> requests = Optional.empty();
        if (doc.has("automation_update_requests")) {
            List<AutomationUpdate> list = new ArrayList<>();
            for (JsonNode u : doc.get("automation_update_requests")) {
                list.add(new AutomationUpdate(
                        u.path("automation_id").asText(),
                        text(u, "expected_prompt_sha256"),
                        text(u, "prompt_sha256"),
                        text(u, "target_thread_id")));
            }
            requests = Optional.of(list);
        }
        Optional<String> report = doc.path("automation_update_report").hasNonNull("file")
                ? Optional.of(doc.path("automation_update_report").path("file").asText())
                : Optional.empty();
        return new SyncAnswer(counts, rows, requests, report);
    }

    private static Optional<String> text(JsonNode o, String field) {
        return o.hasNonNull(field) ? Optional.of(o.get(field).asText()) : Optional.empty();
    }
}
