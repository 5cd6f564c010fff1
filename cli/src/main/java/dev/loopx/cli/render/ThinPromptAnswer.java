package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.heartbeat.ThinPrompt;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx heartbeat-prompt}'s thin answer, {@code heartbeat_agent_input_v1} (SPEC §S11), from
 * {@link ThinPrompt}: only the contract's fields, the task body and its budget.
 *
 * <p>Its text is the body as it is, then its budget ({@code -- thin · 5/3000 chars}).
 */
public record ThinPromptAnswer(ThinPrompt prompt) implements RenderedAnswer {
    static final String SCHEMA = "heartbeat_agent_input_v1";

    public ThinPromptAnswer {
        Objects.requireNonNull(prompt, "prompt");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(SCHEMA, true);
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

    void text(PrintWriter out) {
        out.println(prompt.taskBody());
        out.println();
        out.println("-- thin · " + prompt.chars() + "/" + prompt.maxChars() + " chars");
    }
}
