package dev.loopx.application.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.loopx.application.InvalidRequest;
import dev.loopx.host.pack.GoalStart;
import dev.loopx.host.pack.NextStep;
import dev.loopx.host.surface.HostSurface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read-only pack and the guided start on a project that is not connected: both plan, neither writes. */
class PackServicesTest {
    @TempDir
    Path sandbox;

    @Test
    void aProjectThatIsNotConnected_isConfirmedBeforeConnecting_andNothingIsCreated() throws Exception {
        Files.createDirectories(sandbox.resolve("weather-app"));
        var pack = BuildCommandPack.run(environment(), query("weather-app", "", Optional.empty()));

        var step = (NextStep.ConfirmBeforeBootstrapMutation) pack.nextStep();
        assertEquals(
                "loopx --runtime-root weather-app/.loopx connect --project weather-app --goal-id weather-app-goal"
                        + " --dry-run",
                step.dryRun().line("loopx"));
        assertEquals(
                List.of(
                        "lx",
                        "--runtime-root",
                        "weather-app/.loopx",
                        "connect",
                        "--project",
                        "weather-app",
                        "--goal-id",
                        "weather-app-goal"),
                step.afterConfirmation().argv("lx"));
        assertEquals("", pack.goalId());
        assertFalse(Files.exists(sandbox.resolve("weather-app/.loopx")));
    }

    @Test
    void theGuidedStart_gatesOnTheHostSurface_thenPlansSevenSteps() throws Exception {
        Files.createDirectories(sandbox.resolve("weather-app"));
        var gate = (GoalStart.Gate) PlanStartGoal.run(environment(), query("weather-app", "ship v2", Optional.empty()));
        assertEquals("host_surface_selection_required", gate.kind());
        assertEquals(HostSurface.wireNames().size(), gate.options().size());

        var plan = (GoalStart.Plan)
                PlanStartGoal.run(environment(), query("weather-app", "ship v2", Optional.of(HostSurface.PI)));
        assertEquals("weather-app-goal", plan.goalId());
        assertEquals("ship v2", plan.todos().get(0).todo().text());
        assertEquals(
                List.of(
                        "connect_if_needed",
                        "plan_todos",
                        "write_todos",
                        "refresh_state",
                        "activate_host_loop",
                        "quota_guard",
                        "scheduler_ack_when_needed"),
                plan.steps().stream().map(GoalStart.Step::step).toList());
        assertFalse(Files.exists(sandbox.resolve("weather-app/.loopx")));
    }

    @Test
    void aMissingProjectFolderIsRefused() {
        assertEquals(
                "project_not_found",
                assertThrows(
                                InvalidRequest.class,
                                () -> BuildCommandPack.run(environment(), query("nope", "", Optional.empty())))
                        .errorCode());
    }

    private HostEnvironment environment() {
        return new HostEnvironment(Map.of(), sandbox, sandbox.resolve("home"));
    }

    private static PackQuery query(String project, String goalText, Optional<HostSurface> surface) {
        return new PackQuery(project, Optional.empty(), "", "", goalText, surface, "loopx");
    }
}
