package dev.loopx.cli.update;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The prompt step of {@code update apply}: the <em>new</em> runtime's
 * {@code automation-prompts sync-installed --execute} on the pre-upgrade snapshot, run as a child
 * process against the same runtime root (it records its own {@code prompt_migration.*} events).
 * Its answer is summarised into one result code, the first that applies of: {@code failed}
 * (the step did not run or an automation failed or went stale), {@code deferred} (the App is
 * running), {@code changed_since_snapshot}, {@code review_required}, else {@code complete}.
 * Without a Codex database the result is {@code no_codex_store}; with an unreadable one,
 * {@code unavailable}. Only {@code complete} and {@code no_codex_store} complete the upgrade.
 */
record PromptReconciliation(String result, boolean started, Optional<JsonNode> sync, int exitCode, String nextStep) {
    private static final List<String> FAILED = List.of("failed", "preview_stale");

    static PromptReconciliation run(CliContext context, UpgradeSnapshot snapshot, Path newRuntime, Path runtimeRoot,
            String cliBin, Duration timeout) throws IOException {
        switch (snapshot.status()) {
            case UpgradeSnapshot.NO_CODEX_STORE -> {
                return new PromptReconciliation("no_codex_store", false, Optional.empty(), 0, "");
            }
            case UpgradeSnapshot.UNAVAILABLE -> {
                return new PromptReconciliation("unavailable", false, Optional.empty(), 0,
                        "the Codex store could not be read (" + snapshot.problem().map(p -> p.code().wire()).orElse("")
                                + "): fix it, then run loopx automation-prompts plan and apply");
            }
            default -> { }
        }
        context.progress("update: reconciling installed heartbeat prompts with the new runtime…");
        Path plan = snapshot.file().orElseThrow();
        RuntimeProcess.Outcome o = RuntimeProcess.run(newRuntime.resolve("bin/loopx"),
                List.of("--runtime-root", runtimeRoot.toString(), "--format", "json", "automation-prompts", "sync-installed",
                        "--plan-file", plan.toString(), "--cli-bin", cliBin, "--execute"),
                context.environment().variables(), context.environment().workingDirectory(), timeout);
        context.progress("");
        Optional<JsonNode> doc = o.json().filter(d -> d.has("automations"));
        String retry = "loopx automation-prompts sync-installed --plan-file <snapshot.file> --execute";
        if (o.timedOut() || (o.exitCode() != 0 && o.exitCode() != 1) || doc.isEmpty()) {
            return new PromptReconciliation("failed", true, doc, o.exitCode(), "the new runtime's sync-installed did not finish"
                    + " (exit " + o.exitCode() + "); retry with the new runtime: " + retry);
        }
        JsonNode counts = doc.get().path("counts");
        String result = FAILED.stream().anyMatch(counts::has) ? "failed"
                : counts.has("deferred") ? "deferred"
                : counts.has("changed_since_snapshot") ? "changed_since_snapshot"
                : counts.has("review_required") ? "review_required"
                : "complete";
        String next = switch (result) {
            case "deferred" -> "quit the Codex App (or send the automation_update requests), then: " + retry;
            case "changed_since_snapshot" -> "an automation changed after the snapshot: loopx automation-prompts plan, review, apply";
            case "review_required" -> "custom prompts need review: loopx automation-prompts plan, then apply";
            case "failed" -> "see prompts.automations; loopx automation-prompts recover --automation-id ID --offline --execute";
            default -> "";
        };
        return new PromptReconciliation(result, true, doc, o.exitCode(), next);
    }

    boolean complete() {
        return result.equals("complete") || result.equals("no_codex_store");
    }

    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("started", started);
        o.put("result", result);
        o.put("complete", complete());
        sync.ifPresent(d -> {
            o.put("runner", "new_runtime");
            o.put("sync_exit_code", exitCode);
            o.set("counts", d.path("counts").deepCopy());
            ArrayNode list = o.putArray("automations");
            for (JsonNode a : d.path("automations")) {
                ObjectNode row = list.addObject();
                row.put("automation_id", a.path("automation_id").asText());
                row.put("result", a.path("result").asText());
                if (a.hasNonNull("reason")) {
                    row.put("reason", a.path("reason").asText());
                }
            }
            if (d.has("automation_update_requests")) {
                o.set("automation_update_requests", d.get("automation_update_requests").deepCopy());
            }
        });
        return o;
    }
}
