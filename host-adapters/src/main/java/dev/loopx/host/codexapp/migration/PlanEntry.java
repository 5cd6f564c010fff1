package dev.loopx.host.codexapp.migration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One automation in a prompt-upgrade plan (SPEC §S12). {@code desiredPrompt} is the managed
 * wrapper (it holds the runtime root, a local path) and is kept only in the private plan file
 * ({@link #toPrivateJson}); an answer shows the other fields only.
 *
 * @param status         {@code blocked | unmanaged | current | adoption_required} ({@link PlanStatus})
 * @param reasons        why blocked or unmanaged (machine codes), empty otherwise
 * @param bindingSource  {@code managed_wrapper | named_in_prompt} when a binding was found
 * @param wrapperVersion the managed wrapper version the automation holds now, when it holds one
 * @param stateSha256    {@code state_sha256} of what was read (blind to the App scheduler's own
 *                       fields); empty in plan files written before it existed (then
 *                       {@code sourceSha256} is compared instead)
 * @param currentPrompt  the prompt both stores hold now, when they agree on one (private, like
 *                       {@code desiredPrompt})
 * @param appFields      the automation's own fields as the App keeps them (name, kind, status,
 *                       rrule, notification_policy, target_thread_id, model), each when the row
 *                       holds it as text: what an App-side {@code automation_update} must keep
 */
public record PlanEntry(
        String automationId,
        PlanStatus status,
        List<String> reasons,
        Optional<String> goalId,
        Optional<String> agentId,
        Optional<String> bindingSource,
        Optional<Integer> wrapperVersion,
        Optional<String> promptSha256,
        String sourceSha256,
        Optional<String> targetThreadId,
        Optional<String> desiredPrompt,
        Optional<String> desiredSha256,
        Optional<Integer> desiredWrapperVersion,
        Optional<String> stateSha256,
        Optional<String> currentPrompt,
        Map<String, String> appFields) {
    public PlanEntry {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(status, "status");
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(sourceSha256, "sourceSha256");
        Objects.requireNonNull(stateSha256, "stateSha256");
        Objects.requireNonNull(currentPrompt, "currentPrompt");
        appFields = Collections.unmodifiableMap(new LinkedHashMap<>(appFields));
        if (status == PlanStatus.ADOPTION_REQUIRED
                && (desiredPrompt.isEmpty() || goalId.isEmpty() || agentId.isEmpty() || promptSha256.isEmpty())) {
            throw new IllegalArgumentException("an adoption needs the binding, the old digest and the desired prompt");
        }
    }

    /** An entry without the state digest, current prompt and App fields (as plan files before them had). */
    public PlanEntry(
            String automationId,
            PlanStatus status,
            List<String> reasons,
            Optional<String> goalId,
            Optional<String> agentId,
            Optional<String> bindingSource,
            Optional<Integer> wrapperVersion,
            Optional<String> promptSha256,
            String sourceSha256,
            Optional<String> targetThreadId,
            Optional<String> desiredPrompt,
            Optional<String> desiredSha256,
            Optional<Integer> desiredWrapperVersion) {
        this(
                automationId,
                status,
                reasons,
                goalId,
                agentId,
                bindingSource,
                wrapperVersion,
                promptSha256,
                sourceSha256,
                targetThreadId,
                desiredPrompt,
                desiredSha256,
                desiredWrapperVersion,
                Optional.empty(),
                Optional.empty(),
                Map.of());
    }

    /**
     * Whether {@code now} (a fresh read's entry) differs from this entry in anything but the App
     * scheduler's own fields: compares {@code state_sha256} when both have one, else the exact
     * {@code source_sha256}.
     */
    public boolean changedIn(PlanEntry now) {
        if (stateSha256.isPresent() && now.stateSha256.isPresent()) {
            return !stateSha256.get().equals(now.stateSha256.get());
        }
        return !sourceSha256.equals(now.sourceSha256);
    }

    /** This entry with the state digest, current prompt and App fields of {@code now} (a fresh read of the same automation). */
    public PlanEntry withViewOf(PlanEntry now) {
        return new PlanEntry(
                automationId,
                status,
                reasons,
                goalId,
                agentId,
                bindingSource,
                wrapperVersion,
                promptSha256,
                sourceSha256,
                targetThreadId,
                desiredPrompt,
                desiredSha256,
                desiredWrapperVersion,
                now.stateSha256,
                now.currentPrompt,
                now.appFields);
    }

    public boolean adoptionRequired() {
        return status == PlanStatus.ADOPTION_REQUIRED;
    }

    /** The private form (plan file): ids, statuses, digests, {@code current_prompt}, {@code desired_prompt} and the App's fields. */
    public ObjectNode toPrivateJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("automation_id", automationId);
        o.put("status", status.wire());
        ArrayNode r = o.putArray("reasons");
        reasons.forEach(r::add);
        o.put("goal_id", goalId.orElse(null));
        o.put("agent_id", agentId.orElse(null));
        o.put("binding_source", bindingSource.orElse(null));
        if (wrapperVersion.isPresent()) {
            o.put("wrapper_version", wrapperVersion.get());
        } else {
            o.putNull("wrapper_version");
        }
        o.put("prompt_sha256", promptSha256.orElse(null));
        o.put("source_sha256", sourceSha256);
        o.put("target_thread_id", targetThreadId.orElse(null));
        o.put("desired_sha256", desiredSha256.orElse(null));
        if (desiredWrapperVersion.isPresent()) {
            o.put("desired_wrapper_version", desiredWrapperVersion.get());
        } else {
            o.putNull("desired_wrapper_version");
        }
        o.put("desired_prompt", desiredPrompt.orElse(null));
        o.put("state_sha256", stateSha256.orElse(null));
        o.put("current_prompt", currentPrompt.orElse(null));
        ObjectNode fields = o.putObject("app_fields");
        appFields.forEach(fields::put);
        return o;
    }

    public static PlanEntry fromJson(JsonNode o) {
        List<String> reasons = new ArrayList<>();
        o.path("reasons").forEach(r -> reasons.add(r.asText()));
        return new PlanEntry(
                o.get("automation_id").asText(),
                PlanStatus.recorded(o.get("status").asText()),
                reasons,
                text(o, "goal_id"),
                text(o, "agent_id"),
                text(o, "binding_source"),
                integer(o, "wrapper_version"),
                text(o, "prompt_sha256"),
                o.get("source_sha256").asText(),
                text(o, "target_thread_id"),
                text(o, "desired_prompt"),
                text(o, "desired_sha256"),
                integer(o, "desired_wrapper_version"),
                text(o, "state_sha256"),
                text(o, "current_prompt"),
                fields(o.path("app_fields")));
    }

    private static Map<String, String> fields(JsonNode o) {
        Map<String, String> out = new LinkedHashMap<>();
        o.properties().forEach(f -> {
            if (f.getValue().isTextual()) {
                out.put(f.getKey(), f.getValue().asText());
            }
        });
        return out;
    }

    private static Optional<String> text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || v.isNull() ? Optional.empty() : Optional.of(v.asText());
    }

    private static Optional<Integer> integer(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || v.isNull() ? Optional.empty() : Optional.of(v.asInt());
    }
}
