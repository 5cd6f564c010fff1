package dev.loopx.host.pack;

import dev.loopx.host.surface.HostSurface;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a host asked a read-only pack or plan for. Strings are empty when not given;
 * {@code defaultGoalId} is the id {@code connect} would register ({@code <project>-goal}).
 */
public record PackRequest(
        RuntimeRef runtime,
        String projectLabel,
        String defaultGoalId,
        String goalId,
        String agentId,
        String goalText,
        Optional<HostSurface> hostSurface,
        String cliBin) {
    public PackRequest {
        Objects.requireNonNull(runtime, "runtime");
        Objects.requireNonNull(projectLabel, "projectLabel");
        Objects.requireNonNull(defaultGoalId, "defaultGoalId");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(goalText, "goalText");
        Objects.requireNonNull(hostSurface, "hostSurface");
        Objects.requireNonNull(cliBin, "cliBin");
    }

    /** The {@code loopx connect} call for this project (optionally as a dry run). */
    CliCall connect(String goal, boolean dryRun) {
        List<String> args = new ArrayList<>(List.of("connect", "--project", runtime.project()));
        if (!runtime.runtimeRoot().isEmpty()) {
            args.addAll(0, List.of("--runtime-root", runtime.runtimeRoot()));
        }
        args.addAll(List.of("--goal-id", goal));
        if (dryRun) {
            args.add("--dry-run");
        }
        return CliCall.loopx(args);
    }

    /** A LoopX call that reads or writes the runtime root ({@code --runtime-root} added when needed). */
    CliCall loopx(String... args) {
        return CliCall.loopx(runtime.with(List.of(args)));
    }
}
