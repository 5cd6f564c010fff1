package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.automation.OfflineExecuteRequired;
import dev.loopx.application.automation.RecordedMigration;
import dev.loopx.application.automation.StoreUnavailable;
import dev.loopx.cli.support.CliContext;
import java.util.List;

/** The parts of {@code loopx_automation_prompt_upgrade_v0} every {@code automation-prompts} answer shares. */
final class AutomationPrompts {
    static final String SCHEMA = "loopx_automation_prompt_upgrade_v0";

    private AutomationPrompts() {}

    /** A store problem (unsupported schema, missing database…) as a refusal document. */
    static ObjectNode storeRefusal(StoreUnavailable p) {
        ObjectNode doc = CliContext.document(SCHEMA, false);
        doc.put("writes", false);
        doc.put("error_code", p.errorCode());
        doc.put("message", p.message());
        doc.put(
                "hint",
                p.errorCode().equals(StoreUnavailable.UNSUPPORTED_SCHEMA)
                        ? "the Codex database has an unsupported schema: update the automation through the App's automation_update"
                        : "check --codex-home (or $CODEX_HOME); loopx automation-prompts plan --help");
        return doc;
    }

    /** {@link OfflineExecuteRequired} as a refusal document (nothing was written). */
    static ObjectNode offlineRefusal(String message, String hint) {
        ObjectNode doc = CliContext.document(SCHEMA, false);
        doc.put("writes", false);
        doc.put("error_code", OfflineExecuteRequired.ERROR_CODE);
        doc.put("message", message);
        doc.put("hint", hint);
        return doc;
    }

    /** The {@code ledger} array: one item per {@code prompt_migration.*} write, in order. */
    static ArrayNode ledger(List<RecordedMigration> recorded) {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        for (RecordedMigration m : recorded) {
            ObjectNode r = list.addObject();
            r.put("event_type", m.eventType());
            r.put("automation_id", m.automationId());
            r.put("goal_id", m.goalId());
            r.put("appended", m.appended());
            if (m.errorCode().isPresent()) {
                r.put("error_code", m.errorCode().get());
            } else {
                r.put("seq", m.seq());
            }
        }
        return list;
    }
}
