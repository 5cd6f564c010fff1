package dev.loopx.cli.goal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * {@code <loopx-home>/projects.json}: the private index of known runtime roots used by the
 * global manager commands. Holds absolute paths, so it is 0600 in a 0700 folder and never
 * printed. Updated by atomic replace.
 */
public final class ProjectRegistry {
    private final Path file;

    /** One known project: its runtime root (private: never printed) and its public label. */
    public record Entry(Path runtimeRoot, String projectLabel) {}

    public ProjectRegistry(Path loopxHome) {
        this.file = loopxHome.resolve("projects.json");
    }

    /** The recorded projects, in index order; none when the index does not exist. Reads only. */
    public java.util.List<Entry> entries() {
        java.util.List<Entry> entries = new java.util.ArrayList<>();
        for (JsonNode p : read().get("projects")) {
            String label = p.path("project_label").asText("");
            entries.add(new Entry(Path.of(p.path("runtime_root").asText("")),
                    label.isBlank() ? "project-" + (entries.size() + 1) : label));
        }
        return entries;
    }

    boolean contains(Path runtimeRoot) {
        return find(read(), runtimeRoot) != null;
    }

    /** Records the project; returns false when it was already recorded with this goal. */
    boolean record(Path runtimeRoot, String projectLabel, String goalId) {
        ObjectNode doc = read();
        ArrayNode projects = (ArrayNode) doc.get("projects");
        ObjectNode entry = find(doc, runtimeRoot);
        if (entry == null) {
            entry = projects.addObject();
            entry.put("runtime_root", runtimeRoot.toString());
            entry.put("project_label", projectLabel);
            entry.putArray("goal_ids");
        }
        ArrayNode goals = (ArrayNode) entry.get("goal_ids");
        for (JsonNode g : goals) {
            if (g.asText().equals(goalId)) {
                return false;
            }
        }
        goals.add(goalId);
        write(doc);
        return true;
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
                throw new LedgerException("project_index_unreadable", "the LoopX project index (projects.json) is unreadable", e);
            }
            throw new LedgerException("project_index_unreadable", "the LoopX project index (projects.json) is not a LoopX index");
        }
        ObjectNode doc = Json.object();
        doc.put("schema_version", "loopx_projects_v0");
        doc.putArray("projects");
        return doc;
    }

    private void write(ObjectNode doc) {
        try {
            Path dir = file.getParent();
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir);
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            }
            Path tmp = dir.resolve("projects.json.tmp");
            Files.writeString(tmp, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(doc) + "\n",
                    StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | UnsupportedOperationException e) {
            throw new LedgerException("project_index_unwritable", "cannot write the LoopX project index (projects.json)", e);
        }
    }
}
