package dev.loopx.cli.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.application.composition.LedgerLocations;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.postgres.PostgresServer;
import dev.loopx.ledger.remote.LedgerLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden scenarios ({@code fixtures/scenarios/<name>/}, format in its README): each scenario's
 * commands run through the real CLI in a fresh sandbox with the fixed clock; every command's
 * exit code and outcome must match {@code expected.exits.txt}, the canonical read models after
 * the last command must match {@code expected.canonical.json}, and deleting the projections and
 * rebuilding them from the ledger must print byte-identical canonical bytes (rebuild equals
 * incremental). Run with {@code -Dgolden.update=true} to rewrite both golden files, then review
 * the diff.
 */
class GoldenScenariosTest {
    private static final Path SCENARIOS = Path.of("..", "fixtures", "scenarios");
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    @TempDir
    Path sandbox;

    static Stream<String> scenarios() throws IOException {
        try (Stream<Path> dirs = Files.list(SCENARIOS)) {
            List<String> names = dirs.filter(d -> Files.isRegularFile(d.resolve("commands.txt")))
                    .map(d -> d.getFileName().toString())
                    .sorted()
                    .toList();
            assertFalse(names.isEmpty(), "no scenarios under " + SCENARIOS.toAbsolutePath());
            return names.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void aScenarioProjectsItsGoldenReadModels_andARebuildPrintsTheSameBytes(String name) throws IOException {
        Path dir = SCENARIOS.resolve(name);
        ScenarioScript script =
                ScenarioScript.parse(Files.readString(dir.resolve("commands.txt"), StandardCharsets.UTF_8));
        CliRunner cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        Path root = project.resolve(".loopx");

        String transcript = run(cli, script, project, root);
        String dump = canonicalDump(cli, root);

        golden(dir.resolve("expected.exits.txt"), transcript);
        golden(dir.resolve("expected.canonical.json"), pretty(dump));

        var verify = cli.run("--runtime-root", root.toString(), "ledger", "verify");
        assertEquals(0, verify.exit(), verify::toString);
        for (String f : new String[] {"projections.db", "projections.db-wal", "projections.db-shm", "ledger.head"}) {
            Files.deleteIfExists(root.resolve(f));
        }
        var rebuild = cli.run("--runtime-root", root.toString(), "projections", "rebuild");
        assertEquals(0, rebuild.exit(), rebuild::toString);
        assertEquals(dump, canonicalDump(cli, root), "rebuild == incremental, byte for byte");
    }

    /**
     * The same scenario on a PostgreSQL ledger (issue 22, a real server started by the harness): the
     * runtime root is created on a fresh server ledger first, then every step runs as above; the
     * transcript and the canonical dump must match the same golden files, and a rebuild from the
     * server must print the same bytes.
     */
    @ParameterizedTest(name = "{0} on PostgreSQL")
    @MethodSource("scenarios")
    void aScenarioOnAPostgresLedger_givesTheSameGoldenTranscriptAndDump(String name) throws Exception {
        Path dir = SCENARIOS.resolve(name);
        ScenarioScript script =
                ScenarioScript.parse(Files.readString(dir.resolve("commands.txt"), StandardCharsets.UTF_8));
        PostgresServer server = PostgresServer.shared();
        CliRunner cli = new CliRunner(sandbox);
        server.environment().forEach(cli::withVariable);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        Path root = project.resolve(".loopx");
        LoopxRuntime.initialise(root);
        LedgerLocations.store(
                root,
                LedgerLocation.parse(server.url(
                        "golden-" + name + "-" + ProcessHandle.current().pid())));

        String transcript = run(cli, script, project, root);
        String dump = canonicalDump(cli, root);
        assertEquals(readGolden(dir.resolve("expected.exits.txt")), transcript, "the same transcript on PostgreSQL");
        assertEquals(readGolden(dir.resolve("expected.canonical.json")), pretty(dump), "the same dump on PostgreSQL");
        var verify = cli.run("--runtime-root", root.toString(), "ledger", "verify");
        assertEquals(0, verify.exit(), verify::toString);
        for (String f : new String[] {"projections.db", "projections.db-wal", "projections.db-shm"}) {
            Files.deleteIfExists(root.resolve(f));
        }
        var rebuild = cli.run("--runtime-root", root.toString(), "projections", "rebuild");
        assertEquals(0, rebuild.exit(), rebuild::toString);
        assertEquals(dump, canonicalDump(cli, root), "rebuild from the server == incremental, byte for byte");
    }

    /** Runs every step; returns one line per step: exit code, outcome, the fields it shows, the line as written. */
    private static String run(CliRunner cli, ScenarioScript script, Path project, Path root) {
        Map<String, String> variables = new HashMap<>();
        variables.put("project", project.toString());
        List<String> lines = new ArrayList<>();
        for (ScenarioScript.Step step : script.steps()) {
            List<String> args = new ArrayList<>(List.of("--runtime-root", root.toString()));
            args.addAll(step.arguments(variables));
            var result = cli.run(args.toArray(String[]::new));
            JsonNode doc = result.json();
            step.capture().ifPresent(c -> {
                JsonNode value = doc.at(c.pointer());
                assertTrue(
                        value.isValueNode() && !value.asText().isEmpty(),
                        () -> "line " + step.lineNumber() + ": nothing at " + c.pointer() + " to capture\n" + result);
                variables.put(c.name(), value.asText());
            });
            StringBuilder line =
                    new StringBuilder().append(result.exit()).append(' ').append(outcome(doc));
            for (String pointer : step.shown()) {
                JsonNode value = doc.at(pointer);
                line.append(' ')
                        .append(pointer)
                        .append('=')
                        .append(value.isMissingNode() ? "<missing>" : value.toString());
            }
            lines.add(line.append('\t').append(step.source()).toString());
        }
        return String.join("\n", lines) + "\n";
    }

    /** {@code error_code} of a refusal; else {@code ok}, marked {@code replayed} / {@code unchanged} when so. */
    private static String outcome(JsonNode doc) {
        if (!doc.path("ok").asBoolean(false)) {
            return doc.path("error_code").asText("not_ok");
        }
        StringBuilder s = new StringBuilder("ok");
        if (doc.at("/receipt/replayed").asBoolean(false)) {
            s.append(" replayed");
        } else if (doc.has("changed") && !doc.get("changed").asBoolean()) {
            s.append(" unchanged");
        }
        if (doc.path("dry_run").asBoolean(false)) {
            s.append(" preview");
        }
        return s.toString();
    }

    private static String canonicalDump(CliRunner cli, Path root) {
        var result = cli.run("--runtime-root", root.toString(), "projections", "dump", "--canonical");
        assertEquals(0, result.exit(), result::toString);
        return result.stdout().strip();
    }

    /** The canonical dump re-indented for reviewable diffs; parsing it back gives the same canonical bytes. */
    private static String pretty(String canonical) throws IOException {
        var indenter = new DefaultIndenter("  ", "\n");
        var printer = new DefaultPrettyPrinter().withObjectIndenter(indenter).withArrayIndenter(indenter);
        String text =
                Json.mapper().writer(printer).writeValueAsString(Json.mapper().readTree(canonical)) + "\n";
        assertEquals(canonical, CanonicalJson.string(Json.mapper().readTree(text)));
        return text;
    }

    private static void golden(Path file, String actual) throws IOException {
        if (UPDATE) {
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertEquals(
                readGolden(file),
                actual,
                () -> file + " differs (run with -Dgolden.update=true, then review the diff)");
    }

    private static String readGolden(Path file) throws IOException {
        return Files.exists(file)
                ? Files.readString(file, StandardCharsets.UTF_8)
                : "<missing " + file.getFileName() + ">";
    }
}
