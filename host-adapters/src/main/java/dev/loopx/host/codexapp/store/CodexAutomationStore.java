package dev.loopx.host.codexapp.store;

import dev.loopx.commands.Ids;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
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
    public enum Target { BEFORE, AFTER }

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

    /** Reads one automation from both stores. */
    public Either<StoreProblem, CrossStoreRead> read(String automationId) {
        return withReader(t -> Either.right(read(t, automationId)));
    }

    /** Reads every automation ({@link #automationIds()}) from both stores. */
    public Either<StoreProblem, List<CrossStoreRead>> readAll() {
        return automationIds().flatMap(ids -> withReader(t -> {
            List<CrossStoreRead> out = new ArrayList<>();
            for (String id : ids) {
                out.add(read(t, id));
            }
            return Either.right(out);
        }));
    }

    private CrossStoreRead read(AutomationTable t, String id) throws SQLException, IOException {
        return CrossStoreCheck.evaluate(id, t.rows(id), AtomicFiles.readIfExists(home.automationToml(id)));
    }

    /**
     * Computes (without writing) the exact before and after images of changing one consistent
     * automation's prompt: the TOML rewrite is verified with the TOML parser here.
     */
    public Either<StoreProblem, PromptChange> prepare(String automationId, String newPrompt) {
        return read(automationId).flatMap(r -> switch (r) {
            case CrossStoreRead.Blocked b -> Either.left(StoreProblem.of(StoreProblem.Code.BLOCKED,
                    "the automation is blocked: " + b.reasons().stream().map(BlockReason::wire).collect(Collectors.joining(", "))));
            case CrossStoreRead.Consistent c -> prepare(c.pair(), newPrompt);
        });
    }

    private static Either<StoreProblem, PromptChange> prepare(AutomationPair pair, String newPrompt) {
        if (pair.prompt().equals(newPrompt)) {
            return Either.left(StoreProblem.of(StoreProblem.Code.PROMPT_UNCHANGED, "the automation already has this prompt"));
        }
        byte[] toml = pair.image().toml().orElseThrow();
        return TomlPromptRewriter.rewrite(toml, newPrompt).map(newToml -> {
            String id = pair.automationId();
            RowImage afterRow = pair.image().row().with(RowImage.Column.text("prompt", newPrompt));
            return new PromptChange(id, pair.prompt(), newPrompt, pair.image(),
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

    private Either<StoreProblem, ConvergeOutcome> locked(PromptChange change, Target target, MigrationHook hook, boolean strictApply) {
        String id = change.automationId();
        AutomationImage want = target == Target.AFTER ? change.after() : change.before();
        AutomationImage other = target == Target.AFTER ? change.before() : change.after();
        String wantPrompt = target == Target.AFTER ? change.newPrompt() : change.oldPrompt();
        String otherPrompt = target == Target.AFTER ? change.oldPrompt() : change.newPrompt();
        Path tomlPath = home.automationToml(id);
        byte[] wantToml = want.toml().orElseThrow(() -> new IllegalArgumentException("a prompt change always has TOML images"));
        byte[] otherToml = other.toml().orElseThrow(() -> new IllegalArgumentException("a prompt change always has TOML images"));
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
            Either<StoreProblem, Void> lock = t.beginImmediate();
            if (lock.isLeft()) {
                return Either.left(lock.getLeft());
            }
            boolean tomlWritten = false;
            boolean committed = false;
            try {
                List<RowImage> rows = t.rows(id);
                Optional<byte[]> tomlNow = AtomicFiles.readIfExists(tomlPath);
                Optional<StoreProblem> precondition = strictApply
                        ? applyPrecondition(change, rows, tomlNow)
                        : convergePrecondition(want, other, rows, tomlNow);
                if (precondition.isPresent()) {
                    t.rollback();
                    return Either.left(precondition.get());
                }
                boolean rowAtWant = rows.get(0).equals(want.row());
                boolean tomlAtWant = Arrays.equals(tomlNow.get(), wantToml);
                if (rowAtWant && tomlAtWant) {
                    AtomicFiles.removeStrayTemps(tomlPath.getParent()); // under the lock: no other writer is mid-replace
                    t.rollback();
                    return Either.right(new ConvergeOutcome(target, false, false));
                }
                call(hook, MigrationStep.BEFORE_SQLITE_UPDATE, id);
                if (!rowAtWant && t.casUpdatePrompt(id, otherPrompt, wantPrompt) != 1) {
                    t.rollback();
                    return Either.left(StoreProblem.of(StoreProblem.Code.CAS_CONFLICT,
                            "the stored prompt changed underneath the update; nothing was written"));
                }
                call(hook, MigrationStep.AFTER_SQLITE_UPDATE, id);
                if (!tomlAtWant) {
                    AtomicFiles.replace(tomlPath, wantToml);
                    tomlWritten = true;
                }
                call(hook, MigrationStep.AFTER_TOML_REPLACE, id);
                List<RowImage> rowsBack = t.rows(id);
                call(hook, MigrationStep.DURING_READBACK, id);
                Optional<byte[]> tomlBack = AtomicFiles.readIfExists(tomlPath);
                if (rowsBack.size() != 1 || !rowsBack.get(0).equals(want.row()) || tomlBack.isEmpty()
                        || !Arrays.equals(tomlBack.get(), wantToml)) {
                    t.rollback();
                    if (tomlWritten) {
                        AtomicFiles.replace(tomlPath, otherToml);
                        tomlWritten = false;
                    }
                    return Either.left(StoreProblem.of(StoreProblem.Code.READBACK_MISMATCH,
                            "the stores did not read back as written; the change was undone"));
                }
                AtomicFiles.removeStrayTemps(tomlPath.getParent()); // under the lock: no other writer is mid-replace
                t.commit();
                committed = true;
                call(hook, MigrationStep.AFTER_COMMIT, id);
                return Either.right(new ConvergeOutcome(target, !rowAtWant, !tomlAtWant));
            } catch (RuntimeException | IOException | SQLException e) {
                if (!committed) {
                    undo(t, tomlWritten, tomlPath, otherToml, e);
                }
                throw e;
            }
        } catch (IOException | SQLException e) {
            throw new CodexStoreException("the Codex automation stores could not be written", e);
        }
    }

    /** apply: both stores must hold exactly the before image. */
    private static Optional<StoreProblem> applyPrecondition(PromptChange change, List<RowImage> rows, Optional<byte[]> tomlNow) {
        if (rows.size() != 1 || tomlNow.isEmpty()) {
            return Optional.of(StoreProblem.of(StoreProblem.Code.SOURCE_CHANGED,
                    "the automation's row or TOML is no longer there as planned; nothing was written"));
        }
        AutomationImage now = new AutomationImage(change.automationId(), rows.get(0), tomlNow);
        if (now.equals(change.before())) {
            return Optional.empty();
        }
        boolean onlyPromptMoved = rows.get(0).differingColumns(change.before().row(), "prompt").isEmpty()
                && Arrays.equals(tomlNow.get(), change.before().toml().orElseThrow());
        return Optional.of(onlyPromptMoved
                ? StoreProblem.of(StoreProblem.Code.CAS_CONFLICT, "the stored prompt changed since the change was prepared; nothing was written")
                : StoreProblem.of(StoreProblem.Code.SOURCE_CHANGED, "the automation changed since the change was prepared; nothing was written"));
    }

    /** converge: each store must hold the wanted or the other image. */
    private static Optional<StoreProblem> convergePrecondition(AutomationImage want, AutomationImage other, List<RowImage> rows,
                                                               Optional<byte[]> tomlNow) {
        boolean rowKnown = rows.size() == 1 && (rows.get(0).equals(want.row()) || rows.get(0).equals(other.row()));
        boolean tomlKnown = tomlNow.isPresent() && (Arrays.equals(tomlNow.get(), want.toml().orElseThrow())
                || Arrays.equals(tomlNow.get(), other.toml().orElseThrow()));
        if (rowKnown && tomlKnown) {
            return Optional.empty();
        }
        return Optional.of(StoreProblem.of(StoreProblem.Code.CHANGED_SINCE_MIGRATION,
                (rowKnown ? "the TOML" : tomlKnown ? "the SQLite row" : "both stores")
                        + " changed after the migration; nothing was written"));
    }

    private static void undo(AutomationTable t, boolean tomlWritten, Path tomlPath, byte[] previousToml, Exception cause) {
        try {
            t.rollback();
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
        if (tomlWritten) {
            try {
                AtomicFiles.replace(tomlPath, previousToml);
            } catch (IOException | RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
    }

    private static void call(MigrationHook hook, MigrationStep step, String id) {
        try {
            hook.at(step, id);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new CodexStoreException("the migration hook failed at " + step, e);
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
            Either<StoreProblem, AutomationTable> opened = AutomationTable.open(home.database(), false, busyTimeoutMillis);
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
