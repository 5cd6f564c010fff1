package dev.loopx.application.host;

import dev.loopx.application.InvalidRequest;
import dev.loopx.commands.Ids;
import dev.loopx.host.pack.PackRequest;
import dev.loopx.host.pack.ProjectSnapshot;
import dev.loopx.host.pack.RuntimeRef;
import dev.loopx.host.surface.HostSurface;
import dev.loopx.projections.next.Flag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What a host asks the read-only pack ({@link BuildCommandPack}) or the guided start
 * ({@link PlanStartGoal}) about: the project folder as given, the explicit runtime root if any, the
 * chosen goal and agent ({@code ""} when not given), the public-safe goal text ({@code ""} for
 * none), the host surface and how printed commands name the CLI.
 */
public record PackQuery(
        String project,
        Optional<Path> runtimeRoot,
        String goalId,
        String agentId,
        String goalText,
        Optional<HostSurface> hostSurface,
        String cliBin) {
    public PackQuery {
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(runtimeRoot, "runtimeRoot");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(goalText, "goalText");
        Objects.requireNonNull(hostSurface, "hostSurface");
        Objects.requireNonNull(cliBin, "cliBin");
    }

    /**
     * The adapter's request: the project's label and default goal id, and how printed commands
     * find the project and runtime root. Refuses a project that is not an existing folder.
     */
    PackRequest request(HostEnvironment environment) {
        Path cwd = environment.workingDirectory();
        Path projectDir = projectDir(environment);
        if (!Files.isDirectory(projectDir)) {
            throw new InvalidRequest("project_not_found", Flag.PROJECT, "is not an existing folder");
        }
        String label = Ids.sanitise(
                projectDir.getFileName() == null
                        ? "project"
                        : projectDir.getFileName().toString(),
                "project");
        String projectRef = reference(cwd, projectDir, project);
        String rootRef = runtimeRoot
                .map(r -> reference(cwd, r, r.toString()))
                .orElse(projectRef.equals(".") ? "" : projectRef + "/.loopx");
        return new PackRequest(
                new RuntimeRef(projectRef, rootRef),
                label,
                Ids.sanitise(label + "-goal", "project-goal"),
                goalId,
                agentId,
                goalText,
                hostSurface,
                cliBin);
    }

    /** Reads the runtime root without writing (never creates it, never catches projections up). */
    ProjectSnapshot snapshot(HostEnvironment environment) {
        return ProjectSnapshot.read(runtimeRoot.orElse(projectDir(environment).resolve(".loopx")));
    }

    private Path projectDir(HostEnvironment environment) {
        return environment.workingDirectory().resolve(project).normalize();
    }

    /** {@code .} for the working directory, a relative path below it, else what the user gave. */
    private static String reference(Path cwd, Path dir, String given) {
        if (dir.equals(cwd)) {
            return ".";
        }
        if (dir.startsWith(cwd)) {
            return cwd.relativize(dir).toString().replace('\\', '/');
        }
        return given;
    }
}
