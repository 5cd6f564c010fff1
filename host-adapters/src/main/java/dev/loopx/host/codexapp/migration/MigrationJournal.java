package dev.loopx.host.codexapp.migration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.codexapp.store.PromptChange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The private journals of prompt migrations: one file per automation,
 * {@code <runtime-root>/private/automation-migrations/<automation-id>.json} (folder 0700, file
 * 0600), holding the exact before and after images ({@link PromptChange#toJson()}) and the
 * migration's state. It is written before either store is touched, so an interrupted migration
 * can always be finished ({@code recover}) or undone ({@code rollback}). Holds prompt bodies and
 * local paths: never printed.
 */
public final class MigrationJournal {
    public static final String SCHEMA = "loopx_automation_migration_journal_v0";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Where a migration stands. */
    public enum State {
        /** Journal written; the store write may or may not have happened (recover or roll back). */
        PENDING,
        /** Both stores hold the after image and the outcome is in the ledger. */
        APPLIED,
        /** Both stores were restored to the before image. */
        ROLLED_BACK,
        /** The store refused the write before changing anything; nothing to recover. */
        ABANDONED;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One journal entry. */
    public record Entry(
            String automationId,
            String goalId,
            String agentId,
            String targetThreadId,
            String codexHome,
            State state,
            String startedAt,
            String updatedAt,
            PromptChange change) {
        public Entry {
            Objects.requireNonNull(automationId, "automationId");
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(targetThreadId, "targetThreadId");
            Objects.requireNonNull(codexHome, "codexHome");
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(change, "change");
        }

        public Entry with(State next, String at) {
            return new Entry(automationId, goalId, agentId, targetThreadId, codexHome, next, startedAt, at, change);
        }

        ObjectNode toJson() {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            o.put("schema_version", SCHEMA);
            o.put("automation_id", automationId);
            o.put("goal_id", goalId);
            o.put("agent_id", agentId);
            o.put("target_thread_id", targetThreadId);
            o.put("codex_home", codexHome);
            o.put("state", state.wire());
            o.put("started_at", startedAt);
            o.put("updated_at", updatedAt);
            o.set("change", change.toJson());
            return o;
        }

        static Entry fromJson(JsonNode o) {
            if (!SCHEMA.equals(o.path("schema_version").asText())) {
                throw new IllegalArgumentException("not a " + SCHEMA + " journal");
            }
            return new Entry(
                    o.get("automation_id").asText(),
                    o.get("goal_id").asText(),
                    o.get("agent_id").asText(),
                    o.path("target_thread_id").asText(""),
                    o.get("codex_home").asText(),
                    State.valueOf(o.get("state").asText().toUpperCase(java.util.Locale.ROOT)),
                    o.path("started_at").asText(""),
                    o.path("updated_at").asText(""),
                    PromptChange.fromJson(o.get("change")));
        }
    }

    private final Path dir;

    /** @param runtimeRoot the runtime root whose {@code private/} folder holds the journals */
    public MigrationJournal(Path runtimeRoot) {
        this.dir = runtimeRoot.resolve("private").resolve("automation-migrations");
    }

    public Path directory() {
        return dir;
    }

    /** The journal file of one automation; the id must pass the §S0 id rule. */
    public Path file(String automationId) {
        return dir.resolve(checked(automationId) + ".json");
    }

    private static String checked(String automationId) {
        dev.loopx.commands.Ids.problem("automation id", automationId).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
        return automationId;
    }

    public Optional<Entry> read(String automationId) {
        try {
            return Optional.of(Entry.fromJson(MAPPER.readTree(Files.readAllBytes(file(automationId)))));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("the migration journal could not be read", e);
        }
    }

    public void write(Entry entry) {
        try {
            PrivateFiles.write(file(entry.automationId()), MAPPER.writeValueAsBytes(entry.toJson()));
        } catch (IOException e) {
            throw new UncheckedIOException("the migration journal could not be written", e);
        }
    }
}
