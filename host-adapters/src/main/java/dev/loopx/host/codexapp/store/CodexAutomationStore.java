package dev.loopx.host.codexapp.store;

import dev.loopx.commands.Ids;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The Codex App's heartbeat automations in one Codex home: the SQLite table
 * ({@code sqlite/codex-dev.db}, {@code automations}) and its TOML mirror
 * ({@code automations/<id>/automation.toml}).
 *
 * <p>Guarantees: reads issue no SQL write (and leave no {@code -wal}/{@code -shm} files). The only writes are {@link #apply} and
 * {@link #converge}; each holds the SQLite writer lock ({@code BEGIN IMMEDIATE}) from re-reading
 * both stores, through the compare-and-swap row update and the atomic TOML replacement, to the
 * read-back of both; it commits only when both read back exactly as intended, and otherwise rolls
 * the row back and puts the old TOML bytes back. Only the {@code prompt} column of one row and the
 * prompt literal of one TOML file ever change; other columns, rows, tables and TOML bytes are
 * never written. Any difference from the expected images refuses the write with a
 * {@link StoreProblem} before anything is changed.
 *
 * <p>Stateless between calls (each call opens and closes its own connection); safe to use from
 * several threads, which then contend on the SQLite writer lock like separate processes.
 */
public final class CodexAutomationStore {
    /** Which recorded image {@link #converge} moves both stores to. */
    public enum Target {
        BEFORE,
        AFTER
    }

    /** Default wait for another writer (e.g. the Codex App) to release the SQLite lock. */
    public static final int DEFAULT_BUSY_TIMEOUT_MILLIS = 2_000;

    private final CodexHome home;
    private final int busyTimeoutMillis;

    public CodexAutomationStore(CodexHome home) {
        this(home, DEFAULT_BUSY_TIMEOUT_MILLIS);
    }

    public CodexAutomationStore(CodexHome home, int busyTimeoutMillis) {
        this.home = Objects.requireNonNull(home, "home");
        this.busyTimeoutMillis = busyTimeoutMillis;
    }

    public CodexHome home() {
        return home;
    }

    /** The {@code automations} columns in table order, or why the schema is unsupported. */
    public Either<StoreProblem, List<String>> columns() {
        return withReader(t -> Either.right(t.columns()));
    }

    /**
     * Ids known to either store (SQLite text ids and {@code automations/<id>/} folders holding an
     * {@code automation.toml}), sorted. Ids that break the §S0 id rule cannot be addressed and are
     * left out.
     */
    public Either<StoreProblem, List<String>> automationIds() {
        return withReader(t -> {
            TreeSet<String> ids = new TreeSet<>(t.ids());
            Path dir = home.root().resolve("automations");
            if (Files.isDirectory(dir)) {
                try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
                    for (Path p : stream) {
                        if (Files.isRegularFile(p.resolve("automation.toml"))) {
                            ids.add(p.getFileName().toString());
                        }
                    }
                }
            }
            ids.removeIf(id -> Ids.problem("automation id", id).isPresent());
            return Either.right(List.copyOf(ids));
        });
    }

    /**
     * Reads one automation from both stores.
     *
     * @throws IllegalArgumentException for an id that breaks the §S0 id rule (validate input first)
     */
    public Either<StoreProblem, CrossStoreRead> read(String automationId) {
        return withReader(t -> Either.right(read(t, automationId)));
    }

    /** Reads every automation ({@link #automationIds()}) from both stores. */
    public Either<StoreProblem, List<CrossStoreRead>> readAll() {
        return automationIds()
                .flatMap(ids -> withReader(t -> {
                    List<CrossStoreRead> out = new ArrayList<>();
                    for (String id : ids) {
                        out.add(read(t, id));
                    }
                    return Either.right(out);
                }));
    }

    private CrossStoreRead read(AutomationTable t, String id) throws SQLException, IOException {
        Path toml = home.automationToml(id);
        return CrossStoreCheck.evaluate(
                id, t.rows(id), AutomationToml.readIfExists(toml), AutomationToml.isPlainFile(toml));
    }

    /**
     * Computes (without writing) the exact before and after images of changing one consistent
     * automation's prompt: the TOML rewrite is verified with the TOML parser here.
     */
    public Either<StoreProblem, PromptChange> prepare(String automationId, String newPrompt) {
        return read(automationId).flatMap(r -> switch (r) {
            case CrossStoreRead.Blocked b ->
                Either.left(StoreProblem.of(
                        StoreProblem.Code.BLOCKED,
                        "the automation is blocked: "
                                + b.reasons().stream().map(BlockReason::wire).collect(Collectors.joining(", "))));
            case CrossStoreRead.Consistent c -> prepare(c.pair(), newPrompt);
        });
    }

    private static Either<StoreProblem, PromptChange> prepare(AutomationPair pair, String newPrompt) {
        if (pair.prompt().equals(newPrompt)) {
            return Either.left(
                    StoreProblem.of(StoreProblem.Code.PROMPT_UNCHANGED, "the automation already has this prompt"));
        }
        byte[] toml = pair.image().toml().orElseThrow();
        return TomlPromptRewriter.rewrite(toml, newPrompt).map(newToml -> {
            String id = pair.automationId();
            RowImage afterRow = pair.image().row().with(RowImage.Column.text("prompt", newPrompt));
            return new PromptChange(
                    id,
                    pair.prompt(),
                    newPrompt,
                    pair.image(),
                    new AutomationImage(id, afterRow, Optional.of(newToml)));
        });
    }

    /**
     * Writes a prepared change: under the writer lock, both stores must still equal
     * {@code change.before()} ({@code cas_conflict} when only the prompt moved,
     * {@code source_changed} otherwise); then the compare-and-swap update, the atomic TOML
     * replacement and the read-back of both, then commit. {@code hook} runs at each
     * {@link MigrationStep}. A hook or I/O failure before the commit rolls the row back, puts the
     * old TOML back and rethrows.
     */
    public Either<StoreProblem, PromptChange> apply(PromptChange change, MigrationHook hook) {
        Either<StoreProblem, ConvergeOutcome> outcome = locked(change, Target.AFTER, hook, true);
        return outcome.map(o -> change);
    }

    /**
     * Moves both stores to one recorded image of {@code change} — {@link Target#BEFORE} is the
     * byte-identical restore behind rollback and recover, {@link Target#AFTER} finishes an
     * interrupted apply. Each store must hold either the before or the after image (any mix, as a
     * crash can leave); otherwise {@code changed_since_migration} and nothing is written.
     * Idempotent: a repeat finds both stores at the target and writes nothing. Stray temp files of
     * an interrupted TOML replacement are removed.
     */
    public Either<StoreProblem, ConvergeOutcome> converge(PromptChange change, Target target, MigrationHook hook) {
        return locked(change, target, hook, false);
    }

    private Either<StoreProblem, ConvergeOutcome> locked(
            PromptChange change, Target target, MigrationHook hook, boolean strictApply) {
        Path tomlPath = home.automationToml(change.automationId());
        Either<StoreProblem, AutomationTable> opened;
        try {
            opened = AutomationTable.open(home.database(), false, busyTimeoutMillis);
        } catch (SQLException e) {
            throw new CodexStoreException("the Codex database could not be opened for writing", e);
        }
        if (opened.isLeft()) {
            return Either.left(opened.getLeft());
        }
        try (AutomationTable t = opened.get()) {
            return new LockedWrite(t, tomlPath, change, target, hook).run(strictApply);
        } catch (IOException | SQLException e) {
            throw new CodexStoreException("the Codex automation stores could not be written", e);
        }
    }

    @FunctionalInterface
    private interface ReadWork<T> {
        Either<StoreProblem, T> run(AutomationTable table) throws SQLException, IOException;
    }

    private <T> Either<StoreProblem, T> withReader(ReadWork<T> work) {
        try {
            // Not SQLite's read-only mode: on a WAL database that leaves -wal/-shm files behind,
            // while a read-write connection that issues no write removes them on close.
            Either<StoreProblem, AutomationTable> opened =
                    AutomationTable.open(home.database(), false, busyTimeoutMillis);
            if (opened.isLeft()) {
                return Either.left(opened.getLeft());
            }
            try (AutomationTable t = opened.get()) {
                return work.run(t);
            }
        } catch (SQLException | IOException e) {
            throw new CodexStoreException("the Codex automation stores could not be read", e);
        }
    }
}
