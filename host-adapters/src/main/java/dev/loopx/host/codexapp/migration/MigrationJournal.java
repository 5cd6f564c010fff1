package dev.loopx.host.codexapp.migration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.Ids;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.PromptChange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The private journals of prompt migrations: one file per automation <em>per Codex home</em>,
 * {@code <runtime-root>/private/automation-migrations/<home-key>/<automation-id>.json} (folders
 * 0700, file 0600; {@code home-key} is the first 16 hex digits of the home's
 * {@link CodexHome#identitySha256()}), holding the exact before and after images
 * ({@link PromptChange#toJson()}), the Codex home and the migration's state. It is written before
 * either store is touched, so an interrupted migration can always be finished ({@code recover}) or
 * undone ({@code rollback}). A journal of one home never affects the same automation id in
 * another. A journal of the earlier layout ({@code automation-migrations/<id>.json}, one per id)
 * is still read as the journal of the home it records. Holds prompt bodies and local paths: never
 * printed.
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
            return name().toLowerCase(Locale.ROOT);
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
                    State.valueOf(o.get("state").asText().toUpperCase(Locale.ROOT)),
                    o.path("started_at").asText(""),
                    o.path("updated_at").asText(""),
                    PromptChange.fromJson(o.get("change")));
        }
    }

    private final Path root;
    private final Path dir;
    private final CodexHome home;

    /**
     * @param runtimeRoot the runtime root whose {@code private/} folder holds the journals
     * @param home the Codex home whose migrations this journal records
     */
    public MigrationJournal(Path runtimeRoot, CodexHome home) {
        this.root = runtimeRoot.resolve("private").resolve("automation-migrations");
        this.home = Objects.requireNonNull(home, "home");
        this.dir = root.resolve(homeKey(home));
    }

    /** The folder name of one Codex home's journals. */
    static String homeKey(CodexHome home) {
        return home.identitySha256().substring(0, 16);
    }

    public Path directory() {
        return dir;
    }

    /** The journal file of one automation in this home; the id must pass the §S0 id rule. */
    public Path file(String automationId) {
        return dir.resolve(checked(automationId) + ".json");
    }

    /** The earlier layout's journal of an id (one for the whole runtime root). */
    private Path legacyFile(String automationId) {
        return root.resolve(checked(automationId) + ".json");
    }

    /** Refuses ({@link PrivateFiles.Refused}) when the journal of {@code automationId} could not be written safely. */
    public void requireWritable(String automationId) {
        PrivateFiles.requireReplaceable(file(automationId), root.getParent());
    }

    /**
     * The Codex homes (as recorded) that have a journal for {@code automationId} in this runtime
     * root, in folder order; the earlier layout's journal counts for the home it records.
     */
    public static List<String> homesWithJournal(Path runtimeRoot, String automationId) {
        Path root = runtimeRoot.resolve("private").resolve("automation-migrations");
        checked(automationId);
        Set<String> homes = new LinkedHashSet<>();
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> entries = Files.list(root)) {
                entries.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                        .sorted()
                        .map(p -> p.resolve(automationId + ".json"))
                        .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                        .forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException("the migration journals could not be listed", e);
            }
            Path legacy = root.resolve(automationId + ".json");
            if (Files.isRegularFile(legacy, LinkOption.NOFOLLOW_LINKS)) {
                files.add(legacy);
            }
        }
        for (Path f : files) {
            try {
                homes.add(Entry.fromJson(MAPPER.readTree(Files.readAllBytes(f))).codexHome());
            } catch (IOException | RuntimeException e) {
                throw new IllegalStateException("a migration journal could not be read", e);
            }
        }
        return List.copyOf(homes);
    }

    private static String checked(String automationId) {
        Ids.problem("automation id", automationId).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
        return automationId;
    }

    /** This home's journal of {@code automationId}, if any (the earlier layout's too, when it records this home). */
    public Optional<Entry> read(String automationId) {
        Optional<Entry> found = readFile(file(automationId));
        if (found.isPresent()) {
            return found;
        }
        return readFile(legacyFile(automationId)).filter(this::ofThisHome);
    }

    private boolean ofThisHome(Entry e) {
        return new CodexHome(Path.of(e.codexHome()), CodexHome.Source.FLAG)
                .identitySha256()
                .equals(home.identitySha256());
    }

    private static Optional<Entry> readFile(Path file) {
        try {
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                // a link, FIFO or device where a journal belongs is never followed or read
                throw new PrivateFiles.Refused(file, "a non-regular file at a migration journal's path");
            }
            return Optional.of(Entry.fromJson(MAPPER.readTree(Files.readAllBytes(file))));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("the migration journal could not be read", e);
        }
    }

    public void write(Entry entry) {
        try {
            PrivateFiles.write(file(entry.automationId()), MAPPER.writeValueAsBytes(entry.toJson()), root.getParent());
            Path legacy = legacyFile(entry.automationId());
            if (readFile(legacy).filter(this::ofThisHome).isPresent()) {
                Files.delete(legacy); // moved to this home's folder
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the migration journal could not be written", e);
        }
    }
}
