package dev.loopx.application.project;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.files.AtomicReplace;
import dev.loopx.ledger.files.IoReason;
import dev.loopx.ledger.files.SharedFileLock;
import dev.loopx.ledger.json.Json;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code <loopx-home>/projects.json}: the private index of known runtime roots that the global
 * read surfaces scan, {@code connect} extends and {@code projects forget} shrinks. It holds absolute paths, so it is 0600 in a 0700
 * folder and never printed. Every change is one locked read-modify-write: {@link SharedFileLock}
 * on {@code projects.json.lock} beside it (0600, never deleted) is held from the read to the
 * {@link AtomicReplace}, so concurrent {@code connect}s in any number of processes each add their
 * project and none is lost. Readers take no lock: a reader sees the old index or the new one. A
 * symbolic link or anything else that is not a regular file is never written through. Failures
 * are {@link LedgerException}s: {@code project_index_unreadable} (exists but is not a LoopX
 * index), {@code project_index_unwritable}, {@code project_index_lock_timeout} (other processes
 * held the lock for all of the wait; the index is unchanged). Thread-safe.
 */
final class ProjectRegistry {
    /**
     * How long a change waits for the lock. A holder keeps it for one read and one small replace
     * (milliseconds), so a wait this long means a stuck holder or a machine far too loaded.
     */
    static final Duration LOCK_WAIT = Duration.ofSeconds(10);

    private final Path file;
    private final Duration lockWait;

    /** One known project: its runtime root (private: never printed) and its public label. */
    record Entry(Path runtimeRoot, String projectLabel) {}

    ProjectRegistry(Path loopxHome) {
        this(loopxHome, LOCK_WAIT);
    }

    ProjectRegistry(Path loopxHome, Duration lockWait) {
        this.file = loopxHome.resolve("projects.json");
        this.lockWait = lockWait;
    }

    /** The recorded projects, in index order; none when the index does not exist. Reads only. */
    List<Entry> entries() {
        return entries(read());
    }

    private static List<Entry> entries(ObjectNode doc) {
        List<Entry> entries = new ArrayList<>();
        for (JsonNode p : doc.get("projects")) {
            String label = p.path("project_label").asText("");
            entries.add(new Entry(
                    Path.of(p.path("runtime_root").asText("")),
                    label.isBlank() ? "project-" + (entries.size() + 1) : label));
        }
        return entries;
    }

    /** Whether {@code runtimeRoot} is recorded with {@code goalId}, i.e. whether {@link #record} would change nothing. */
    boolean records(Path runtimeRoot, String goalId) {
        ObjectNode entry = find(read(), runtimeRoot);
        return entry != null && hasGoal(entry, goalId);
    }

    /**
     * Records the project with the goal under the index's lock; returns false (and writes nothing)
     * when it was already recorded with it. Stray temp files of crashed replaces are removed first.
     */
    boolean record(Path runtimeRoot, String projectLabel, String goalId) {
        return locked(() -> {
            ObjectNode doc = read();
            ObjectNode entry = find(doc, runtimeRoot);
            if (entry == null) {
                entry = ((ArrayNode) doc.get("projects")).addObject();
                entry.put("runtime_root", runtimeRoot.toString());
                entry.put("project_label", projectLabel);
                entry.putArray("goal_ids");
            }
            if (hasGoal(entry, goalId)) {
                return false;
            }
            ((ArrayNode) entry.get("goal_ids")).add(goalId);
            AtomicReplace.removeStrayTemps(file);
            write(doc);
            return true;
        });
    }

    /**
     * Removes the entries {@code select} picks from the recorded ones, in one locked
     * read-modify-write: {@code select} sees the index as it is under the lock. A left answer, or
     * a right one that picks nothing, writes nothing; otherwise the picked entries (matched by
     * runtime root) leave the index and nothing else in it changes. Never touches a runtime root.
     *
     * @return {@code select}'s answer
     */
    <L> Either<L, List<Entry>> remove(Function<List<Entry>, Either<L, List<Entry>>> select) {
        return locked(() -> {
            ObjectNode doc = read();
            Either<L, List<Entry>> picked = select.apply(entries(doc));
            if (picked.isLeft() || picked.get().isEmpty()) {
                return picked;
            }
            Set<String> roots = new HashSet<>();
            picked.get().forEach(e -> roots.add(e.runtimeRoot().toString()));
            ArrayNode kept = Json.mapper().createArrayNode();
            for (JsonNode p : doc.get("projects")) {
                if (!roots.contains(p.path("runtime_root").asText(""))) {
                    kept.add(p);
                }
            }
            doc.set("projects", kept);
            AtomicReplace.removeStrayTemps(file);
            write(doc);
            return picked;
        });
    }

    /** One change of the index, made while its lock is held. */
    private interface Change<R> {
        R apply() throws IOException;
    }

    /** Runs {@code change} holding the index's lock; its failures become the index's {@link LedgerException}s. */
    private <R> R locked(Change<R> change) {
        try (SharedFileLock.Held locked = SharedFileLock.acquire(file, lockWait)) {
            return change.apply();
        } catch (SharedFileLock.TimedOut e) {
            throw new LedgerException(
                    "project_index_lock_timeout",
                    "could not take the lock of the LoopX project index (projects.json.lock) within " + e.waitedMillis()
                            + " ms: other LoopX processes held it; the index is unchanged",
                    e);
        } catch (IOException e) {
            throw new LedgerException(
                    "project_index_unwritable",
                    "cannot update the LoopX project index (projects.json: " + IoReason.of(e) + ")",
                    e);
        }
    }

    private static boolean hasGoal(ObjectNode entry, String goalId) {
        for (JsonNode g : entry.get("goal_ids")) {
            if (g.asText().equals(goalId)) {
                return true;
            }
        }
        return false;
    }

    private static ObjectNode find(ObjectNode doc, Path runtimeRoot) {
        for (JsonNode p : doc.get("projects")) {
            if (p.path("runtime_root").asText().equals(runtimeRoot.toString())) {
                return (ObjectNode) p;
            }
        }
        return null;
    }

    private ObjectNode read() {
        if (Files.exists(file)) {
            try {
                JsonNode node = Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
                if (node instanceof ObjectNode o && o.get("projects") instanceof ArrayNode) {
                    return o;
                }
            } catch (IOException e) {
                throw new LedgerException(
                        "project_index_unreadable", "the LoopX project index (projects.json) is unreadable", e);
            }
            throw new LedgerException(
                    "project_index_unreadable", "the LoopX project index (projects.json) is not a LoopX index");
        }
        ObjectNode doc = Json.object();
        doc.put("schema_version", "loopx_projects_v0");
        doc.putArray("projects");
        return doc;
    }

    /**
     * Fails ({@code project_index_unwritable}) when {@link #record} could not write: its folder (or
     * the nearest one that exists on the way to it, which would be created) is not writable by this user. Run before
     * anything else is written, so a connect that cannot record the project writes nothing.
     */
    void requireWritable() {
        Path existing = file.getParent();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing) || !Files.isWritable(existing)) {
            throw new LedgerException(
                    "project_index_unwritable",
                    "cannot write the LoopX project index (projects.json): its folder is not writable");
        }
    }

    /** 0600 whatever was there before; a missing LoopX home is created 0700. */
    private void write(ObjectNode doc) {
        try {
            byte[] bytes = (Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(doc) + "\n")
                    .getBytes(StandardCharsets.UTF_8);
            AtomicReplace.privateFile().creatingPrivateFolders().replace(file, bytes);
        } catch (IOException e) {
            throw new LedgerException(
                    "project_index_unwritable", "cannot write the LoopX project index (projects.json)", e);
        }
    }
}
