package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.heartbeat.IdentityRefusal;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * The identity refusal (ok=false, SPEC §S11) of a heartbeat answer, from {@link IdentityRefusal},
 * under the schema of the answer it refuses ({@link Refused}): no body, no wrapper; the registered
 * agents and the commands to run instead.
 *
 * <p>The thin prompt's refusal prints what went wrong and each command to try; the others print
 * the refusal and its hint.
 */
public record HeartbeatRefusalAnswer(Refused refused, IdentityRefusal refusal) implements RenderedAnswer {
    /** The answer refused, by its schema. */
    public enum Refused {
        THIN_PROMPT(ThinPromptAnswer.SCHEMA),
        BOOTSTRAP(HeartbeatBootstrapAnswer.SCHEMA),
        CODEX_APP_INSTALL_PLAN(CodexAppInstallPlanAnswer.SCHEMA);

        private final String schema;

        Refused(String schema) {
            this.schema = schema;
        }

        public String schema() {
            return schema;
        }
    }

    public HeartbeatRefusalAnswer {
        Objects.requireNonNull(refused, "refused");
        Objects.requireNonNull(refusal, "refusal");
    }

    @Override
    public boolean ok() {
        return false;
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(refused.schema(), false);
        doc.put("goal_id", refusal.goalId());
        doc.put("agent_id", refusal.agentId());
        doc.put("error_code", refusal.errorCode());
        doc.put("message", refusal.message());
        refusal.registeredAgents().forEach(doc.putArray("registered_agents")::add);
        CommandLines.write(doc, "commands", "command_inputs", refusal.commands());
        doc.put("hint", CommandLines.of(refusal.hint()));
        return doc;
    }

    void text(PrintWriter out) {
        if (refused != Refused.THIN_PROMPT) {
            CompactText.refusal(
                    refused.schema(), refusal.message(), refusal.errorCode(), CommandLines.of(refusal.hint()), out);
            return;
        }
        out.println("heartbeat prompt refused: " + refusal.message() + " [" + refusal.errorCode() + "]");
        refusal.commands()
                .forEach(c -> out.println("  try: " + CommandLines.withInputs(c).replace("\n", "\n  ")));
    }
}
