package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.heartbeat.HeartbeatPromptAnswer;
import dev.loopx.application.host.PlanCodexAppInstall;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx host codex-app install-plan}'s answer, {@code loopx_codex_app_install_plan_v0} (SPEC
 * §S13), from {@link PlanCodexAppInstall.Answer.Planned}: the exact {@code automation_update}
 * request (its prompt is the managed wrapper, which holds the runtime root) and the next steps.
 * {@code redacted} says whether it is printed with paths redacted ({@code private_paths_redacted}).
 *
 * <p>Its text names the lane and says nothing was written, then the request, its name, the
 * wrapper's budget and the numbered steps with the command to record the install.
 */
public record CodexAppInstallPlanAnswer(PlanCodexAppInstall.Answer.Planned plan, boolean redacted)
        implements RenderedAnswer {
    static final String SCHEMA = "loopx_codex_app_install_plan_v0";
    private static final String DEFAULT_CLI_BIN = "loopx";

    public CodexAppInstallPlanAnswer {
        Objects.requireNonNull(plan, "plan");
    }

    /** One of {@code next_steps}: its kind, what to do, and the command when it has one (else empty). */
    private record Step(String kind, String text, List<String> cliArgs) {}

    @Override
    public ObjectNode json() {
        HeartbeatPromptAnswer.Wrapper wrapper = plan.wrapper();
        String goalId = wrapper.goalId();
        String agentId = wrapper.agentId();
        ObjectNode doc = Documents.answer(SCHEMA, true);
        doc.put("goal_id", goalId);
        doc.put("agent_id", agentId);
        doc.put("writes", false);
        doc.put("host_surface", plan.hostSurface());
        ObjectNode request = doc.putObject("automation_update");
        request.put("kind", "heartbeat");
        request.put("name", name());
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
        for (Step s : steps()) {
            ObjectNode step = steps.addObject();
            step.put("kind", s.kind());
            step.put("text", s.text());
            if (!s.cliArgs().isEmpty()) {
                s.cliArgs().forEach(step.putArray("cli_args")::add);
            }
        }
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

    private String name() {
        return "LoopX heartbeat " + plan.wrapper().goalId() + " / "
                + plan.wrapper().agentId();
    }

    private List<Step> steps() {
        return List.of(
                new Step(
                        "apply_automation_update",
                        "Send automation_update to the Codex App (use --private or heartbeat-prompt --bootstrap --raw"
                                + " for the prompt with the real runtime root); the stored prompt must hash to"
                                + " prompt_sha256.",
                        List.of()),
                new Step(
                        "record_install",
                        "After the App accepted it, record the install (same --runtime-root; never spends).",
                        recordInstall()),
                new Step(
                        "scheduler_loop",
                        "Each turn the loaded body runs quota should-run; when scheduler_hint.app_automation"
                                + ".stateful_backoff.apply_needed=true set the automation's rrule to recommended_rrule,"
                                + " and when ack_hint is present run ack_hint.cli_args. Never change the rrule"
                                + " otherwise.",
                        List.of()));
    }

    /** The {@code heartbeat-prompt} call that records the install with the same binding. */
    private List<String> recordInstall() {
        HeartbeatPromptAnswer.Wrapper wrapper = plan.wrapper();
        List<String> words = new ArrayList<>(List.of(
                "heartbeat-prompt", "--goal-id", wrapper.goalId(), "--agent-id", wrapper.agentId(), "--bootstrap"));
        if (!wrapper.cliBin().equals(DEFAULT_CLI_BIN)) {
            words.addAll(List.of("--cli-bin", wrapper.cliBin()));
        }
        wrapper.capabilities().forEach(c -> words.addAll(List.of("--available-capability", c)));
        words.addAll(List.of("--record-install", "--host-surface", plan.hostSurface(), "--execute"));
        return words;
    }

    void text(PrintWriter out) {
        HeartbeatPromptAnswer.Wrapper wrapper = plan.wrapper();
        out.println("Codex App heartbeat for " + wrapper.agentId() + " on goal " + wrapper.goalId()
                + ": send this automation_update (nothing written)");
        List<String> steps = new ArrayList<>();
        int n = 1;
        for (Step s : steps()) {
            String line = n++ + ". " + s.text();
            if (!s.cliArgs().isEmpty()) {
                line += "\n   " + CommandLines.of(s.cliArgs());
            }
            steps.add(line);
        }
        new Lines(out)
                .add(
                        "request",
                        "heartbeat · ACTIVE · RRULE " + plan.initialRrule() + " ("
                                + plan.rruleSource().replace('_', ' ') + ")")
                .add("name", name())
                .add(
                        "prompt",
                        "the managed wrapper v" + wrapper.version()
                                + (wrapper.withinBudget() ? ", within its size budget" : ", OVER its size budget")
                                + (redacted ? " · runtime root redacted (--private shows it)" : ""))
                .add("steps", steps)
                .print();
    }
}
