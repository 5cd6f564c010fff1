package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.automation.AutomationUpdate;
import dev.loopx.application.update.ApplyUpdate;
import dev.loopx.application.update.PromptReconciliation;
import dev.loopx.application.update.SyncAnswer;
import dev.loopx.application.update.UpgradeSnapshot;
import dev.loopx.ledger.json.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code loopx_update_apply_v0} from its outcome: the switch and the prompt step, or a refusal; JSON and text. */
class UpdateApplyAnswerTest {
    private static final ApplyUpdate.ArchiveCheck ARCHIVE = new ApplyUpdate.ArchiveCheck("ab12", true, 42);
    private static final UpgradeSnapshot SNAPSHOT = new UpgradeSnapshot(
            UpgradeSnapshot.TAKEN, Optional.of(Path.of("/srv/rt/private/upgrades/s.json")), 2, 1, Optional.empty());

    private static ApplyUpdate.Outcome.Switched switched(PromptReconciliation prompts) {
        var runtime = new ApplyUpdate.InstalledRuntime(
                Path.of("/srv/home/runtimes/r2"),
                "r2",
                "0.2.0",
                Optional.of("r1"),
                false,
                "trained",
                "written",
                Path.of("/srv/home/bin/loopx"));
        return new ApplyUpdate.Outcome.Switched(
                "0.1.0", ARCHIVE, SNAPSHOT, runtime, prompts, new ApplyUpdate.RecordedUpgrade(true, Optional.of(7L)));
    }

    @Test
    void aRefusalSaysNothingWasSwitched() throws Exception {
        var answer = new UpdateApplyAnswer(new ApplyUpdate.Outcome.Refused(
                "0.1.0", ARCHIVE, Optional.empty(), "corrupt_archive", "the archive is not a gzip tar"));

        assertFalse(answer.ok());
        assertEquals(
                "{\"schema_version\":\"loopx_update_apply_v0\",\"ok\":false,\"upgrade_complete\":false,"
                        + "\"archive\":{\"sha256\":\"ab12\",\"sha256_checked\":true,\"bytes\":42},"
                        + "\"runtime\":{\"installed\":false,\"from_version\":\"0.1.0\"},\"prompts\":{\"started\":false},"
                        + "\"error_code\":\"corrupt_archive\",\"message\":\"the archive is not a gzip tar\","
                        + "\"hint\":\"use the loopx-dist.tar.gz of a LoopX build (./mvnw -q -DskipTests package →"
                        + " cli/target/loopx-dist.tar.gz)\",\"next_step\":\"nothing was switched and no prompt was"
                        + " written; use the loopx-dist.tar.gz of a LoopX build (./mvnw -q -DskipTests package →"
                        + " cli/target/loopx-dist.tar.gz)\"}",
                Json.text(answer.json()));
        assertEquals(
                "update refused: corrupt_archive — the archive is not a gzip tar\n"
                        + "next: use the loopx-dist.tar.gz of a LoopX build (./mvnw -q -DskipTests package →"
                        + " cli/target/loopx-dist.tar.gz)\n",
                TextView.text(answer));
    }

    @Test
    void aCompleteSwitchSaysWhereTheLauncherIs() {
        var prompts = new PromptReconciliation(
                PromptReconciliation.COMPLETE,
                true,
                Optional.of(new SyncAnswer(
                        Map.of("updated", 1),
                        List.of(new SyncAnswer.Row("a1", "updated", Optional.empty(), true)),
                        Optional.empty())),
                0,
                true,
                Optional.empty());
        var answer = new UpdateApplyAnswer(switched(prompts));

        assertTrue(answer.ok());
        assertEquals(
                "runtime 0.1.0 → 0.2.0 installed (r2, start-up archive trained)\n"
                        + "prompts: complete · upgrade_complete=true\n"
                        + "next: done: put <loopx-home>/bin on PATH (it always runs the current runtime)\n",
                TextView.text(answer));
    }

    @Test
    void aDeferredSwitchPointsToThePrivateReport_andListsTheWrappersLeftBehind() throws Exception {
        var sync = new SyncAnswer(
                Map.of("deferred", 1),
                List.of(
                        new SyncAnswer.Row("a1", "deferred", Optional.of("app_running"), true),
                        new SyncAnswer.Row("a2", "review_required", Optional.empty(), false)),
                Optional.of(
                        List.of(new AutomationUpdate("a1", Optional.of("e1"), Optional.of("p1"), Optional.empty()))),
                Optional.of("/srv/rt/private/report.json"));
        var prompts = new PromptReconciliation(
                PromptReconciliation.DEFERRED, true, Optional.of(sync), 1, true, Optional.empty());
        var answer = new UpdateApplyAnswer(switched(prompts));

        assertEquals(
                "runtime 0.1.0 → 0.2.0 installed (r2, start-up archive trained)\n"
                        + "prompts: deferred · upgrade_complete=false\n"
                        + "complete automation_update requests: <local-path-redacted> (private, 0600)\n"
                        + "  left behind: a1 deferred [app_running]\n"
                        + "next: quit the Codex App (or apply the complete automation_update requests of"
                        + " prompts.automation_update_report.file through it), then: loopx automation-prompts"
                        + " sync-installed --plan-file <snapshot.file> --execute\n",
                TextView.text(answer));
        assertEquals(
                "{\"started\":true,\"result\":\"deferred\",\"complete\":false,\"runner\":\"new_runtime\","
                        + "\"sync_exit_code\":1,\"counts\":{\"deferred\":1},\"automations\":[{\"automation_id\":\"a1\","
                        + "\"result\":\"deferred\",\"reason\":\"app_running\",\"managed\":true},{\"automation_id\":\"a2\","
                        + "\"result\":\"review_required\",\"managed\":false}],\"managed_left_behind\":[{\"automation_id\":"
                        + "\"a1\",\"result\":\"deferred\",\"reason\":\"app_running\"}],\"automation_update_requests\":"
                        + "[{\"kind\":\"automation_update\",\"automation_id\":\"a1\",\"expected_prompt_sha256\":\"e1\","
                        + "\"prompt_sha256\":\"p1\",\"prompt_source\":\"plan_file:automations[automation_id=a1]"
                        + ".desired_prompt\",\"target_thread_id\":null,\"preserve\":[\"kind\",\"status\",\"rrule\","
                        + "\"target_thread_id\",\"name\",\"model\",\"notification_policy\"]}],"
                        + "\"automation_update_report\":{\"file\":\"/srv/rt/private/report.json\",\"file_mode\":\"0600\"}}",
                Json.text(answer.json().get("prompts")));
    }
}
