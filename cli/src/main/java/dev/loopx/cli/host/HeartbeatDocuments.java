package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.heartbeat.HeartbeatPromptAnswer;
import dev.loopx.application.host.PlanCodexAppInstall;
import dev.loopx.cli.render.Receipts;
import dev.loopx.cli.support.CliContext;
import dev.loopx.host.heartbeat.IdentityRefusal;
import dev.loopx.host.heartbeat.ThinPrompt;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The heartbeat documents of SPEC §S11 and §S13, rendered from their result records: the thin
 * body {@code heartbeat_agent_input_v1} ({@link ThinPrompt}), the managed wrapper
 * {@code loopx_heartbeat_bootstrap_v0} with its recorded install ({@link HeartbeatPromptAnswer.Wrapper}),
 * the Codex App {@code loopx_codex_app_install_plan_v0} ({@link PlanCodexAppInstall.Answer.Planned}),
 * each one's identity refusal ({@link IdentityRefusal}, ok=false, under the schema of the answer it
 * refuses), and the text view of the heartbeat-prompt answers.
 */
final class HeartbeatDocuments {
    static final String THIN_SCHEMA = "heartbeat_agent_input_v1";
    static final String BOOTSTRAP_SCHEMA = "loopx_heartbeat_bootstrap_v0";
    static final String INSTALL_PLAN_SCHEMA = "loopx_codex_app_install_plan_v0";

    private HeartbeatDocuments() {}

    /** A refusal under {@code schemaVersion}: no body, no wrapper; the registered agents and what to run instead. */
    static ObjectNode refusal(String schemaVersion, IdentityRefusal refusal) {
        ObjectNode doc = CliContext.document(schemaVersion, false);
        doc.put("goal_id", refusal.goalId());
        doc.put("agent_id", refusal.agentId());
        doc.put("error_code", refusal.errorCode());
        doc.put("message", refusal.message());
        refusal.registeredAgents().forEach(doc.putArray("registered_agents")::add);
        refusal.commands().forEach(doc.putArray("commands")::add);
        doc.put("hint", refusal.hint());
        return doc;
    }

    /** {@code heartbeat_agent_input_v1}: only the contract's fields. */
    static ObjectNode thin(ThinPrompt prompt) {
        ObjectNode doc = CliContext.document(THIN_SCHEMA, true);
        doc.put("goal_id", prompt.goalId());
        doc.put("agent_id", prompt.agentId());
        doc.put("task_body", prompt.taskBody());
        ObjectNode budget = doc.putObject("interface_budget");
        budget.put("mode", "thin");
        budget.put("budget_char_count", prompt.chars());
        budget.put("max_chars", prompt.maxChars());
        budget.put("within_budget", prompt.withinBudget());
        return doc;
    }

    /** {@code loopx_heartbeat_bootstrap_v0}: the wrapper, its binding and budget, and the install record if any. */
    static ObjectNode bootstrap(HeartbeatPromptAnswer.Wrapper w) {
        ObjectNode doc = CliContext.document(BOOTSTRAP_SCHEMA, true);
        doc.put("goal_id", w.goalId());
        doc.put("agent_id", w.agentId());
        doc.put("wrapper_version", w.version());
        doc.put("wrapper", w.text());
        doc.put("wrapper_sha256", w.sha256());
        ObjectNode b = doc.putObject("binding");
        b.put("runtime_root", w.runtimeRoot());
        b.put("goal_id", w.goalId());
        b.put("agent_id", w.agentId());
        b.put("cli_bin", w.cliBin());
        w.capabilities().forEach(b.putArray("available_capabilities")::add);
        ObjectNode budget = doc.putObject("interface_budget");
        budget.put("mode", "bootstrap");
        budget.put("budget_char_count", w.chars());
        budget.put("max_chars", w.maxChars());
        budget.put("within_budget", w.withinBudget());
        doc.put("spends_quota", false);
        doc.put(
                "private_note",
                "wrapper and binding.runtime_root hold a local path: shown redacted unless --private;"
                        + " --raw prints the exact wrapper; wrapper_sha256 is over the exact text");
        w.install().ifPresent(install -> doc.set("install", install(install)));
        return doc;
    }

    private static ObjectNode install(HeartbeatPromptAnswer.Install install) {
        ObjectNode doc = Json.object();
        doc.put("host_surface", install.hostSurface());
        doc.put("spends_quota", false);
        switch (install.outcome()) {
            case GoalWrites.Outcome.Previewed p -> {
                doc.put("dry_run", true);
                doc.set("preview", Receipts.wouldAppend(p.wouldAppend()));
                doc.put("next_step", "add --execute to record the install");
            }
            case GoalWrites.Outcome.Written written -> {
                doc.put("changed", install.changed());
                doc.set("receipt", Receipts.appended(written.receipt()));
            }
        }
        install.lastInstall()
                .ifPresentOrElse(
                        last -> doc.set("last_install", Json.mapper().valueToTree(last)),
                        () -> doc.putNull("last_install"));
        return doc;
    }

    /**
     * {@code loopx_codex_app_install_plan_v0}: the exact {@code automation_update} request and the
     * next steps. {@code redacted} says whether the document will be printed with paths redacted.
     */
    static ObjectNode installPlan(PlanCodexAppInstall.Answer.Planned plan, boolean redacted) {
        HeartbeatPromptAnswer.Wrapper wrapper = plan.wrapper();
        String goalId = wrapper.goalId();
        String agentId = wrapper.agentId();
        ObjectNode doc = CliContext.document(INSTALL_PLAN_SCHEMA, true);
        doc.put("goal_id", goalId);
        doc.put("agent_id", agentId);
        doc.put("writes", false);
        doc.put("host_surface", plan.hostSurface());
        ObjectNode request = doc.putObject("automation_update");
        request.put("kind", "heartbeat");
        request.put("name", "LoopX heartbeat " + goalId + " / " + agentId);
        request.put("prompt", wrapper.text());
        request.put("rrule", plan.initialRrule());
        request.put("status", "ACTIVE");
        if (!plan.threadId().isEmpty()) {
            request.put("target_thread_id", plan.threadId());
        }
        doc.put("prompt_sha256", wrapper.sha256());
        doc.put("wrapper_version", wrapper.version());
        doc.put("prompt_chars", wrapper.chars());
        doc.put("prompt_within_budget", wrapper.withinBudget());
        doc.put("rrule_source", plan.rruleSource());
        doc.put("private_paths_redacted", redacted);
        doc.put("spends_quota", false);
        ArrayNode steps = doc.putArray("next_steps");
        ObjectNode apply = steps.addObject();
        apply.put("kind", "apply_automation_update");
        apply.put(
                "text",
                "Send automation_update to the Codex App (use --private or heartbeat-prompt --bootstrap --raw"
                        + " for the prompt with the real runtime root); the stored prompt must hash to prompt_sha256.");
        ObjectNode record = steps.addObject();
        record.put("kind", "record_install");
        record.put("text", "After the App accepted it, record the install (same --runtime-root; never spends).");
        List<String> words =
                new ArrayList<>(List.of("heartbeat-prompt", "--goal-id", goalId, "--agent-id", agentId, "--bootstrap"));
        if (!wrapper.cliBin().equals(HeartbeatOptions.DEFAULT_CLI_BIN)) {
            words.addAll(List.of("--cli-bin", wrapper.cliBin()));
        }
        wrapper.capabilities().forEach(c -> words.addAll(List.of("--available-capability", c)));
        words.addAll(List.of("--record-install", "--host-surface", plan.hostSurface(), "--execute"));
        words.forEach(record.putArray("cli_args")::add);
        ObjectNode loop = steps.addObject();
        loop.put("kind", "scheduler_loop");
        loop.put(
                "text",
                "Each turn the loaded body runs quota should-run; when scheduler_hint.app_automation"
                        + ".stateful_backoff.apply_needed=true set the automation's rrule to recommended_rrule, and when"
                        + " ack_hint is present run ack_hint.cli_args. Never change the rrule otherwise.");
        ObjectNode resolution = doc.putObject("agent_resolution");
        resolution.put("source", plan.threadBinding().isPresent() ? "thread_binding" : "flag");
        if (!plan.threadId().isEmpty()) {
            resolution.put("thread_id", plan.threadId());
            plan.threadBinding()
                    .ifPresentOrElse(
                            b -> {
                                resolution.put("host_surface", b.hostSurface());
                                resolution.put("bound_seq", b.boundSeq());
                            },
                            () -> resolution.put("bound", false));
        }
        return doc;
    }

    /**
     * The text view of the thin and bootstrap documents: the body (or the wrapper, paths redacted)
     * as it is, then its budget; a refusal as an outline of what to run instead.
     */
    static void text(JsonNode doc, PrintWriter out) {
        String text = doc.has("task_body")
                ? doc.get("task_body").asText()
                : doc.path("wrapper").asText(null);
        if (!doc.path("ok").asBoolean() || text == null) {
            out.println("heartbeat prompt refused: " + doc.path("message").asText() + " ["
                    + doc.path("error_code").asText() + "]");
            doc.path("commands").forEach(c -> out.println("  try: " + c.asText()));
            return;
        }
        out.println(text);
        out.println();
        var budget = doc.get("interface_budget");
        out.println("-- " + budget.path("mode").asText() + " · "
                + budget.path("budget_char_count").asInt() + "/"
                + budget.path("max_chars").asInt() + " chars"
                + (doc.has("wrapper_sha256")
                        ? " · sha256 " + doc.get("wrapper_sha256").asText()
                        : "") + (doc.has("install") ? " · install " + doc.get("install") : ""));
    }
}
