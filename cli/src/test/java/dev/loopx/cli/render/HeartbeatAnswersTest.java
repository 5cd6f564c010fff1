package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.heartbeat.HeartbeatPromptAnswer;
import dev.loopx.application.host.PlanCodexAppInstall;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.host.heartbeat.IdentityRefusal;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.ThinPrompt;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The heartbeat answers rendered from their records: exact fields, in the contract's order, and their text. */
class HeartbeatAnswersTest {
    static final IdentityRefusal REFUSAL = new IdentityRefusal(
            "g1",
            "ghost",
            "agent_not_registered",
            "agent ghost is not registered for goal g1 (registered: builder, reviewer)",
            List.of("builder", "reviewer"),
            List.of(prompt("builder"), prompt("reviewer")));

    static NextStep prompt(String agent) {
        return NextStep.of(Verb.HEARTBEAT_PROMPT).with(Flag.GOAL_ID, "g1").with(Flag.AGENT_ID, agent);
    }

    static HeartbeatPromptAnswer.Wrapper wrapper(Optional<HeartbeatPromptAnswer.Install> install) {
        WrapperBinding binding = new WrapperBinding(2, "/srv/rt", "g1", "builder", "/opt/lx", List.of("web"));
        return new HeartbeatPromptAnswer.Wrapper(binding, ManagedWrapper.render(binding), install);
    }

    static String json(JsonNode doc) throws Exception {
        return Json.text(doc);
    }

    static List<String> fields(JsonNode doc) {
        List<String> names = new ArrayList<>();
        doc.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void aRefusalCarriesTheAgentsAndCommands_underTheSchemaItRefuses() throws Exception {
        assertEquals(
                "{\"schema_version\":\"heartbeat_agent_input_v1\",\"ok\":false,\"goal_id\":\"g1\",\"agent_id\":\"ghost\","
                        + "\"error_code\":\"agent_not_registered\",\"message\":\"agent ghost is not registered for goal g1"
                        + " (registered: builder, reviewer)\",\"registered_agents\":[\"builder\",\"reviewer\"],"
                        + "\"commands\":[\"loopx heartbeat-prompt --goal-id g1 --agent-id builder\","
                        + "\"loopx heartbeat-prompt --goal-id g1 --agent-id reviewer\"],\"command_inputs\":[],"
                        + "\"hint\":\"loopx heartbeat-prompt --goal-id g1 --agent-id builder\"}",
                json(new HeartbeatRefusalAnswer(HeartbeatRefusalAnswer.Refused.THIN_PROMPT, REFUSAL).json()));
        assertEquals(
                "loopx_codex_app_install_plan_v0",
                new HeartbeatRefusalAnswer(HeartbeatRefusalAnswer.Refused.CODEX_APP_INSTALL_PLAN, REFUSAL)
                        .json()
                        .path("schema_version")
                        .asText());
    }

    @Test
    void theThinDocumentHasOnlyTheContractFields() throws Exception {
        assertEquals(
                "{\"schema_version\":\"heartbeat_agent_input_v1\",\"ok\":true,\"goal_id\":\"g1\",\"agent_id\":\"\","
                        + "\"task_body\":\"b\u00e9\",\"interface_budget\":{\"mode\":\"thin\",\"budget_char_count\":2,"
                        + "\"max_chars\":3000,\"within_budget\":true}}",
                json(new ThinPromptAnswer(new ThinPrompt("g1", "", "bé")).json()));
    }

    @Test
    void theBootstrapDocumentBindsTheWrapper_andNamesTheLastInstall() throws Exception {
        HeartbeatInstall last = new HeartbeatInstall(4, "g1", "builder", "codex-app", 2, "ab", "2026-01-01T00:00:00Z");
        Receipt receipt = new Receipt(List.of(4L), List.of("evt_1"), List.of("heartbeat.installed"), false);
        var written = new GoalWrites.Outcome.Written(receipt, Optional.empty(), Optional.empty(), Optional.empty());
        var w = wrapper(Optional.of(new HeartbeatPromptAnswer.Install("codex-app", written, Optional.of(last))));

        ObjectNode doc = new HeartbeatBootstrapAnswer(w).json();

        assertEquals(
                List.of(
                        "schema_version",
                        "ok",
                        "goal_id",
                        "agent_id",
                        "wrapper_version",
                        "wrapper",
                        "wrapper_sha256",
                        "binding",
                        "interface_budget",
                        "spends_quota",
                        "private_note",
                        "install"),
                fields(doc));
        assertEquals(
                "{\"runtime_root\":\"/srv/rt\",\"goal_id\":\"g1\",\"agent_id\":\"builder\",\"cli_bin\":\"/opt/lx\","
                        + "\"available_capabilities\":[\"web\"]}",
                json(doc.get("binding")));
        assertEquals(w.sha256(), doc.get("wrapper_sha256").asText());
        assertEquals(
                "{\"host_surface\":\"codex-app\",\"spends_quota\":false,\"changed\":true,\"receipt\":{\"appended\":1,"
                        + "\"replayed\":false,\"seq_from\":4,\"seq_to\":4,\"event_ids\":[\"evt_1\"],"
                        + "\"event_types\":[\"heartbeat.installed\"]},\"last_install\":{\"seq\":4,\"goal_id\":\"g1\","
                        + "\"agent_id\":\"builder\",\"host_surface\":\"codex-app\",\"wrapper_version\":2,"
                        + "\"wrapper_sha256\":\"ab\",\"installed_at\":\"2026-01-01T00:00:00Z\"}}",
                json(doc.get("install")));
    }

    @Test
    void aPreviewedInstallHasNoLastInstallYet() throws Exception {
        var previewed =
                new GoalWrites.Outcome.Previewed(List.of(), Optional.empty(), Optional.empty(), Optional.empty());
        var w = wrapper(Optional.of(new HeartbeatPromptAnswer.Install("codex-app", previewed, Optional.empty())));

        JsonNode install = new HeartbeatBootstrapAnswer(w).json().get("install");

        assertEquals(
                List.of("host_surface", "spends_quota", "dry_run", "preview", "next_step", "last_install"),
                fields(install));
        assertEquals("null", json(install.get("last_install")));
    }

    @Test
    void theInstallPlanIsTheAutomationUpdate_andTheRecordCommandKeepsTheBinding() throws Exception {
        var plan = new PlanCodexAppInstall.Answer.Planned(
                wrapper(Optional.empty()), "codex_app", "FREQ=MINUTELY;INTERVAL=7", "flag");

        ObjectNode doc = new CodexAppInstallPlanAnswer(plan, true).json();

        assertEquals(
                List.of(
                        "schema_version",
                        "ok",
                        "goal_id",
                        "agent_id",
                        "writes",
                        "host_surface",
                        "automation_update",
                        "prompt_sha256",
                        "wrapper_version",
                        "prompt_chars",
                        "prompt_within_budget",
                        "rrule_source",
                        "private_paths_redacted",
                        "spends_quota",
                        "next_steps",
                        "agent_resolution"),
                fields(doc));
        assertEquals(
                "loopx_codex_app_install_plan_v0", doc.get("schema_version").asText());
        assertEquals(List.of("kind", "name", "prompt", "rrule", "status"), fields(doc.get("automation_update")));
        assertEquals(
                "[\"heartbeat-prompt\",\"--goal-id\",\"g1\",\"--agent-id\",\"builder\",\"--bootstrap\",\"--cli-bin\","
                        + "\"/opt/lx\",\"--available-capability\",\"web\",\"--record-install\",\"--host-surface\","
                        + "\"codex_app\",\"--execute\"]",
                json(doc.get("next_steps").get(1).get("cli_args")));
    }

    @Test
    void theTextViewPrintsTheBodyAndItsBudget_orWhatToRunInstead() {
        assertEquals(
                "do it\n\n-- thin · 5/3000 chars\n",
                TextView.text(new ThinPromptAnswer(new ThinPrompt("g1", "", "do it"))));
        assertEquals(
                "heartbeat prompt refused: " + REFUSAL.message() + " [agent_not_registered]\n"
                        + "  try: loopx heartbeat-prompt --goal-id g1 --agent-id builder\n"
                        + "  try: loopx heartbeat-prompt --goal-id g1 --agent-id reviewer\n",
                TextView.text(new HeartbeatRefusalAnswer(HeartbeatRefusalAnswer.Refused.THIN_PROMPT, REFUSAL)));
    }

    /** The text of every record-rendered heartbeat answer is what the JSON-reading views printed before. */
    @Test
    void theTextOfEachAnswer_isWhatItsDocumentViewPrinted() {
        HeartbeatInstall last = new HeartbeatInstall(4, "g1", "builder", "codex-app", 2, "ab", "2026-01-01T00:00:00Z");
        Receipt receipt = new Receipt(List.of(4L), List.of("evt_1"), List.of("heartbeat.installed"), false);
        var written = new GoalWrites.Outcome.Written(receipt, Optional.empty(), Optional.empty(), Optional.empty());
        var w = wrapper(Optional.of(new HeartbeatPromptAnswer.Install("codex-app", written, Optional.of(last))));
        String bootstrap = TextView.text(new HeartbeatBootstrapAnswer(w));
        assertTrue(
                bootstrap.endsWith("\n\n-- bootstrap · " + w.chars() + "/" + w.maxChars() + " chars · sha256 "
                        + w.sha256()
                        + " · install {\"host_surface\":\"codex-app\",\"spends_quota\":false,\"changed\":true,"
                        + "\"receipt\":{\"appended\":1,\"replayed\":false,\"seq_from\":4,\"seq_to\":4,"
                        + "\"event_ids\":[\"evt_1\"],\"event_types\":[\"heartbeat.installed\"]},\"last_install\":{\"seq\":4,"
                        + "\"goal_id\":\"g1\",\"agent_id\":\"builder\",\"host_surface\":\"codex-app\",\"wrapper_version\":2,"
                        + "\"wrapper_sha256\":\"ab\",\"installed_at\":\"2026-01-01T00:00:00Z\"}}\n"),
                bootstrap);
        for (HeartbeatRefusalAnswer.Refused refused : List.of(
                HeartbeatRefusalAnswer.Refused.BOOTSTRAP, HeartbeatRefusalAnswer.Refused.CODEX_APP_INSTALL_PLAN)) {
            var answer = new HeartbeatRefusalAnswer(refused, REFUSAL);
            assertEquals(CompactOracle.text(answer.json()), TextView.text(answer), refused.schema());
        }
        assertEquals(
                "codex app install plan refused: " + REFUSAL.message() + " [agent_not_registered]\n"
                        + "  hint  loopx heartbeat-prompt --goal-id g1 --agent-id builder\n",
                TextView.text(
                        new HeartbeatRefusalAnswer(HeartbeatRefusalAnswer.Refused.CODEX_APP_INSTALL_PLAN, REFUSAL)));
    }
}
