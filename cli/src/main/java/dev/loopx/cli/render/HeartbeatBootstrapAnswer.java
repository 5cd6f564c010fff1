package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.heartbeat.HeartbeatPromptAnswer;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx heartbeat-prompt --bootstrap}'s answer, {@code loopx_heartbeat_bootstrap_v0} (SPEC
 * §S11, §S13), from {@link HeartbeatPromptAnswer.Wrapper}: the managed wrapper, its binding and
 * budget, and the recorded install when {@code --record-install} asked for one. The wrapper and the
 * binding hold the runtime root, a local path: printed redacted unless {@code --private}.
 *
 * <p>Its text is the wrapper as it is (paths redacted), then its budget, digest and install.
 */
public record HeartbeatBootstrapAnswer(HeartbeatPromptAnswer.Wrapper wrapper) implements RenderedAnswer {
    static final String SCHEMA = "loopx_heartbeat_bootstrap_v0";

    public HeartbeatBootstrapAnswer {
        Objects.requireNonNull(wrapper, "wrapper");
    }

    @Override
    public ObjectNode json() {
        HeartbeatPromptAnswer.Wrapper w = wrapper;
        ObjectNode doc = Documents.answer(SCHEMA, true);
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
                .ifPresentOrElse(last -> doc.set("last_install", lastInstall(last)), () -> doc.putNull("last_install"));
        return doc;
    }

    /** The install's record as its fields are named in the projection (snake case, in order). */
    private static ObjectNode lastInstall(HeartbeatInstall last) {
        ObjectNode o = Json.object();
        o.put("seq", last.seq());
        o.put("goal_id", last.goalId());
        o.put("agent_id", last.agentId());
        o.put("host_surface", last.hostSurface());
        o.put("wrapper_version", last.wrapperVersion());
        o.put("wrapper_sha256", last.wrapperSha256());
        o.put("installed_at", last.installedAt());
        return o;
    }

    /** The wrapper, its budget and digest; a recorded install follows as its JSON object, as it always was. */
    void text(PrintWriter out) {
        out.println(wrapper.text());
        out.println();
        out.println("-- bootstrap · " + wrapper.chars() + "/" + wrapper.maxChars() + " chars · sha256 "
                + wrapper.sha256()
                + wrapper.install().map(i -> " · install " + install(i)).orElse(""));
    }
}
