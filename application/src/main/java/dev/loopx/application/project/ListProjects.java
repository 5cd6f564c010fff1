package dev.loopx.application.project;

import dev.loopx.application.Invocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Use case "which projects does this LoopX home know": every entry of {@code projects.json} in
 * index order, by label (never by path), with whether its runtime root is present and, when it can
 * be read, how many goals it holds. Reads each project as the global views do
 * ({@link ScanProjects}: present, missing or unavailable). Never appends, never takes a lock.
 */
public final class ListProjects {
    private ListProjects() {}

    /**
     * One known project.
     *
     * @param runtimeRootPresent false when its runtime root folder no longer exists (moved or deleted)
     * @param goalCount its goals, when it could be read
     * @param errorCode why it could not be read, when its runtime root is there but unreadable
     */
    public record Listed(String label, boolean runtimeRootPresent, OptionalInt goalCount, Optional<String> errorCode) {
        public Listed {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(goalCount, "goalCount");
            Objects.requireNonNull(errorCode, "errorCode");
        }
    }

    public static List<Listed> run(Invocation invocation) {
        List<Listed> listed = new ArrayList<>();
        ScanProjects.Sink<Integer> sink = new ScanProjects.Sink<>() {
            @Override
            public void read(String label, Integer goals) {
                listed.add(new Listed(label, true, OptionalInt.of(goals), Optional.empty()));
            }

            @Override
            public void missing(String label) {
                listed.add(new Listed(label, false, OptionalInt.empty(), Optional.empty()));
            }

            @Override
            public void unavailable(ScanProjects.Unavailable project) {
                listed.add(new Listed(project.label(), true, OptionalInt.empty(), Optional.of(project.errorCode())));
            }
        };
        for (ProjectRegistry.Entry entry : new ProjectRegistry(invocation.loopxHome()).entries()) {
            ScanProjects.scan(entry, invocation, project -> project.goals().size(), sink);
        }
        return listed;
    }
}
