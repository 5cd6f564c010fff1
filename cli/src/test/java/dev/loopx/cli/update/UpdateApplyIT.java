package dev.loopx.cli.update;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loopx.application.ProcessView;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.cli.testing.CodexHomes;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.update.RuntimeInstaller;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loopx update apply} end to end with two real distributions of different versions (SPEC
 * §S12): the packaged {@code target/loopx-dist.tar.gz} and a copy of it re-stamped as version
 * {@value #OLD_VERSION}. Every call is a real {@code bin/loopx} process; the Codex home is a copy
 * of the committed fixture (real SQLite, real TOML) whose {@code loopx-heartbeat-v1} automation
 * holds a managed wrapper v1 bound to this test's runtime root. Runs in the integration-test
 * phase (failsafe), after the distribution is packaged. The tests share one LoopX home and run in
 * order: install the old version, upgrade to the new one from the old runtime, then refusals.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UpdateApplyIT {
    static final String OLD_VERSION = "0.0.9-it";
    static final String V1 = "loopx-heartbeat-v1";
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final Path DIST = Path.of("target", "loopx-dist").toAbsolutePath();
    static final Path NEW_ARCHIVE = Path.of("target", "loopx-dist.tar.gz").toAbsolutePath();

    @TempDir
    static Path sandbox;

    Path home;
    Path codexHome;
    Path project;
    Path root;
    Path oldArchive;
    String newVersion;

    @BeforeAll
    void setUp() throws Exception {
        home = sandbox.resolve("loopx-home");
        codexHome = CodexHomes.copyFixture(sandbox.resolve("codex-home"));
        project = Files.createDirectories(sandbox.resolve("app"));
        root = project.resolve(".loopx");
        newVersion = run(DIST.resolve("bin/loopx"), "version").path("version").asText();
        assertEquals(
                0,
                exit(DIST.resolve("bin/loopx"), "connect", "--project", project.toString(), "--goal-id", "demo-goal"));
        assertEquals(
                0,
                exit(
                        DIST.resolve("bin/loopx"),
                        "--runtime-root",
                        root.toString(),
                        "register-agent",
                        "--goal-id",
                        "demo-goal",
                        "--agent-id",
                        "builder",
                        "--execute"));
        CodexHomes.installV1Wrapper(codexHome, root.toString());
        oldArchive = restamped(sandbox.resolve("old"), OLD_VERSION);
    }

    @Test
    @Order(1)
    void installingTheOldDistributionSwitchesToItAndMigratesTheV1WrapperWithThatRuntime() throws Exception {
        JsonNode r = run(
                DIST.resolve("bin/loopx"),
                "--runtime-root",
                root.toString(),
                "update",
                "apply",
                "--archive",
                oldArchive.toString(),
                "--sha256",
                RuntimeInstaller.sha256(oldArchive),
                "--codex-home",
                codexHome.toString(),
                "--no-train");
        assertTrue(r.path("ok").asBoolean(), r::toString);
        assertTrue(r.path("upgrade_complete").asBoolean(), r::toString);
        assertEquals(OLD_VERSION, r.at("/runtime/to_version").asText());
        assertEquals("taken", r.at("/snapshot/status").asText());
        assertEquals("complete", r.at("/prompts/result").asText());
        assertEquals("updated", resultOf(r, V1), r::toString);
        assertEquals(
                OLD_VERSION,
                run(home.resolve("bin/loopx"), "version").path("version").asText());
        assertEquals(2, wrapperVersion(V1), "the old runtime's sync-installed wrote the v2 wrapper");
        assertFalse(r.toString().contains(sandbox.toString()), "no local path in public output");
    }

    @Test
    @Order(2)
    void theOldRuntimeUpgradesToTheNewOneWhichReconcilesAndRecordsTheUpgrade() throws Exception {
        JsonNode r = run(
                home.resolve("bin/loopx"),
                "--runtime-root",
                root.toString(),
                "update",
                "apply",
                "--archive",
                NEW_ARCHIVE.toString(),
                "--sha256",
                RuntimeInstaller.sha256(NEW_ARCHIVE),
                "--codex-home",
                codexHome.toString());
        assertTrue(r.path("ok").asBoolean(), r::toString);
        assertTrue(r.path("upgrade_complete").asBoolean(), r::toString);
        assertEquals(OLD_VERSION, r.at("/runtime/from_version").asText(), "the old runtime ran the upgrade");
        assertEquals(newVersion, r.at("/runtime/to_version").asText(), "the new runtime reported its version");
        assertEquals("trained", r.at("/runtime/class_archive").asText());
        assertEquals("current", resultOf(r, V1), "already migrated by the old runtime");
        assertEquals(
                newVersion,
                run(home.resolve("bin/loopx"), "version").path("version").asText());
        try (Stream<Path> runtimes = Files.list(home.resolve("runtimes"))) {
            assertEquals(
                    2,
                    runtimes.filter(p -> !p.getFileName().toString().startsWith("."))
                            .count());
        }
        List<JsonNode> upgrades = events("runtime.upgraded");
        assertEquals(2, upgrades.size());
        assertEquals(
                List.of(OLD_VERSION, newVersion),
                upgrades.stream().map(e -> e.at("/payload/to_version").asText()).toList());
        assertEquals("", upgrades.get(1).path("goal_id").asText(), "a runtime-wide event");
        assertEquals(1, events("prompt_migration.applied").size());
        assertEquals(0, exit(home.resolve("bin/loopx"), "--runtime-root", root.toString(), "ledger", "verify"));
    }

    @Test
    @Order(3)
    void aWrongDigestACorruptArchiveOrAnIncompleteOneChangesNothing() throws Exception {
        Path truncated = sandbox.resolve("truncated.tar.gz");
        byte[] whole = Files.readAllBytes(NEW_ARCHIVE);
        Files.write(truncated, java.util.Arrays.copyOf(whole, whole.length / 2));
        Path incomplete = incompleteArchive(sandbox.resolve("incomplete"));
        for (String[] c : new String[][] {
            {NEW_ARCHIVE.toString(), "0".repeat(64), "archive_sha256_mismatch"},
            {truncated.toString(), null, "corrupt_archive"},
            {incomplete.toString(), null, "incomplete_distribution"}
        }) {
            var before = state();
            List<String> args = new ArrayList<>(List.of(
                    "--runtime-root",
                    root.toString(),
                    "update",
                    "apply",
                    "--archive",
                    c[0],
                    "--codex-home",
                    codexHome.toString(),
                    "--no-train"));
            if (c[1] != null) {
                args.addAll(List.of("--sha256", c[1]));
            }
            Result r = loopx(home.resolve("bin/loopx"), args.toArray(String[]::new));
            assertEquals(1, r.exit(), r::toString);
            assertEquals(c[2], r.json().path("error_code").asText(), r::toString);
            assertFalse(r.json().at("/prompts/started").asBoolean());
            assertEquals(before, state(), c[2] + ": current, runtimes, Codex stores and ledger unchanged");
        }
    }

    @Test
    @Order(4)
    void whileTheAppRunsTheRuntimeIsInstalledButThePromptsAreDeferred() throws Exception {
        // an older managed wrapper again, so there is something to migrate
        CodexHomes.installV1Wrapper(codexHome, root.toString());
        Process app = CodexHomes.startFakeApp(sandbox.resolve("app-bin"));
        try {
            var codexBefore = CliRunner.snapshot(codexHome);
            JsonNode r = run(
                    home.resolve("bin/loopx"),
                    "--runtime-root",
                    root.toString(),
                    "update",
                    "apply",
                    "--archive",
                    oldArchive.toString(),
                    "--codex-home",
                    codexHome.toString(),
                    "--no-train");
            assertTrue(r.path("ok").asBoolean(), r::toString);
            assertFalse(r.path("upgrade_complete").asBoolean(), r::toString);
            assertEquals("deferred", r.at("/prompts/result").asText(), r::toString);
            assertEquals("deferred", resultOf(r, V1));
            assertEquals(
                    V1,
                    r.at("/prompts/automation_update_requests/0/automation_id").asText());
            assertEquals(
                    "0600", r.at("/prompts/automation_update_report/file_mode").asText(), r::toString);
            assertEquals(
                    "rw-------",
                    java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(
                            root.resolve("private").resolve("automation-update-requests.json"))),
                    "the complete requests are in the private report");
            assertEquals(codexBefore, CliRunner.snapshot(codexHome), "no store write while the App runs");
            assertEquals(
                    OLD_VERSION,
                    run(home.resolve("bin/loopx"), "version").path("version").asText());
            assertEquals(1, events("prompt_migration.deferred").size());
        } finally {
            app.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    @Order(5)
    void aManagedWrapperLeftBehindMakesTheUpgradeIncompleteAndIsListed() throws Exception {
        // a canary's v1 wrapper bound to this root: a loopx sync never retargets it
        String canary = dev.loopx.host.heartbeat.ManagedWrapper.render(new dev.loopx.host.heartbeat.WrapperBinding(
                1, root.toAbsolutePath().normalize().toString(), "demo-goal", "builder", "loopx-canary", List.of()));
        CodexAutomationStore store = store();
        store.apply(store.prepare("multiline-trap", canary).get(), dev.loopx.host.codexapp.store.MigrationHook.NONE)
                .get();
        JsonNode r = run(
                home.resolve("bin/loopx"),
                "--runtime-root",
                root.toString(),
                "update",
                "apply",
                "--archive",
                NEW_ARCHIVE.toString(),
                "--codex-home",
                codexHome.toString(),
                "--no-train");
        assertTrue(r.path("ok").asBoolean(), r::toString);
        assertFalse(r.path("upgrade_complete").asBoolean(), r::toString);
        assertEquals("managed_left_behind", r.at("/prompts/result").asText(), r::toString);
        assertEquals("skipped_other_cli_bin", resultOf(r, "multiline-trap"));
        assertEquals(
                "multiline-trap",
                r.at("/prompts/managed_left_behind/0/automation_id").asText(),
                r::toString);
        assertEquals(1, r.at("/prompts/managed_left_behind").size(), r::toString);
        assertFalse(r.path("next_step").asText().startsWith("done"), r::toString);
        assertEquals(
                canary,
                ((dev.loopx.host.codexapp.store.CrossStoreRead.Consistent)
                                store.read("multiline-trap").get())
                        .pair()
                        .prompt());
    }

    private Map<String, Object> state() throws IOException {
        Map<String, Object> s = new HashMap<>();
        s.put("current", Files.readSymbolicLink(home.resolve("current")).toString());
        try (Stream<Path> runtimes = Files.list(home.resolve("runtimes"))) {
            s.put(
                    "runtimes",
                    runtimes.map(p -> p.getFileName().toString()).sorted().toList());
        }
        s.put("codex", CliRunner.snapshot(codexHome));
        s.put("ledger", CliRunner.snapshot(root.resolve("ledger")));
        s.put("private", CliRunner.snapshot(root.resolve("private")));
        return s;
    }

    private int wrapperVersion(String id) {
        var read = (dev.loopx.host.codexapp.store.CrossStoreRead.Consistent)
                store().read(id).get();
        String prompt = read.pair().prompt();
        return dev.loopx.host.heartbeat.WrapperRecognizer.recognize(prompt)
                .orElseThrow()
                .version();
    }

    private CodexAutomationStore store() {
        return CodexHomes.store(codexHome);
    }

    private static String resultOf(JsonNode r, String id) {
        for (JsonNode a : r.at("/prompts/automations")) {
            if (a.path("automation_id").asText().equals(id)) {
                return a.path("result").asText();
            }
        }
        return "absent";
    }

    private List<JsonNode> events(String type) throws Exception {
        Result r = loopx(home.resolve("bin/loopx"), "--runtime-root", root.toString(), "ledger", "replay");
        List<JsonNode> out = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            if (!line.isBlank()) {
                JsonNode e = MAPPER.readTree(line);
                if (e.path("type").asText().equals(type)) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    /** The packaged distribution with another version in its CLI jar, packed again as tar.gz. */
    private static Path restamped(Path work, String version) throws Exception {
        Path dir = Files.createDirectories(work.resolve("dist"));
        // the archive holds one top-level folder, loopx-<version>/
        sh(List.of("tar", "xzf", NEW_ARCHIVE.toString(), "-C", dir.toString(), "--strip-components=1"));
        Path jar;
        try (Stream<Path> lib = Files.list(dir.resolve("lib"))) {
            jar = lib.filter(p -> p.getFileName().toString().startsWith("loopx-cli-"))
                    .findFirst()
                    .orElseThrow();
        }
        Path rewritten = work.resolve("cli.jar");
        try (ZipFile in = new ZipFile(jar.toFile());
                OutputStream os = Files.newOutputStream(rewritten);
                ZipOutputStream out = new ZipOutputStream(os)) {
            for (ZipEntry e : java.util.Collections.list(in.entries())) {
                out.putNextEntry(new ZipEntry(e.getName()));
                if (e.getName().endsWith("cli/support/version.properties")) {
                    out.write(("version=" + version + "\n").getBytes(StandardCharsets.UTF_8));
                } else {
                    try (InputStream is = in.getInputStream(e)) {
                        is.transferTo(out);
                    }
                }
                out.closeEntry();
            }
        }
        Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING);
        Path archive = work.resolve("loopx-dist-" + version + ".tar.gz");
        sh(List.of("tar", "czf", archive.toString(), "-C", dir.toString(), "."));
        return archive;
    }

    /** A tar.gz with bin/ and conf/ but no lib/: not a distribution. */
    private static Path incompleteArchive(Path work) throws Exception {
        Path dir = Files.createDirectories(work.resolve("dist"));
        sh(List.of(
                "tar",
                "xzf",
                NEW_ARCHIVE.toString(),
                "-C",
                dir.toString(),
                "--strip-components=1",
                "--wildcards",
                "*/bin/*",
                "*/conf/*"));
        Path archive = work.resolve("incomplete.tar.gz");
        sh(List.of("tar", "czf", archive.toString(), "-C", dir.toString(), "bin", "conf"));
        return archive;
    }

    private static void sh(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, p.waitFor(), String.join(" ", command));
    }

    record Result(int exit, String stdout, String stderr) {
        JsonNode json() throws IOException {
            return MAPPER.readTree(stdout);
        }

        @Override
        public String toString() {
            return "exit " + exit + "\nstdout: " + stdout + "\nstderr: " + stderr;
        }
    }

    private JsonNode run(Path bin, String... args) throws Exception {
        Result r = loopx(bin, args);
        assertTrue(r.exit() == 0 || r.exit() == 1, r::toString);
        return r.json();
    }

    private int exit(Path bin, String... args) throws Exception {
        return loopx(bin, args).exit();
    }

    private Result loopx(Path bin, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(bin.toString(), "--format", "json"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(sandbox.toFile());
        pb.environment().put("LOOPX_HOME", home.toString());
        pb.environment().put("CODEX_HOME", codexHome.toString());
        pb.environment().put("HOME", sandbox.toString());
        // the launcher's probe (and the new runtime's, which it passes on) sees only this JVM's children
        pb.environment().putAll(ProcessView.ownChildren().childVariables());
        Path out = Files.createTempFile(sandbox, "out", ".txt");
        Path err = Files.createTempFile(sandbox, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(15, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("loopx " + args[0] + " did not finish");
        }
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
