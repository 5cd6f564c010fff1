package dev.loopx.host.pack;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.Projector;
import dev.loopx.projections.store.ProjectionFiles;
import dev.loopx.projections.store.SqliteProjectionStore;
import dev.loopx.projections.todo.TodoStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a read-only host surface may know about a project without writing a byte: whether its
 * runtime root exists, and — only when the projection store is already current with the ledger —
 * its goals and their registered agents.
 *
 * <p>{@link #read} never creates the runtime root, never creates or catches up
 * {@code projections.db} and never opens the journal: a missing or stale store is reported as
 * {@code stateCurrent=false} (the next {@code loopx status} brings it up to date). SQLite's
 * transient {@code -wal}/{@code -shm} files of a current store are removed again on close.
 */
public record ProjectSnapshot(boolean connected, boolean stateCurrent, List<Goal> goals) {
    public ProjectSnapshot {
        goals = List.copyOf(goals);
    }

    /** One goal: its id, lifecycle and registered agents (in registration order). */
    public record Goal(String goalId, boolean stopped, List<String> agentIds, int openAgentTodos) {
        public Goal {
            Objects.requireNonNull(goalId, "goalId");
            agentIds = List.copyOf(agentIds);
        }
    }

    public static ProjectSnapshot notConnected() {
        return new ProjectSnapshot(false, true, List.of());
    }

    /** Reads the runtime root at {@code root} without writing anything (see the class comment). */
    public static ProjectSnapshot read(Path root) {
        if (!Files.isDirectory(root.resolve("ledger"))) {
            return notConnected();
        }
        ProjectionFiles files = new ProjectionFiles(root);
        Optional<Head> marker = new HeadMarker(root).committed();
        if (!files.exists() || marker.isEmpty()) {
            return new ProjectSnapshot(true, false, List.of());
        }
        try (SqliteProjectionStore store = SqliteProjectionStore.open(files.dbFile())) {
            if (store.schemaVersion() != Projector.SCHEMA_VERSION
                    || !store.checkpoint().equals(marker.get())) {
                return new ProjectSnapshot(true, false, List.of());
            }
            List<Goal> goals = GoalState.loadAll(store).stream()
                    .map(ProjectSnapshot::summary)
                    .toList();
            return new ProjectSnapshot(true, true, goals);
        }
    }

    public Optional<Goal> goal(String goalId) {
        return goals.stream().filter(g -> g.goalId().equals(goalId)).findFirst();
    }

    private static Goal summary(GoalState state) {
        int open = (int) state.openTodos().stream()
                .filter(t -> t.isAgent() && t.is(TodoStatus.OPEN))
                .count();
        return new Goal(
                state.goal().goalId(), state.goal().stopped(), state.goal().agentIds(), open);
    }
}
