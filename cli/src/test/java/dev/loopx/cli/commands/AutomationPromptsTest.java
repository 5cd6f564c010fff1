package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.cli.testing.CodexHomes;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import dev.loopx.ledger.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loopx automation-prompts plan|apply|recover|rollback} through the CLI on a copy of the
 * committed Codex home fixture (real SQLite, real TOML, real ledger), SPEC §S12.
 */
class AutomationPromptsTest {
    static final String V1 = "loopx-heartbeat-v1";
    static final String CUSTOM = "custom-heartbeat";
    static final String CURRENT_OTHER_ROOT = "loopx-heartbeat-current";

    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;
    Path codexHome;
    Path planFile;
    CodexAutomationStore store;

    @BeforeEach
    void setUp() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "demo-goal")
                        .exit());
        root = project.resolve(".loopx").toString();
        assertEquals(
                0,
                run(
                                "register-agent",
                                "--goal-id",
                                "demo-goal",
                                "--agent-id",
                                "builder",
                                "--agent-id",
                                "reviewer",
                                "--execute")
                        .exit());
        codexHome = CodexHomes.copyFixture(sandbox.resolve("codex-home"));
        store = new CodexAutomationStore(new CodexHome(codexHome, CodexHome.Source.FLAG));
        // the v1 automation holds a v1 managed wrapper bound to this runtime root
        CodexHomes.installV1Wrapper(codexHome, root);
        planFile = sandbox.resolve("plan.json");
    }

    private CliRunner.Result run(String... args) {
        List<String> full = new ArrayList<>(List.of("--runtime-root", root, "--format", "json"));
        full.addAll(List.of(args));
        return cli.run(full.toArray(String[]::new));
    }

    private JsonNode plan(String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "automation-prompts",
                "plan",
                "--codex-home",
                codexHome.toString(),
                "--plan-file",
                planFile.toString()));
        args.addAll(List.of(extra));
        var r = run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
        assertFalse(r.stdout().contains(root), "no runtime root in public output");
        assertFalse(r.stdout().contains(codexHome.toString()), "no Codex home path in public output");
        return r.json();
    }

    private CliRunner.Result apply(String... flags) {
        List<String> args = new ArrayList<>(List.of("automation-prompts", "apply", "--plan-file", planFile.toString()));
        args.addAll(List.of(flags));
        return run(args.toArray(String[]::new));
    }

    private static Map<String, JsonNode> byId(JsonNode list) {
        Map<String, JsonNode> out = new TreeMap<>();
        list.forEach(a -> out.put(a.get("automation_id").asText(), a));
        return out;
    }

    private List<String> migrationEvents() {
        List<String> types = new ArrayList<>();
        for (JsonNode e : run("ledger", "replay", "--from", "1").jsonLines()) {
            String type = e.path("type").asText(e.path("event_type").asText());
            if (type.startsWith("prompt_migration.")) {
                types.add(type + ":" + e.path("payload").path("automation_id").asText());
            }
        }
        return types;
    }

    /** Every file of the Codex home but the database (whose page counters change with any write). */
    private Map<String, String> tomlFiles() {
        Map<String, String> files = CliRunner.snapshot(codexHome);
        files.keySet().removeIf(k -> k.startsWith("sqlite/"));
        return files;
    }

    private String prompt(String id) {
        CrossStoreRead read = store.read(id).get();
        return assertInstanceOf(CrossStoreRead.Consistent.class, read, read::toString)
                .pair()
                .prompt();
    }

    @Test
    void planClassifiesEveryAutomationWritesOnlyThePrivatePlanAndShowsNoBodies() throws Exception {
        var ledger = CliRunner.snapshot(Path.of(root, "ledger"));
        var home = CliRunner.snapshot(codexHome);
        JsonNode doc = plan();
        assertEquals(
                "loopx_automation_prompt_upgrade_v0", doc.get("schema_version").asText());
        assertFalse(doc.get("writes").asBoolean());
        Map<String, JsonNode> a = byId(doc.get("automations"));
        assertEquals("adoption_required", a.get(V1).get("status").asText());
        assertEquals("managed_wrapper", a.get(V1).get("binding_source").asText());
        assertEquals(1, a.get(V1).get("wrapper_version").asInt());
        assertEquals("builder", a.get(V1).get("agent_id").asText());
        assertEquals("adoption_required", a.get(CUSTOM).get("status").asText());
        assertEquals("named_in_prompt", a.get(CUSTOM).get("binding_source").asText());
        assertEquals("reviewer", a.get(CUSTOM).get("agent_id").asText());
        assertEquals("unmanaged", a.get(CURRENT_OTHER_ROOT).get("status").asText());
        assertEquals(
                "bound_to_other_runtime_root",
                a.get(CURRENT_OTHER_ROOT).get("reasons").get(0).asText());
        assertEquals("unmanaged", a.get("multiline-trap").get("status").asText());
        assertEquals("blocked", a.get("nightly-ci-digest").get("status").asText());
        assertEquals(
                "cron_kind", a.get("nightly-ci-digest").get("reasons").get(0).asText());
        assertEquals("blocked", a.get("retired-heartbeat").get("status").asText());
        assertEquals("blocked", a.get("divergent-heartbeat").get("status").asText());
        assertEquals("blocked", a.get("row-without-toml").get("status").asText());
        for (JsonNode e : doc.get("automations")) {
            assertFalse(e.has("desired_prompt"), "no prompt body in the public answer");
        }
        assertEquals(64, a.get(V1).get("desired_sha256").asText().length());
        assertEquals(ledger, CliRunner.snapshot(Path.of(root, "ledger")), "plan appends nothing");
        assertEquals(home, CliRunner.snapshot(codexHome), "plan writes nothing in the Codex home");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(planFile)));
        JsonNode privatePlan = Json.mapper().readTree(planFile.toFile());
        String desired = byId(privatePlan.get("automations"))
                .get(V1)
                .get("desired_prompt")
                .asText();
        assertEquals(2, WrapperRecognizer.recognize(desired).orElseThrow().version());
        assertEquals(
                ManagedWrapper.sha256(desired), a.get(V1).get("desired_sha256").asText());
    }

    @Test
    void theDefaultPlanFileIsPrivateUnderTheRuntimeRoot() throws Exception {
        var r = run("automation-prompts", "plan", "--codex-home", codexHome.toString(), "--automation-id", V1);
        assertEquals(0, r.exit(), r::toString);
        Path file = Path.of(root, "private", "automation-prompt-plan.json");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(1, r.json().get("automations").size());
    }

    @Test
    void applyWithoutOfflineAndExecuteRefusesAndWritesNothing() {
        plan();
        var ledger = CliRunner.snapshot(Path.of(root, "ledger"));
        var home = CliRunner.snapshot(codexHome);
        for (String[] flags : List.of(new String[0], new String[] {"--execute"}, new String[] {"--offline"})) {
            var r = apply(flags);
            assertEquals(1, r.exit(), r::toString);
            assertEquals(
                    "execute_and_offline_required", r.json().get("error_code").asText());
        }
        assertEquals(ledger, CliRunner.snapshot(Path.of(root, "ledger")));
        assertEquals(home, CliRunner.snapshot(codexHome));
        assertFalse(Files.exists(Path.of(root, "private", "automation-migrations")));
    }

    @Test
    void applyUpdatesBothAutomationsRecordsEventsAndAPlanAfterwardsSaysCurrent() throws Exception {
        JsonNode planned = plan();
        var r = apply("--offline", "--execute");
        assertEquals(0, r.exit(), r::toString);
        assertFalse(r.stdout().contains(root));
        Map<String, JsonNode> results = byId(r.json().get("automations"));
        assertEquals("updated", results.get(V1).get("result").asText());
        assertEquals("updated", results.get(CUSTOM).get("result").asText());
        assertEquals("skipped", results.get("nightly-ci-digest").get("result").asText());
        WrapperBinding v1 = WrapperRecognizer.recognize(prompt(V1)).orElseThrow();
        assertEquals(2, v1.version());
        assertEquals("builder", v1.agentId());
        assertEquals(
                "reviewer",
                WrapperRecognizer.recognize(prompt(CUSTOM)).orElseThrow().agentId());
        assertEquals(
                byId(planned.get("automations")).get(V1).get("desired_sha256").asText(),
                ManagedWrapper.sha256(prompt(V1)));
        assertEquals(
                List.of("prompt_migration.applied:" + CUSTOM, "prompt_migration.applied:" + V1), migrationEvents());
        Path journals = new dev.loopx.host.codexapp.migration.MigrationJournal(Path.of(root), store.home()).directory();
        assertEquals(Path.of(root, "private", "automation-migrations"), journals.getParent());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(journals)));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(journals.resolve(V1 + ".json"))));
        String ledgerText = String.join(
                "\n",
                Files.readAllLines(
                        Path.of(root, "ledger")
                                .resolve(Files.list(Path.of(root, "ledger"))
                                        .filter(Files::isRegularFile)
                                        .findFirst()
                                        .orElseThrow()
                                        .getFileName()),
                        java.nio.charset.StandardCharsets.ISO_8859_1));
        assertFalse(ledgerText.contains("heartbeat-prompt --runtime-root"), "no prompt body in the ledger");

        Map<String, JsonNode> again = byId(plan().get("automations"));
        assertEquals("current", again.get(V1).get("status").asText());
        assertEquals("current", again.get(CUSTOM).get("status").asText());
    }

    @Test
    void aStoreChangeAfterThePlanIsPreviewStaleAndRecordedAsFailed() throws Exception {
        plan("--automation-id", CUSTOM);
        Path toml = codexHome.resolve("automations").resolve(CUSTOM).resolve("automation.toml");
        Files.writeString(toml, Files.readString(toml) + "# touched\n");
        var home = CliRunner.snapshot(codexHome);
        var r = apply("--offline", "--execute");
        assertEquals(1, r.exit(), r::toString);
        assertEquals(
                "preview_stale",
                r.json().get("automations").get(0).get("result").asText());
        assertEquals(home, CliRunner.snapshot(codexHome));
        assertEquals(List.of("prompt_migration.failed:" + CUSTOM), migrationEvents());
    }

    @Test
    void rollbackRestoresTheRecordedPromptByteForByteAndIsIdempotent() throws Exception {
        var tomls = tomlFiles();
        String before = prompt(CUSTOM);
        String source = store.read(CUSTOM).get().sourceSha256();
        plan("--automation-id", CUSTOM);
        assertEquals(0, apply("--offline", "--execute").exit());
        assertNotEquals(tomls, tomlFiles());

        var refused = run("automation-prompts", "rollback", "--automation-id", CUSTOM);
        assertEquals(1, refused.exit());
        assertEquals(
                "execute_and_offline_required", refused.json().get("error_code").asText());

        var r = run("automation-prompts", "rollback", "--automation-id", CUSTOM, "--offline", "--execute");
        assertEquals(0, r.exit(), r::toString);
        assertEquals("rolled_back", r.json().get("result").asText());
        assertEquals(before, prompt(CUSTOM));
        assertEquals(tomls, tomlFiles(), "every TOML file is byte-identical to before");
        assertEquals(
                source,
                store.read(CUSTOM).get().sourceSha256(),
                "the full row (every column, class and byte) and TOML are as before");
        var again = run("automation-prompts", "rollback", "--automation-id", CUSTOM, "--offline", "--execute");
        assertEquals("already_rolled_back", again.json().get("result").asText());
        var recover = run("automation-prompts", "recover", "--automation-id", CUSTOM, "--offline", "--execute");
        assertEquals(1, recover.exit());
        assertEquals("migration_rolled_back", recover.json().get("error_code").asText());
        assertEquals(
                List.of("prompt_migration.applied:" + CUSTOM, "prompt_migration.rolled_back:" + CUSTOM),
                migrationEvents());
    }

    @Test
    void rollbackRefusesWhenTheStoresChangedAfterTheMigration() throws Exception {
        plan("--automation-id", CUSTOM);
        assertEquals(0, apply("--offline", "--execute").exit());
        store.apply(store.prepare(CUSTOM, "the user's new prompt").get(), MigrationHook.NONE)
                .get();
        var home = CliRunner.snapshot(codexHome);
        var r = run("automation-prompts", "rollback", "--automation-id", CUSTOM, "--offline", "--execute");
        assertEquals(1, r.exit(), r::toString);
        assertEquals("changed_since_migration", r.json().get("error_code").asText());
        assertEquals(home, CliRunner.snapshot(codexHome));
    }

    @Test
    void recoverWithoutAJournalIsARefusalAndBadInputIsExitTwo() {
        var r = run("automation-prompts", "recover", "--automation-id", CUSTOM, "--offline", "--execute");
        assertEquals(1, r.exit(), r::toString);
        assertEquals("no_journal", r.json().get("error_code").asText());
        assertEquals(
                2,
                run(
                                "automation-prompts",
                                "apply",
                                "--plan-file",
                                sandbox.resolve("missing.json").toString(),
                                "--offline",
                                "--execute")
                        .exit());
        assertEquals(
                2,
                run("automation-prompts", "recover", "--automation-id", "../x", "--offline", "--execute")
                        .exit());
        assertEquals(
                2,
                run("automation-prompts", "plan", "--codex-home", codexHome.toString(), "--automation-id", "a/b")
                        .exit());
    }

    @Test
    void whileACodexAppProcessRunsApplyDefersWithTheAppSideRequestAndWritesNoStore() throws Exception {
        plan();
        Process app = fakeApp();
        try {
            var home = CliRunner.snapshot(codexHome);
            var r = apply("--offline", "--execute");
            assertEquals(1, r.exit(), r::toString);
            JsonNode doc = r.json();
            assertEquals("deferred", doc.get("status").asText());
            assertTrue(doc.get("app_running").asBoolean());
            Map<String, JsonNode> results = byId(doc.get("automations"));
            assertEquals("deferred", results.get(V1).get("result").asText());
            assertEquals("deferred", results.get(CUSTOM).get("result").asText());
            assertEquals(2, doc.get("automation_update_requests").size());
            JsonNode request = doc.get("automation_update_requests").get(0);
            assertEquals("automation_update", request.get("kind").asText());
            assertEquals(64, request.get("expected_prompt_sha256").asText().length());
            assertEquals(home, CliRunner.snapshot(codexHome));
            assertEquals(
                    List.of("prompt_migration.deferred:" + CUSTOM, "prompt_migration.deferred:" + V1),
                    migrationEvents());
        } finally {
            app.destroyForcibly().waitFor();
        }
    }

    private Process fakeApp() throws Exception {
        return CodexHomes.startFakeApp(sandbox.resolve("bin"));
    }

    private String shouldRun(String agent, String profile) {
        return shouldRun(agent, profile, codexHome);
    }

    private String shouldRun(String agent, String profile, Path home) {
        var r = run(
                "quota",
                "should-run",
                "--goal-id",
                "demo-goal",
                "--agent-id",
                agent,
                "--runtime-profile",
                profile,
                "--codex-home",
                home.toString());
        assertEquals(0, r.exit(), r::toString);
        return r.stdout().strip();
    }

    /** scheduler_hint.app_automation.prompt_binding (asserted equal to its codex_app mirror). */
    private static JsonNode binding(String answer) throws Exception {
        JsonNode doc = Json.mapper().readTree(answer);
        JsonNode b = doc.at("/scheduler_hint/app_automation/prompt_binding");
        assertEquals(b, doc.at("/scheduler_hint/codex_app/prompt_binding"), "mirrored");
        return b;
    }

    /** The answer without prompt_binding in either mirror. */
    private static String withoutBinding(String answer) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode doc =
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.mapper().readTree(answer);
        for (String mirror : List.of("app_automation", "codex_app")) {
            if (doc.at("/scheduler_hint/" + mirror) instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
                o.remove("prompt_binding");
            }
        }
        return Json.mapper().writeValueAsString(doc);
    }

    /** The answer without the pending-upgrade read, with the base envelope budget and without prompt_binding. */
    private static String withoutHint(String answer) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode doc =
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.mapper().readTree(withoutBinding(answer));
        var agent = (com.fasterxml.jackson.databind.node.ObjectNode) doc.at("/interaction_contract/agent_channel");
        var reads = (com.fasterxml.jackson.databind.node.ArrayNode) agent.get("required_reads");
        for (int i = reads.size() - 1; i >= 0; i--) {
            if (reads.get(i).path("kind").asText().equals("automation_prompt_upgrade")) {
                reads.remove(i);
            }
        }
        agent.put("turn_envelope_budget_bytes", 8192);
        return Json.mapper().writeValueAsString(doc);
    }

    private static List<JsonNode> upgradeReads(String answer) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        Json.mapper()
                .readTree(answer)
                .at("/interaction_contract/agent_channel/required_reads")
                .forEach(r -> {
                    if (r.path("kind").asText().equals("automation_prompt_upgrade")) {
                        out.add(r);
                    }
                });
        return out;
    }

    @Test
    void aDeferredMigrationAddsOneRequiredReadToTheMatchingCodexAppLaneAndChangesNothingElse() throws Exception {
        String before = shouldRun("builder", "codex_app_heartbeat");
        String beforeGeneric = shouldRun("builder", "generic_cli");
        assertEquals(
                8192,
                Json.mapper()
                        .readTree(before)
                        .at("/interaction_contract/agent_channel/turn_envelope_budget_bytes")
                        .asInt());
        assertTrue(upgradeReads(before).isEmpty());

        deferV1();
        String after = shouldRun("builder", "codex_app_heartbeat");
        List<JsonNode> reads = upgradeReads(after);
        assertEquals(1, reads.size(), after);
        JsonNode read = reads.get(0);
        assertEquals("before_work", read.get("ordering").asText());
        assertEquals(1536, read.get("prompt_budget_bytes").asInt());
        assertEquals(
                "loopx automation-prompts plan --automation-id " + V1,
                read.get("command").asText());
        assertEquals(
                8192 + 1536,
                Json.mapper()
                        .readTree(after)
                        .at("/interaction_contract/agent_channel/turn_envelope_budget_bytes")
                        .asInt());
        assertEquals(
                withoutBinding(before), withoutHint(after), "nothing but the read, the budget and the binding changed");
        assertEquals("absent", binding(before).get("status").asText());
        assertEquals("adoption_required", binding(after).get("status").asText());
        assertTrue(binding(after).get("upgrade_hint_emitted").asBoolean());
        assertFalse(beforeGeneric.contains("prompt_binding"), "never present for other hosts");
        assertEquals(beforeGeneric, shouldRun("builder", "generic_cli"), "other hosts get no hint");
        assertTrue(upgradeReads(shouldRun("reviewer", "codex_app_heartbeat")).isEmpty(), "another lane gets no hint");

        // the App quit: the adoption is applied and the hint is gone
        assertEquals(0, apply("--offline", "--execute").exit());
        String adopted = shouldRun("builder", "codex_app_heartbeat");
        assertEquals(withoutBinding(before), withoutBinding(adopted));
        assertEquals("current", binding(adopted).get("status").asText());
        assertEquals("upgrade_applied", binding(adopted).get("reason").asText());
    }

    @Test
    void twoPendingRecordsForOneLaneAreNotAHint() throws Exception {
        // both automations bound to builder: the custom prompt is rewritten to name builder
        store.apply(
                        store.prepare(CUSTOM, "run loopx for --goal-id demo-goal --agent-id builder")
                                .get(),
                        MigrationHook.NONE)
                .get();
        String before = shouldRun("builder", "codex_app_heartbeat");
        plan("--automation-id", V1, "--automation-id", CUSTOM);
        Process app = fakeApp();
        try {
            assertEquals(1, apply("--offline", "--execute").exit());
        } finally {
            app.destroyForcibly().waitFor();
        }
        String after = shouldRun("builder", "codex_app_heartbeat");
        assertEquals(withoutBinding(before), withoutBinding(after));
        assertEquals("ambiguous", binding(after).get("status").asText());
        assertFalse(binding(after).get("upgrade_hint_emitted").asBoolean());
    }

    @Test
    void syncInstalledMigratesOnlyExactManagedWrappersOfThisRootAndCliBin() throws Exception {
        String rootPath = Path.of(root).toAbsolutePath().normalize().toString();
        // a canary: a v1 wrapper of this root but another CLI binary, in the multi-line automation
        String canary = ManagedWrapper.render(
                new WrapperBinding(1, rootPath, "demo-goal", "builder", "/opt/canary/loopx", List.of()));
        store.apply(store.prepare("multiline-trap", canary).get(), MigrationHook.NONE)
                .get();
        plan(); // the snapshot
        var ledger = CliRunner.snapshot(Path.of(root, "ledger"));
        var home = CliRunner.snapshot(codexHome);

        var preview = run("automation-prompts", "sync-installed", "--plan-file", planFile.toString());
        assertEquals(0, preview.exit(), preview::toString);
        Map<String, JsonNode> p = byId(preview.json().get("automations"));
        assertEquals("would_update", p.get(V1).get("result").asText());
        assertEquals("review_required", p.get(CUSTOM).get("result").asText());
        assertEquals(
                "skipped_other_cli_bin", p.get("multiline-trap").get("result").asText());
        assertEquals("skipped", p.get(CURRENT_OTHER_ROOT).get("result").asText());
        assertEquals("skipped", p.get("nightly-ci-digest").get("result").asText());
        assertEquals(ledger, CliRunner.snapshot(Path.of(root, "ledger")), "the preview appends nothing");
        assertEquals(home, CliRunner.snapshot(codexHome), "the preview writes nothing");

        var r = run("automation-prompts", "sync-installed", "--plan-file", planFile.toString(), "--execute");
        assertEquals(0, r.exit(), r::toString);
        Map<String, JsonNode> done = byId(r.json().get("automations"));
        assertEquals("updated", done.get(V1).get("result").asText());
        assertEquals(2, WrapperRecognizer.recognize(prompt(V1)).orElseThrow().version());
        assertEquals(canary, prompt("multiline-trap"), "a canary is never retargeted");
        assertEquals(List.of("prompt_migration.applied:" + V1), migrationEvents());

        // V1 changed since the snapshot, but to the current wrapper: a second run finds it current and writes nothing
        var home2 = CliRunner.snapshot(codexHome);
        var again = run("automation-prompts", "sync-installed", "--plan-file", planFile.toString(), "--execute");
        assertEquals(0, again.exit(), again::toString);
        assertEquals(
                "current",
                byId(again.json().get("automations")).get(V1).get("result").asText());
        assertEquals(home2, CliRunner.snapshot(codexHome));
        assertEquals(
                List.of("prompt_migration.applied:" + V1), migrationEvents(), "no pending record: nothing to resolve");
    }

    @Test
    void syncInstalledWhileTheAppRunsDefersWithTheAppSideRequest() throws Exception {
        plan();
        var home = CliRunner.snapshot(codexHome);
        Process app = fakeApp();
        try {
            var r = run("automation-prompts", "sync-installed", "--plan-file", planFile.toString(), "--execute");
            assertEquals(1, r.exit(), r::toString);
            assertEquals(
                    "deferred",
                    byId(r.json().get("automations")).get(V1).get("result").asText());
            assertEquals(1, r.json().get("automation_update_requests").size());
            assertEquals(
                    V1,
                    r.json()
                            .get("automation_update_requests")
                            .get(0)
                            .get("automation_id")
                            .asText());
        } finally {
            app.destroyForcibly().waitFor();
        }
        assertEquals(home, CliRunner.snapshot(codexHome));
        assertEquals(List.of("prompt_migration.deferred:" + V1), migrationEvents());
    }

    /** Sets one field of an automation in both stores (SQLite column and the TOML's top-level key). */
    private void setInBothStores(String id, String field, String value) throws Exception {
        setInSqlite(id, field, value);
        Path toml = codexHome.resolve("automations").resolve(id).resolve("automation.toml");
        String text = Files.readString(toml);
        String changed = text.replaceFirst("(?m)^" + field + " = .*$", field + " = \"" + value + "\"");
        assertNotEquals(text, changed, field + " is in the TOML");
        Files.writeString(toml, changed);
    }

    private void setInSqlite(String id, String column, String value) throws Exception {
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + codexHome.resolve("sqlite/codex-dev.db"));
                var st = c.prepareStatement("UPDATE automations SET " + column + " = ? WHERE id = ?")) {
            st.setString(1, value);
            st.setString(2, id);
            assertEquals(1, st.executeUpdate());
        }
    }

    private void deferV1() throws Exception {
        plan("--automation-id", V1);
        Process app = fakeApp();
        try {
            assertEquals(1, apply("--offline", "--execute").exit());
        } finally {
            app.destroyForcibly().waitFor();
        }
    }

    @Test
    void thePromptBindingFollowsTheStoresWhileAnUpgradeIsPending_andOnlyAnUnchangedDeferralKeepsTheHint()
            throws Exception {
        deferV1();
        JsonNode pending = binding(shouldRun("builder", "codex_app_heartbeat"));
        assertEquals("adoption_required", pending.get("status").asText(), pending::toString);
        assertEquals("codex_store", pending.get("source").asText());
        assertEquals(V1, pending.at("/automation_update/automation_id").asText());
        assertEquals(pending.get("prompt_sha256"), pending.at("/automation_update/expected_prompt_sha256"));
        assertFalse(pending.toString().contains(root), "no local path in the binding");

        setInBothStores(V1, "rrule", "RRULE:FREQ=MINUTELY;INTERVAL=30");
        String rruleChanged = shouldRun("builder", "codex_app_heartbeat");
        assertEquals(1, upgradeReads(rruleChanged).size(), "an RRULE change alone keeps the hint");

        setInBothStores(V1, "target_thread_id", "thr_other");
        String threadChanged = shouldRun("builder", "codex_app_heartbeat");
        assertTrue(upgradeReads(threadChanged).isEmpty(), "a thread change hides it");
        assertEquals(
                "thread_changed_since_deferral",
                binding(threadChanged).get("reason").asText());
        setInBothStores(V1, "target_thread_id", "thr_0195b2c4d7e8f9a0b1c2d3e4f5a6b7c9");
        assertEquals(
                1, upgradeReads(shouldRun("builder", "codex_app_heartbeat")).size(), "back on the deferred thread");

        Path other = CodexHomes.copyFixture(sandbox.resolve("other-codex-home"));
        String otherHome = shouldRun("builder", "codex_app_heartbeat", other);
        assertTrue(upgradeReads(otherHome).isEmpty(), "another home hides it");
        assertEquals("other_codex_home", binding(otherHome).get("reason").asText());

        setInSqlite(V1, "prompt", "edited in the App only");
        String divergent = shouldRun("builder", "codex_app_heartbeat");
        assertTrue(upgradeReads(divergent).isEmpty(), "divergent stores hide it");
        assertEquals("blocked", binding(divergent).get("status").asText());
        assertEquals("stores_disagree_prompt", binding(divergent).get("reason").asText());

        setInBothStores(V1, "status", "DELETED");
        String deleted = shouldRun("builder", "codex_app_heartbeat");
        assertTrue(upgradeReads(deleted).isEmpty(), "deletion hides it");
        assertEquals("blocked", binding(deleted).get("status").asText());

        Files.delete(codexHome.resolve("sqlite/codex-dev.db"));
        String noStore = shouldRun("builder", "codex_app_heartbeat");
        assertTrue(upgradeReads(noStore).isEmpty());
        assertEquals("unavailable", binding(noStore).get("status").asText());
        assertEquals("codex_database_missing", binding(noStore).get("reason").asText());
    }

    @Test
    void withoutAPendingRecordTheBindingComesFromTheLedger() throws Exception {
        assertEquals(
                "absent",
                binding(shouldRun("builder", "codex_app_heartbeat"))
                        .get("status")
                        .asText());
        var r = run(
                "heartbeat-prompt",
                "--goal-id",
                "demo-goal",
                "--agent-id",
                "builder",
                "--bootstrap",
                "--record-install",
                "--host-surface",
                "codex-app",
                "--execute");
        assertEquals(0, r.exit(), r::toString);
        var home = CliRunner.snapshot(codexHome);
        JsonNode b = binding(shouldRun("builder", "codex_app_heartbeat"));
        assertEquals("current", b.get("status").asText(), b::toString);
        assertEquals("ledger", b.get("source").asText());
        assertEquals(2, b.get("installed_wrapper_version").asInt());
        assertEquals(home, CliRunner.snapshot(codexHome), "the ledger answered; the Codex home is untouched");
    }
}
