package dev.loopx.application.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.Invocation;
import dev.loopx.application.Invocations;
import dev.loopx.application.project.ConnectPlan.Action;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One plan: the dry run reports it and writes nothing, the real run does exactly it. */
class ConnectProjectTest {
    @TempDir
    Path sandbox;

    Path project;
    Path loopxHome;

    @BeforeEach
    void setUp() throws Exception {
        project = Files.createDirectories(sandbox.resolve("work/weather app"));
        loopxHome = sandbox.resolve("loopx-home");
    }

    @Test
    void aDryRunPlansEveryActionOfAFreshProject_andWritesNothing() throws Exception {
        Map<String, String> before = tree(sandbox);

        ConnectProject.Outcome outcome = connect(request(null, null, true));

        ConnectPlan plan =
                assertInstanceOf(ConnectProject.Outcome.Planned.class, outcome).plan();
        assertEquals(EnumSet.allOf(Action.class), plan.needed());
        assertEquals("weather-app-goal", plan.goalId());
        assertEquals("weather-app", plan.projectLabel());
        assertEquals(".loopx/", plan.gitignoreEntry());
        assertEquals(before, tree(sandbox));
    }

    @Test
    void aRealRunDoesExactlyWhatTheDryRunPlanned_andARepeatPlansAndDoesNothing() throws Exception {
        ConnectPlan planned = connect(request(null, null, true)).plan();

        ConnectProject.Outcome.Connected first = connected(request(null, null, false));
        assertEquals(planned, first.plan());
        assertEquals(planned.needed(), first.done());
        assertEquals(2, first.receipt().seqs().size()); // goal.registered + todo.sections_declared
        assertTrue(Files.isDirectory(project.resolve(".loopx/ledger")));
        assertTrue(Files.readString(project.resolve(".gitignore"), StandardCharsets.UTF_8)
                .contains(".loopx/\n"));

        assertEquals(Set.of(), connect(request(null, null, true)).plan().needed());
        ConnectProject.Outcome.Connected again = connected(request(null, null, false));
        assertEquals(Set.of(), again.done());
        assertFalse(again.receipt().changed());
    }

    @Test
    void aSecondGoalInARecordedProject_isPlannedAndRecorded() throws Exception {
        connected(request(null, null, false));

        ConnectPlan plan = connect(request("second", null, true)).plan();
        assertEquals(EnumSet.of(Action.REGISTER_GOAL, Action.RECORD_PROJECT), plan.needed());
        assertEquals(plan.needed(), connected(request("second", null, false)).done());
        assertTrue(new ProjectRegistry(loopxHome).records(project.resolve(".loopx"), "second"));
    }

    @Test
    void aRuntimeRootOutsideTheProject_isNotIgnoredByTheProject() throws Exception {
        ConnectProject.Outcome.Connected done = connected(request("g", sandbox.resolve("elsewhere/rt"), false));

        assertEquals("", done.plan().gitignoreEntry());
        assertEquals(EnumSet.of(Action.CREATE_RUNTIME_ROOT, Action.REGISTER_GOAL, Action.RECORD_PROJECT), done.done());
        assertFalse(Files.exists(project.resolve(".gitignore")));
    }

    @Test
    void aFolderLoopxDidNotCreate_isRefusedBeforeAnythingIsWritten() throws Exception {
        Path foreign = Files.createDirectories(sandbox.resolve("foreign"));
        Files.writeString(foreign.resolve("notes.txt"), "mine", StandardCharsets.UTF_8);
        Map<String, String> before = tree(sandbox);

        var refused = ConnectProject.run(invocation(foreign), request("g", foreign, false));

        assertInstanceOf(ConnectRefusal.RuntimeRootForeign.class, refused.getLeft());
        assertEquals("runtime_root_foreign", refused.getLeft().errorCode());
        assertEquals(before, tree(sandbox));
    }

    @Test
    void aMissingProjectFolder_isRefused() throws Exception {
        var request = new ConnectProject.Request(sandbox.resolve("nope"), null, "", null, null, false);

        var refused = ConnectProject.run(invocation(request.runtimeRoot()), request);

        assertEquals("project_not_found", refused.getLeft().errorCode());
        assertFalse(Files.exists(sandbox.resolve("nope")));
    }

    @Test
    void theFirstProblemIsTheAnswer_projectThenGoalIdThenObjectiveThenRuntimeRootThenOperationId() throws Exception {
        Path foreign = Files.createDirectories(sandbox.resolve("foreign"));
        Files.writeString(foreign.resolve("notes.txt"), "mine", StandardCharsets.UTF_8);
        String secret = "see /home/someone/notes.txt";

        assertEquals("project_not_found", problem(sandbox.resolve("nope"), "bad id", secret, foreign, "bad id"));
        assertEquals("invalid_goal_id", problem(project, "bad id", secret, foreign, "bad id"));
        assertEquals("public_boundary_violation", problem(project, "g", secret, foreign, "bad id"));
        assertEquals("runtime_root_foreign", problem(project, "g", "", foreign, "bad id"));
        assertEquals("invalid_value", problem(project, "g", "", null, "bad id"));
        assertEquals("invalid_goal_id", problem(project, "", "", null, null), "an empty goal id is not the default");
        assertFalse(Files.exists(project.resolve(".loopx")));
    }

    private String problem(Path projectDir, String goalId, String objective, Path root, String operationId)
            throws Exception {
        var request = new ConnectProject.Request(projectDir, goalId, objective, root, operationId, false);
        return ConnectProject.run(invocation(request.runtimeRoot()), request)
                .getLeft()
                .errorCode();
    }

    private ConnectProject.Request request(String goalId, Path runtimeRoot, boolean dryRun) {
        return new ConnectProject.Request(project, goalId, "Keep the importer green", runtimeRoot, null, dryRun);
    }

    private ConnectProject.Outcome connect(ConnectProject.Request request) throws Exception {
        return ConnectProject.run(invocation(request.runtimeRoot()), request).get();
    }

    private ConnectProject.Outcome.Connected connected(ConnectProject.Request request) throws Exception {
        return assertInstanceOf(ConnectProject.Outcome.Connected.class, connect(request));
    }

    private Invocation invocation(Path runtimeRoot) {
        return Invocations.sandboxed(Instant.parse("2026-01-01T00:00:00Z"), runtimeRoot, loopxHome, sandbox);
    }

    /** Every path under {@code dir} with its size (folders: -1). */
    static Map<String, String> tree(Path dir) throws Exception {
        Map<String, String> tree = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.toList()) {
                tree.put(dir.relativize(p).toString(), Files.isDirectory(p) ? "-1" : String.valueOf(Files.size(p)));
            }
        }
        return tree;
    }
}
