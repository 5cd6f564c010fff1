package dev.loopx.cli.automation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.application.update.PromptReconciliation;
import dev.loopx.application.update.SyncAnswer;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.cli.testing.CodexHomes;
import dev.loopx.host.codexapp.migration.MigrationJournal;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import dev.loopx.ledger.json.Json;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19 (SPEC §S11–S12) through the real CLI on copies of the committed Codex home (real
 * SQLite, real TOML, real ledger): private files never replace what is not a regular file; journals
 * and pending records are per Codex home; the App scheduler's own fields never make a plan stale;
 * an adopted prompt resolves its pending record; canaries keep their binary; deferred reports
 * carry complete App requests; update's prompt summary is honest.
 */
class PromptUpgradeContractTest {
    static final String V1 = CodexHomes.V1;
    static final String CUSTOM = "custom-heartbeat";

    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;
    Path home;

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
        home = CodexHomes.copyFixture(sandbox.resolve("codex-home"));
        CodexHomes.installV1Wrapper(home, root);
    }

    private CliRunner.Result run(String... args) {
        List<String> full = new ArrayList<>(List.of("--runtime-root", root, "--format", "json"));
        full.addAll(List.of(args));
        return cli.run(full.toArray(String[]::new));
    }

    private CliRunner.Result text(String... args) {
        List<String> full = new ArrayList<>(List.of("--runtime-root", root, "--format", "text"));
        full.addAll(List.of(args));
        return cli.run(full.toArray(String[]::new));
    }

    private JsonNode plan(Path codexHome, Path planFile, String... extra) {
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
        return r.json();
    }

    private CliRunner.Result apply(Path planFile) {
        return run("automation-prompts", "apply", "--plan-file", planFile.toString(), "--offline", "--execute");
    }

    private Process fakeApp() throws Exception {
        return CodexHomes.startFakeApp(sandbox.resolve("bin"));
    }

    private static String prompt(Path codexHome, String id) {
        CrossStoreRead read = CodexHomes.store(codexHome).read(id).get();
        return assertInstanceOf(CrossStoreRead.Consistent.class, read, read::toString)
                .pair()
                .prompt();
    }

    private static Map<String, JsonNode> byId(JsonNode list) {
        Map<String, JsonNode> out = new TreeMap<>();
        list.forEach(a -> out.put(a.get("automation_id").asText(), a));
        return out;
    }

    /** The prompt_migration.* events as type:automation:reason:home-digest. */
    private List<String> migrationEvents() {
        List<String> out = new ArrayList<>();
        for (JsonNode e : run("ledger", "replay", "--from", "1").jsonLines()) {
            String type = e.path("type").asText(e.path("event_type").asText());
            if (type.startsWith("prompt_migration.")) {
                JsonNode p = e.path("payload");
                out.add(type + ":" + p.path("automation_id").asText() + ":"
                        + p.path("reason").asText() + ":"
                        + p.path("codex_home_sha256").asText());
            }
        }
        return out;
    }

    private JsonNode shouldRun(Path codexHome) throws Exception {
        var r = run(
                "quota",
                "should-run",
                "--goal-id",
                "demo-goal",
                "--agent-id",
                "builder",
                "--runtime-profile",
                "codex_app_heartbeat",
                "--codex-home",
                codexHome.toString());
        assertEquals(0, r.exit(), r::toString);
        return r.json();
    }

    private static List<JsonNode> upgradeReads(JsonNode answer) {
        List<JsonNode> out = new ArrayList<>();
        answer.at("/interaction_contract/agent_channel/required_reads").forEach(r -> {
            if (r.path("kind").asText().equals("automation_prompt_upgrade")) {
                out.add(r);
            }
        });
        return out;
    }

    private static String sha(Path codexHome) {
        return new CodexHome(codexHome, CodexHome.Source.FLAG).identitySha256();
    }

    /** A scheduler tick as the App makes one: next_run_at, updated_at, last_run_at in the row and the TOML mirror. */
    private static void schedulerTick(Path codexHome, String id, long at) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + codexHome.resolve("sqlite/codex-dev.db"));
                var s = c.prepareStatement(
                        "UPDATE automations SET next_run_at = ?, updated_at = ?, last_run_at = ? WHERE id = ?")) {
            s.setLong(1, at + 1_800_000);
            s.setLong(2, at);
            s.setLong(3, at);
            s.setString(4, id);
            assertEquals(1, s.executeUpdate());
        }
        Path toml = codexHome.resolve("automations").resolve(id).resolve("automation.toml");
        String text = Files.readString(toml).replaceAll("(?m)^(next_run_at|updated_at|last_run_at) = .*\\n", "");
        // the mirror's scheduler keys, in the root table (written before [ui], as a TOML writer would)
        text = text.replace(
                "\n[ui]\n",
                "next_run_at = " + (at + 1_800_000) + "\nupdated_at = " + at + "\nlast_run_at = " + at + "\n\n[ui]\n");
        Files.writeString(toml, text);
    }

    /** Every row of every table but automations' prompt and scheduler columns, as text. */
    private static List<String> dumpOtherThanPrompt(Path codexHome) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + codexHome.resolve("sqlite/codex-dev.db"));
                Statement s = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet t = s.executeQuery("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")) {
                while (t.next()) {
                    tables.add(t.getString(1));
                }
            }
            for (String table : tables) {
                try (ResultSet rs = s.executeQuery("SELECT * FROM " + table + " ORDER BY 1")) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        StringBuilder row = new StringBuilder(table);
                        for (int i = 1; i <= n; i++) {
                            String col = rs.getMetaData().getColumnName(i);
                            if (table.equals("automations") && col.equals("prompt")) {
                                continue;
                            }
                            row.append('|').append(col).append('=').append(rs.getString(i));
                        }
                        out.add(row.toString());
                    }
                }
            }
        }
        return out;
    }

    // (1) private files never replace anything but a regular file

    @Test
    void aPlanFileThatIsADeviceAFolderAFifoOrALinkIsRefusedWithExitTwoAndNothingIsReplaced() throws Exception {
        Path dir = Files.createDirectories(sandbox.resolve("targets"));
        Path folder = Files.createDirectories(dir.resolve("a-folder"));
        Path fifo = dir.resolve("a-fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path outside = Files.writeString(dir.resolve("someone-elses-file"), "not LoopX's\n");
        Path link = Files.createSymbolicLink(dir.resolve("a-link"), outside);
        Path realFolder = Files.createDirectories(dir.resolve("real-folder"));
        Path linkedFolder = Files.createSymbolicLink(dir.resolve("linked-folder"), realFolder);
        List<Path> targets = new ArrayList<>(List.of(folder, fifo, link, linkedFolder.resolve("plan.json")));
        Path device = dir.resolve("a-device");
        // a character device like /dev/null (1,3); only root may make one
        if (new ProcessBuilder("mknod", device.toString(), "c", "1", "3")
                        .redirectErrorStream(true)
                        .start()
                        .waitFor()
                == 0) {
            targets.add(device);
        }
        var ledger = CliRunner.snapshot(Path.of(root, "ledger"));
        for (Path target : targets) {
            var r = run(
                    "automation-prompts", "plan", "--codex-home", home.toString(), "--plan-file", target.toString());
            assertEquals(2, r.exit(), () -> target + ": " + r);
            assertEquals(
                    "private_file_target_refused", r.json().get("error_code").asText(), r::toString);
            assertFalse(r.stdout().contains(root), "no local path in the refusal");
        }
        assertTrue(Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS));
        assertEquals(0, Files.list(folder).count(), "nothing written into the folder");
        assertTrue(
                Files.readAttributes(fifo, java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                        .isOther());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("not LoopX's\n", Files.readString(outside), "never written through a link");
        assertEquals(0, Files.list(realFolder).count(), "never written into a linked folder");
        if (targets.contains(device)) {
            assertTrue(Files.readAttributes(
                            device, java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .isOther());
        }
        try (var left = Files.list(dir)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temp file left");
        }
        assertEquals(ledger, CliRunner.snapshot(Path.of(root, "ledger")));
    }

    @Test
    void aLinkedPrivateFolderIsNeverWrittenThrough() throws Exception {
        Path privateFolder = Path.of(root, "private");
        Path elsewhere = Files.createDirectories(sandbox.resolve("elsewhere"));
        if (Files.exists(privateFolder)) {
            Files.move(privateFolder, sandbox.resolve("private-moved"));
        }
        Files.createSymbolicLink(privateFolder, elsewhere);
        var r = run("automation-prompts", "plan", "--codex-home", home.toString(), "--automation-id", V1);
        assertEquals(2, r.exit(), r::toString);
        assertEquals("private_file_target_refused", r.json().get("error_code").asText());
        try (var in = Files.list(elsewhere)) {
            assertEquals(0, in.count(), "nothing written through the linked private folder");
        }
    }

    @Test
    void aJournalPathThatIsNotARegularFileRefusesTheApplyBeforeAnyStoreIsTouched() throws Exception {
        Path planFile = sandbox.resolve("plan.json");
        plan(home, planFile, "--automation-id", V1);
        Path journal =
                new MigrationJournal(Path.of(root), CodexHomes.store(home).home()).file(V1);
        Files.createDirectories(journal.getParent());
        assertEquals(0, new ProcessBuilder("mkfifo", journal.toString()).start().waitFor());
        var stores = CliRunner.snapshot(home);
        var r = apply(planFile);
        assertEquals(2, r.exit(), r::toString);
        assertEquals("private_file_target_refused", r.json().get("error_code").asText());
        assertEquals(stores, CliRunner.snapshot(home), "no store written");
        assertEquals(List.of(), migrationEvents(), "nothing recorded");
        assertFalse(Files.isRegularFile(journal));
    }

    // (2) journals and pending records per Codex home

    @Test
    void twoHomesWithTheSameAutomationIdKeepTheirOwnPendingRecords() throws Exception {
        Path home2 = CodexHomes.copyFixture(sandbox.resolve("codex-home-2"));
        CodexHomes.installV1Wrapper(home2, root);
        Path plan1 = sandbox.resolve("plan-1.json");
        Path plan2 = sandbox.resolve("plan-2.json");
        Process app = fakeApp();
        try {
            plan(home, plan1, "--automation-id", V1);
            plan(home2, plan2, "--automation-id", V1);
            assertEquals(1, apply(plan1).exit());
            assertEquals(1, apply(plan2).exit());
        } finally {
            app.destroy();
            app.waitFor();
        }
        assertEquals(
                List.of(
                        "prompt_migration.deferred:" + V1 + ":app_running:" + sha(home),
                        "prompt_migration.deferred:" + V1 + ":app_running:" + sha(home2)),
                migrationEvents());
        assertEquals(1, upgradeReads(shouldRun(home)).size(), "home 1 has its own pending record");
        assertEquals(1, upgradeReads(shouldRun(home2)).size(), "home 2 has its own pending record");

        // the upgrade is applied in home 1 only
        plan(home, plan1, "--automation-id", V1);
        assertEquals(0, apply(plan1).exit());
        assertEquals(
                2, WrapperRecognizer.recognize(prompt(home, V1)).orElseThrow().version());
        assertEquals(
                1, WrapperRecognizer.recognize(prompt(home2, V1)).orElseThrow().version());
        assertTrue(migrationEvents().contains("prompt_migration.applied:" + V1 + ":updated:" + sha(home)));

        JsonNode h1 = shouldRun(home);
        assertEquals(0, upgradeReads(h1).size(), "home 1 is upgraded: no hint there");
        JsonNode h2 = shouldRun(home2);
        List<JsonNode> reads = upgradeReads(h2);
        assertEquals(1, reads.size(), "home 2 is still on v1: its record stays pending");
        assertEquals(V1, reads.get(0).path("automation_id").asText());
        assertEquals(
                "adoption_required",
                h2.at("/scheduler_hint/app_automation/prompt_binding/status").asText());

        // journals: home 1 has one (applied), home 2 none; each home is its own folder
        MigrationJournal j1 =
                new MigrationJournal(Path.of(root), CodexHomes.store(home).home());
        MigrationJournal j2 =
                new MigrationJournal(Path.of(root), CodexHomes.store(home2).home());
        assertNotEquals(j1.directory(), j2.directory());
        assertEquals(MigrationJournal.State.APPLIED, j1.read(V1).orElseThrow().state());
        assertTrue(j2.read(V1).isEmpty());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(j1.file(V1))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(j1.directory())));

        // rollback without --codex-home: the only home with a journal; home 2 is never touched
        var stores2 = CliRunner.snapshot(home2);
        var back = run("automation-prompts", "rollback", "--automation-id", V1, "--offline", "--execute");
        assertEquals(0, back.exit(), back::toString);
        assertEquals("rolled_back", back.json().get("result").asText());
        assertEquals(
                1, WrapperRecognizer.recognize(prompt(home, V1)).orElseThrow().version());
        assertEquals(stores2, CliRunner.snapshot(home2));

        // home 2 applies now, so both homes have a journal: recover must name one
        plan(home2, plan2, "--automation-id", V1);
        assertEquals(0, apply(plan2).exit());
        var ambiguous = run("automation-prompts", "recover", "--automation-id", V1, "--offline", "--execute");
        assertEquals(1, ambiguous.exit(), ambiguous::toString);
        assertEquals("ambiguous_codex_home", ambiguous.json().get("error_code").asText());
        assertTrue(ambiguous.json().get("hint").asText().contains("--codex-home"));
        var named = run(
                "automation-prompts",
                "rollback",
                "--automation-id",
                V1,
                "--codex-home",
                home2.toString(),
                "--offline",
                "--execute");
        assertEquals(0, named.exit(), named::toString);
        assertEquals(
                1, WrapperRecognizer.recognize(prompt(home2, V1)).orElseThrow().version());
        assertEquals(
                MigrationJournal.State.ROLLED_BACK, j1.read(V1).orElseThrow().state(), "home 1's journal untouched");
    }

    // (3) scheduler ticks never make a plan or snapshot stale; RRULE: prefix; other data kept

    @Test
    void aSchedulerTickBetweenPlanAndApplyIsNotAChangeButAStatusChangeIs() throws Exception {
        Path planFile = sandbox.resolve("plan.json");
        List<String> before = dumpOtherThanPrompt(home);
        plan(home, planFile, "--automation-id", V1);
        schedulerTick(home, V1, 1_767_400_000_000L);
        List<String> ticked = dumpOtherThanPrompt(home);
        assertNotEquals(before, ticked);
        var r = apply(planFile);
        assertEquals(0, r.exit(), r::toString);
        assertEquals("updated", r.json().get("automations").get(0).get("result").asText());
        assertEquals(ticked, dumpOtherThanPrompt(home), "every other column and table kept byte for byte");
        String toml = Files.readString(home.resolve("automations").resolve(V1).resolve("automation.toml"));
        assertTrue(toml.contains("\nnext_run_at = 1767401800000\n"), "the TOML mirror's scheduler keys kept");

        // a change of status (both stores) is a change
        Path plan2 = sandbox.resolve("plan-2.json");
        plan(home, plan2, "--automation-id", CUSTOM);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + home.resolve("sqlite/codex-dev.db"));
                Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE automations SET status = 'PAUSED' WHERE id = '" + CUSTOM + "'");
        }
        Path customToml = home.resolve("automations").resolve(CUSTOM).resolve("automation.toml");
        Files.writeString(customToml, Files.readString(customToml).replace("status = 'ACTIVE'", "status = 'PAUSED'"));
        var stale = apply(plan2);
        assertEquals(1, stale.exit(), stale::toString);
        assertEquals(
                "preview_stale",
                stale.json().get("automations").get(0).get("result").asText());
    }

    @Test
    void aSchedulerTickAfterTheSnapshotStillLetsSyncInstalledMigrateTheExactWrapper() throws Exception {
        Path snapshot = sandbox.resolve("private-before.json");
        plan(home, snapshot);
        schedulerTick(home, V1, 1_767_500_000_000L);
        var r = run("automation-prompts", "sync-installed", "--plan-file", snapshot.toString(), "--execute");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(
                "updated",
                byId(r.json().get("automations")).get(V1).get("result").asText());
        assertEquals(
                2, WrapperRecognizer.recognize(prompt(home, V1)).orElseThrow().version());
    }

    @Test
    void theRruleAsTheAppStoresItIsAcceptedAndMeansTheSameRule() {
        List<String> answers = new ArrayList<>();
        for (String rrule : List.of("FREQ=MINUTELY;INTERVAL=30", "RRULE:FREQ=MINUTELY;INTERVAL=30")) {
            var r = run(
                    "quota",
                    "should-run",
                    "--goal-id",
                    "demo-goal",
                    "--agent-id",
                    "builder",
                    "--runtime-profile",
                    "codex_app_heartbeat",
                    "--app-automation-current-rrule",
                    rrule);
            assertEquals(0, r.exit(), r::toString);
            answers.add(r.stdout());
        }
        assertEquals(answers.get(0), answers.get(1), "the RRULE: prefix changes nothing");
        var bad = run(
                "quota",
                "should-run",
                "--goal-id",
                "demo-goal",
                "--agent-id",
                "builder",
                "--runtime-profile",
                "codex_app_heartbeat",
                "--app-automation-current-rrule",
                "RRULE:FREQ=DAILY;BYDAY=MO");
        assertEquals(2, bad.exit(), bad::toString);
        assertTrue(bad.stdout().contains("invalid_value"), bad::toString);
    }

    // (4) an adopted prompt resolves its pending record; sync-installed --automation-id

    @Test
    void aPromptAdoptedThroughTheAppResolvesThePendingRecordAtTheNextSync() throws Exception {
        Path snapshot = sandbox.resolve("private-before.json");
        Process app = fakeApp();
        JsonNode deferred;
        try {
            plan(home, snapshot);
            var r = run("automation-prompts", "sync-installed", "--plan-file", snapshot.toString(), "--execute");
            assertEquals(1, r.exit(), r::toString);
            deferred = r.json();
        } finally {
            app.destroy();
            app.waitFor();
        }
        assertEquals(
                "deferred",
                byId(deferred.get("automations")).get(V1).get("result").asText());
        assertEquals(1, upgradeReads(shouldRun(home)).size());

        // the App applies the complete request of the private report (and its scheduler ticks)
        Path report = Path.of(root, "private", "automation-update-requests.json");
        JsonNode request =
                Json.mapper().readTree(report.toFile()).get("requests").get(0);
        assertEquals(V1, request.at("/arguments/id").asText());
        CodexAutomationStore store = CodexHomes.store(home);
        store.apply(store.prepare(V1, request.at("/arguments/prompt").asText()).get(), MigrationHook.NONE)
                .get();
        schedulerTick(home, V1, 1_767_600_000_000L);

        var ledgerBefore = migrationEvents();
        var stores = CliRunner.snapshot(home);
        var sync = run(
                "automation-prompts",
                "sync-installed",
                "--plan-file",
                snapshot.toString(),
                "--automation-id",
                V1,
                "--automation-id",
                V1,
                "--execute");
        assertEquals(0, sync.exit(), sync::toString);
        assertEquals(1, sync.json().get("automations").size(), "--automation-id narrows the snapshot");
        assertEquals(
                "current", sync.json().get("automations").get(0).get("result").asText());
        assertEquals(stores, CliRunner.snapshot(home), "nothing written to the stores");
        List<String> events = migrationEvents();
        assertEquals(ledgerBefore.size() + 1, events.size());
        assertEquals("prompt_migration.applied:" + V1 + ":current:" + sha(home), events.get(events.size() - 1));
        JsonNode answer = shouldRun(home);
        assertEquals(0, upgradeReads(answer).size(), "the record is resolved: no hint");
        assertEquals(
                "ledger",
                answer.at("/scheduler_hint/app_automation/prompt_binding/source")
                        .asText(),
                "and the store is no longer read for it");

        var again = run(
                "automation-prompts",
                "sync-installed",
                "--plan-file",
                snapshot.toString(),
                "--automation-id",
                V1,
                "--execute");
        assertEquals(0, again.exit());
        assertEquals(events, migrationEvents(), "nothing pending any more: nothing recorded");

        var unknown = run(
                "automation-prompts",
                "sync-installed",
                "--plan-file",
                snapshot.toString(),
                "--automation-id",
                "not-in-the-snapshot",
                "--execute");
        assertEquals(2, unknown.exit(), unknown::toString);
        assertEquals("invalid_value", unknown.json().get("error_code").asText());
    }

    // (6) canaries keep their binary

    @Test
    void aCanaryLoaderPassesItsBinaryToTheThinBodyAndTheHintUsesIt() throws Exception {
        var raw = text(
                "heartbeat-prompt",
                "--goal-id",
                "demo-goal",
                "--agent-id",
                "builder",
                "--codex-app",
                "--bootstrap",
                "--raw",
                "--cli-bin",
                "loopx-canary");
        assertEquals(0, raw.exit(), raw::toString);
        String wrapper = raw.stdout().strip();
        WrapperBinding binding = WrapperRecognizer.recognize(wrapper).orElseThrow();
        assertEquals("loopx-canary", binding.cliBin());
        String loader = wrapper.split("\n")[2];
        assertEquals(
                "loopx-canary heartbeat-prompt --runtime-root " + root
                        + " --format json --goal-id demo-goal --agent-id builder --codex-app --cli-bin loopx-canary",
                loader);
        // what the loader loads (its words after the binary): the thin body's commands name the canary as well
        List<String> words = new ArrayList<>(List.of(loader.split(" ")));
        words.remove(0);
        var thin = cli.run(words.toArray(String[]::new));
        assertEquals(0, thin.exit(), thin::toString);
        String body = thin.json().get("task_body").asText();
        assertTrue(body.contains("loopx-canary quota should-run"), body);
        assertFalse(
                body.contains("\nloopx quota") || body.contains("`loopx quota") || body.contains(" loopx quota"), body);

        // a deferred canary upgrade: the hint's plan command uses the lane's binary
        String canaryV1 = ManagedWrapper.render(new WrapperBinding(
                1,
                Path.of(root).toAbsolutePath().normalize().toString(),
                "demo-goal",
                "builder",
                "loopx-canary",
                List.of()));
        CodexAutomationStore store = CodexHomes.store(home);
        store.apply(store.prepare(V1, canaryV1).get(), MigrationHook.NONE).get();
        Path planFile = sandbox.resolve("plan.json");
        Process app = fakeApp();
        try {
            plan(home, planFile, "--automation-id", V1);
            assertEquals(1, apply(planFile).exit());
        } finally {
            app.destroy();
            app.waitFor();
        }
        List<JsonNode> reads = upgradeReads(shouldRun(home));
        assertEquals(1, reads.size());
        assertEquals(
                "loopx-canary automation-prompts plan --automation-id " + V1,
                reads.get(0).path("command").asText());
    }

    // (5) upgrade_complete is honest about managed wrappers left behind

    @Test
    void aManagedWrapperLeftBlockedOrSkippedMakesTheUpgradeIncomplete() throws Exception {
        Path snapshot = sandbox.resolve("private-before.json");
        // a canary v1 wrapper in the multiline-trap automation: never retargeted by a loopx sync
        String canaryV1 = ManagedWrapper.render(new WrapperBinding(
                1,
                Path.of(root).toAbsolutePath().normalize().toString(),
                "demo-goal",
                "reviewer",
                "loopx-canary",
                List.of()));
        CodexAutomationStore store = CodexHomes.store(home);
        store.apply(store.prepare("multiline-trap", canaryV1).get(), MigrationHook.NONE)
                .get();
        plan(home, snapshot);
        var r = run("automation-prompts", "sync-installed", "--plan-file", snapshot.toString(), "--execute");
        assertEquals(0, r.exit(), r::toString);
        SyncAnswer answer = SyncAnswer.read(r.json());
        assertEquals(
                "skipped_other_cli_bin",
                byId(r.json().get("automations"))
                        .get("multiline-trap")
                        .get("result")
                        .asText());
        assertEquals(PromptReconciliation.MANAGED_LEFT_BEHIND, PromptReconciliation.summarise(answer));
        assertEquals(
                List.of("multiline-trap"),
                answer.automations().stream()
                        .filter(SyncAnswer.Row::managedLeftBehind)
                        .map(SyncAnswer.Row::automationId)
                        .toList());

        // a v1 wrapper of this root left blocked (the stores disagree on its prompt) counts too
        Path home2 = CodexHomes.copyFixture(sandbox.resolve("codex-home-2"));
        CodexHomes.installV1Wrapper(home2, root);
        Path snap2 = sandbox.resolve("private-before-2.json");
        plan(home2, snap2, "--automation-id", V1);
        Path toml = home2.resolve("automations").resolve(V1).resolve("automation.toml");
        String v1 = prompt(home2, V1);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + home2.resolve("sqlite/codex-dev.db"));
                var s = c.prepareStatement("UPDATE automations SET prompt = ? WHERE id = ?")) {
            s.setString(1, v1 + "\n(edited in the App)");
            s.setString(2, V1);
            s.executeUpdate();
        }
        assertTrue(Files.readString(toml).contains("bootstrap v1"));
        var blocked = run("automation-prompts", "sync-installed", "--plan-file", snap2.toString(), "--execute");
        SyncAnswer b = SyncAnswer.read(blocked.json());
        assertEquals(PromptReconciliation.CHANGED_SINCE_SNAPSHOT, PromptReconciliation.summarise(b));
        Path snap3 = sandbox.resolve("private-before-3.json");
        JsonNode planned = plan(home2, snap3, "--automation-id", V1);
        assertEquals("blocked", planned.get("automations").get(0).get("status").asText());
        assertEquals(
                "managed_wrapper",
                planned.get("automations").get(0).get("binding_source").asText());
        var blocked3 = run("automation-prompts", "sync-installed", "--plan-file", snap3.toString(), "--execute");
        SyncAnswer b3 = SyncAnswer.read(blocked3.json());
        assertEquals(PromptReconciliation.MANAGED_LEFT_BEHIND, PromptReconciliation.summarise(b3));
        assertFalse(new PromptReconciliation(
                        PromptReconciliation.summarise(b3),
                        true,
                        java.util.Optional.of(b3),
                        0,
                        true,
                        java.util.Optional.empty())
                .complete());
    }

    // (7) complete App requests in a private report, the current prompt in the plan file, text mode

    @Test
    void aDeferredApplyWritesCompleteAppRequestsToAPrivateReportAndPointsToIt() throws Exception {
        Path planFile = sandbox.resolve("plan.json");
        JsonNode planned = plan(home, planFile, "--automation-id", V1, "--automation-id", CUSTOM);
        JsonNode privatePlan = Json.mapper().readTree(planFile.toFile());
        Map<String, JsonNode> entries = byId(privatePlan.get("automations"));
        assertEquals(prompt(home, V1), entries.get(V1).get("current_prompt").asText(), "current prompt in the plan");
        assertEquals(
                prompt(home, CUSTOM), entries.get(CUSTOM).get("current_prompt").asText());
        assertFalse(planned.toString().contains("current_prompt"), "never in the public answer");

        CliRunner.Result r;
        Process app = fakeApp();
        try {
            r = apply(planFile);
        } finally {
            app.destroy();
            app.waitFor();
        }
        assertEquals(1, r.exit(), r::toString);
        assertFalse(r.stdout().contains(root), "the report's path is redacted in public output");
        JsonNode pointer = r.json().get("automation_update_report");
        assertEquals("0600", pointer.get("file_mode").asText());
        assertEquals(2, pointer.get("requests").asInt());
        Path report = Path.of(root, "private", "automation-update-requests.json");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(report)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(report.getParent())));
        JsonNode doc = Json.mapper().readTree(report.toFile());
        Map<String, JsonNode> requests = new TreeMap<>();
        doc.get("requests").forEach(q -> requests.put(q.at("/arguments/id").asText(), q));
        JsonNode v1 = requests.get(V1);
        assertEquals("automation_update", v1.get("tool").asText());
        JsonNode args = v1.get("arguments");
        assertEquals("heartbeat", args.get("kind").asText());
        assertEquals("LoopX demo-goal builder (old)", args.get("name").asText());
        assertEquals("PAUSED", args.get("status").asText());
        assertEquals("RRULE:FREQ=HOURLY;INTERVAL=1", args.get("rrule").asText());
        assertEquals("ALWAYS", args.get("notification_policy").asText());
        assertEquals(
                "thr_0195b2c4d7e8f9a0b1c2d3e4f5a6b7c9",
                args.get("target_thread_id").asText());
        assertEquals(
                entries.get(V1).get("desired_prompt").asText(),
                args.get("prompt").asText());
        assertEquals(
                ManagedWrapper.sha256(prompt(home, V1)),
                v1.at("/precondition/expected_prompt_sha256").asText());
        assertEquals(64, v1.at("/precondition/expected_state_sha256").asText().length());
        assertTrue(v1.at("/precondition/fresh_view_required").asBoolean());
        assertTrue(requests.containsKey(CUSTOM));

        var t = text("automation-prompts", "apply", "--plan-file", planFile.toString(), "--offline", "--execute");
        // (the App is gone now: this one applies; the text of a deferral is checked below with sync-installed)
        assertEquals(0, t.exit(), t::toString);
    }

    @Test
    void textModeNamesTheNextStepForReviewDeferredAndAppSideAutomations() throws Exception {
        Path snapshot = sandbox.resolve("private-before.json");
        plan(home, snapshot);
        Process app = fakeApp();
        CliRunner.Result deferred;
        try {
            deferred = text("automation-prompts", "sync-installed", "--plan-file", snapshot.toString(), "--execute");
        } finally {
            app.destroy();
            app.waitFor();
        }
        assertEquals(1, deferred.exit(), deferred::toString);
        assertTrue(deferred.stdout().contains(CUSTOM + ": review_required"), deferred.stdout());
        assertTrue(
                deferred.stdout().contains("loopx automation-prompts plan --automation-id " + CUSTOM),
                deferred.stdout());
        assertTrue(deferred.stdout().contains("complete automation_update requests (1)"), deferred.stdout());
        assertTrue(deferred.stdout().contains("(private, 0600)"), deferred.stdout());

        // a legacy heartbeat TOML over a cron row without a thread: App-mediated reconciliation, nothing to apply
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + home.resolve("sqlite/codex-dev.db"));
                Statement s = c.createStatement()) {
            s.executeUpdate(
                    "UPDATE automations SET kind = 'cron', target_thread_id = NULL WHERE id = 'loopx-heartbeat-current'");
        }
        Path toml = home.resolve("automations/loopx-heartbeat-current/automation.toml");
        Files.writeString(toml, Files.readString(toml).replaceAll("(?m)^target_thread_id = .*\\n", ""));
        var json = run(
                "automation-prompts",
                "plan",
                "--codex-home",
                home.toString(),
                "--automation-id",
                "loopx-heartbeat-current",
                "--plan-file",
                sandbox.resolve("p.json").toString());
        assertEquals(0, json.exit(), json::toString);
        JsonNode entry = json.json().get("automations").get(0);
        assertEquals("blocked", entry.get("status").asText());
        assertEquals(
                "legacy_toml_heartbeat_over_cron",
                entry.get("app_reconciliation").asText());
        assertTrue(entry.get("app_action").asText().contains("in the Codex App"));
        assertFalse(json.json().get("next_step").asText().contains("apply --plan-file"));
        var textPlan = text(
                "automation-prompts",
                "plan",
                "--codex-home",
                home.toString(),
                "--automation-id",
                "loopx-heartbeat-current",
                "--plan-file",
                sandbox.resolve("p.json").toString());
        assertTrue(textPlan.stdout().contains("App-mediated reconciliation required"), textPlan.stdout());
        assertFalse(textPlan.stdout().contains("next: nothing to apply\n"), textPlan.stdout());
    }
}
