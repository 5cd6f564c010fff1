package dev.loopx.application.update;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.application.automation.AutomationUpdate;
import dev.loopx.ledger.json.Json;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the old runtime keeps of the new runtime's {@code sync-installed} answer: a contract between versions. */
class SyncAnswerTest {
    @Test
    void keepsCountsInTheChildsOrderRowsAndTheAppSideRequests() throws Exception {
        SyncAnswer a = SyncAnswer.read(Json.mapper().readTree("""
                {"schema_version":"loopx_automation_prompt_upgrade_v0","ok":false,"app_running":true,
                 "automation_update_requests":[{"kind":"automation_update","automation_id":"a1",
                   "expected_prompt_sha256":"ab","prompt_sha256":"cd","prompt_source":"plan_file:x",
                   "target_thread_id":null,"preserve":["kind"]}],
                 "automations":[{"automation_id":"a1","result":"deferred","reason":"app_running","status":"x"},
                                {"automation_id":"a2","result":"current"}],
                 "counts":{"deferred":1,"current":1}}
                """));
        assertEquals(List.of("deferred", "current"), List.copyOf(a.counts().keySet()));
        assertEquals(
                List.of(
                        new SyncAnswer.Row("a1", "deferred", Optional.of("app_running")),
                        new SyncAnswer.Row("a2", "current", Optional.empty())),
                a.automations());
        assertEquals(
                Optional.of(
                        List.of(new AutomationUpdate("a1", Optional.of("ab"), Optional.of("cd"), Optional.empty()))),
                a.automationUpdateRequests());
    }

    @Test
    void withoutRequestsThereAreNone() throws Exception {
        SyncAnswer a = SyncAnswer.read(Json.mapper().readTree("""
                {"automations":[{"automation_id":"a1","result":"updated","reason":null}],"counts":{"updated":1}}
                """));
        assertEquals(Optional.empty(), a.automationUpdateRequests());
        assertEquals(Optional.empty(), a.automations().get(0).reason());
    }
}
