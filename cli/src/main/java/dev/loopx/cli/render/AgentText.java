package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/**
 * Text views of the host-thread bindings ({@code bind-agent-thread}, {@code unbind-agent-thread},
 * {@code resolve-agent-thread}): the answer on the first line, then a few labelled lines.
 */
final class AgentText {
    private AgentText() {}

    /** {@code loopx_agent_thread_binding_v0}: bound / moved / already bound / unbound / preview. */
    static void binding(JsonNode d, PrintWriter out) {
        boolean preview = d.has("preview") || d.path("dry_run").asBoolean();
        boolean bind = d.path("operation").asText().equals("bind");
        String thread = thread(d);
        String agent = d.path("agent_id").asText();
        JsonNode before = d.path("binding_before");
        String was = before.path("agent_id").asText();
        boolean wasBound = before.path("status").asText().equals("bound");
        String first;
        if (bind) {
            boolean same = wasBound && was.equals(agent);
            first = same
                    ? "already bound: " + thread + " → " + agent + "; nothing appended"
                    : (preview ? "preview: would bind " : wasBound ? "moved " : "bound ") + thread + " → " + agent
                            + (wasBound ? " (was " + was + ")" : "");
        } else {
            first = !wasBound
                    ? "not bound: " + thread + " speaks for no agent; nothing appended"
                    : (preview ? "preview: would unbind " : "unbound ") + thread + " from " + agent;
        }
        out.println(first + (preview && !first.endsWith("nothing appended") ? " (nothing written)" : ""));
        new Lines(out)
                .add("goal", d.path("goal_id").asText())
                .add("recorded", Receipts.line(d.path("receipt")))
                .add(
                        "next",
                        preview && !first.endsWith("nothing appended")
                                ? "repeat the command with --execute to record it"
                                : bind && !preview
                                        ? "loopx resolve-agent-thread --goal-id "
                                                + d.path("goal_id").asText()
                                                + " --thread-id "
                                                + d.path("thread_id").asText() + " --host-surface "
                                                + d.path("host_surface").asText()
                                        : "")
                .print();
    }

    /** {@code loopx_agent_thread_resolution_v0}: the agent first. */
    static void resolution(JsonNode d, PrintWriter out) {
        out.println(d.path("agent_id").asText() + " ← " + thread(d));
        JsonNode b = d.path("binding");
        new Lines(out)
                .add("goal", d.path("goal_id").asText())
                .add(
                        "bound",
                        "seq " + b.path("bound_seq").asLong() + " at "
                                + b.path("bound_at").asText()
                                + (b.path("previous_agent_id").asText().isEmpty()
                                        ? ""
                                        : " (moved from "
                                                + b.path("previous_agent_id").asText() + ")"))
                .print();
    }

    private static String thread(JsonNode d) {
        return "thread " + d.path("thread_id").asText() + " ("
                + d.path("host_surface").asText() + ")";
    }
}
