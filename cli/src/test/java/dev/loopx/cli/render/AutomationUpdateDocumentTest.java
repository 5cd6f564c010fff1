package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.application.automation.AutomationUpdate;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PlanStatus;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The App-side {@code automation_update} request (SPEC §S12), the one form the prompt binding,
 * {@code automation-prompts apply|sync-installed} and {@code update apply} offer: field for field
 * and in order, the prompt named by its place in the private plan file, never carried.
 */
class AutomationUpdateDocumentTest {
    static final PlanEntry ADOPTION = new PlanEntry(
            "auto-1",
            PlanStatus.ADOPTION_REQUIRED,
            List.of(),
            Optional.of("g"),
            Optional.of("builder"),
            Optional.of("managed_wrapper"),
            Optional.of(1),
            Optional.of("ab".repeat(32)),
            "ef".repeat(32),
            Optional.of("thr"),
            Optional.of("the managed wrapper"),
            Optional.of("cd".repeat(32)),
            Optional.of(2));

    @Test
    void adoptsTheDesiredWrapperOverTheDigestItHoldsNow() {
        assertEquals(
                "{\"kind\":\"automation_update\",\"automation_id\":\"auto-1\","
                        + "\"expected_prompt_sha256\":\"" + "ab".repeat(32) + "\","
                        + "\"prompt_sha256\":\"" + "cd".repeat(32) + "\","
                        + "\"prompt_source\":\"plan_file:automations[automation_id=auto-1].desired_prompt\","
                        + "\"target_thread_id\":\"thr\","
                        + "\"preserve\":[\"kind\",\"status\",\"rrule\",\"target_thread_id\",\"name\",\"model\","
                        + "\"notification_policy\"]}",
                AutomationUpdateDocument.of(AutomationUpdate.of(ADOPTION)).toString());
    }

    @Test
    void unknownDigestsAndThreadAreNull() {
        AutomationUpdate bare = new AutomationUpdate("auto-2", Optional.empty(), Optional.empty(), Optional.empty());
        String doc = AutomationUpdateDocument.of(bare).toString();
        assertEquals(
                "{\"kind\":\"automation_update\",\"automation_id\":\"auto-2\",\"expected_prompt_sha256\":null,"
                        + "\"prompt_sha256\":null,"
                        + "\"prompt_source\":\"plan_file:automations[automation_id=auto-2].desired_prompt\","
                        + "\"target_thread_id\":null,"
                        + "\"preserve\":[\"kind\",\"status\",\"rrule\",\"target_thread_id\",\"name\",\"model\","
                        + "\"notification_policy\"]}",
                doc);
    }
}
