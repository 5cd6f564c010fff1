package dev.loopx.host.codexapp.store;

import dev.loopx.ledger.files.AtomicReplace;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One locked write of one automation toward one recorded image of a {@link PromptChange}:
 * {@code BEGIN IMMEDIATE} → re-read and check both stores → compare-and-swap the row → atomically
 * replace the TOML → read both back → commit, with the {@link MigrationHook} called between the
 * steps. Any refusal or failure before the commit rolls the row back and puts the previous TOML
 * bytes back. Single use; not thread-safe.
 */
final class LockedWrite {
    private final AutomationTable table;
    private final Path tomlPath;
    private final PromptChange change;
    private final CodexAutomationStore.Target target;
    private final MigrationHook hook;
    private final AutomationImage want;
    private final AutomationImage other;
    private final byte[] wantToml;
    private final byte[] otherToml;
    private boolean tomlWritten;

    LockedWrite(
            AutomationTable table,
            Path tomlPath,
            PromptChange change,
            CodexAutomationStore.Target target,
            MigrationHook hook) {
        this.table = table;
        this.tomlPath = tomlPath;
        this.change = change;
        this.target = target;
        this.hook = hook;
        boolean forward = target == CodexAutomationStore.Target.AFTER;
        this.want = forward ? change.after() : change.before();
        this.other = forward ? change.before() : change.after();
        this.wantToml =
                want.toml().orElseThrow(() -> new IllegalArgumentException("a prompt change always has TOML images"));
        this.otherToml =
                other.toml().orElseThrow(() -> new IllegalArgumentException("a prompt change always has TOML images"));
    }

    /** {@code strictApply}: both stores must hold exactly the other image (apply), not either image (converge). */
    Either<StoreProblem, ConvergeOutcome> run(boolean strictApply) throws IOException, SQLException {
        Either<StoreProblem, Void> lock = table.beginImmediate();
        if (lock.isLeft()) {
            return Either.left(lock.getLeft());
        }
        boolean committed = false;
        try {
            List<RowImage> rows = table.rows(change.automationId());
            Optional<byte[]> tomlNow = AutomationToml.readIfExists(tomlPath);
            Optional<StoreProblem> refused = !AutomationToml.isPlainFile(tomlPath)
                    ? Optional.of(StoreProblem.of(
                            StoreProblem.Code.SOURCE_CHANGED,
                            "automation.toml is missing or not a plain file; nothing was written"))
                    : strictApply ? applyPrecondition(rows, tomlNow) : convergePrecondition(rows, tomlNow);
            if (refused.isPresent()) {
                table.rollback();
                return Either.left(refused.get());
            }
            boolean rowAtWant = rows.get(0).equals(want.row());
            boolean tomlAtWant = Arrays.equals(tomlNow.orElseThrow(), wantToml);
            if (!(rowAtWant && tomlAtWant)) {
                Optional<StoreProblem> failed = write(rowAtWant, tomlAtWant);
                if (failed.isPresent()) {
                    undo();
                    return Either.left(failed.get());
                }
            }
            AtomicReplace.removeStrayTemps(tomlPath); // under the lock: no other writer is mid-replace
            if (rowAtWant && tomlAtWant) {
                table.rollback(); // nothing was written; just release the lock
                return Either.right(new ConvergeOutcome(target, false, false));
            }
            table.commit();
            committed = true;
            call(MigrationStep.AFTER_COMMIT);
            return Either.right(new ConvergeOutcome(target, !rowAtWant, !tomlAtWant));
        } catch (RuntimeException | IOException | SQLException e) {
            if (!committed) {
                try {
                    undo();
                } catch (RuntimeException | IOException | SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** The update, the replacement and the read-back; a present answer means "undo and refuse". */
    private Optional<StoreProblem> write(boolean rowAtWant, boolean tomlAtWant) throws IOException, SQLException {
        boolean forward = target == CodexAutomationStore.Target.AFTER;
        String wantPrompt = forward ? change.newPrompt() : change.oldPrompt();
        String otherPrompt = forward ? change.oldPrompt() : change.newPrompt();
        call(MigrationStep.BEFORE_SQLITE_UPDATE);
        if (!rowAtWant && table.casUpdatePrompt(change.automationId(), otherPrompt, wantPrompt) != 1) {
            return Optional.of(StoreProblem.of(
                    StoreProblem.Code.CAS_CONFLICT,
                    "the stored prompt changed underneath the update; nothing was written"));
        }
        call(MigrationStep.AFTER_SQLITE_UPDATE);
        if (!tomlAtWant) {
            tomlWritten = true; // set first: a failed rename may still have happened
            AtomicReplace.keepingMode().replace(tomlPath, wantToml);
        }
        call(MigrationStep.AFTER_TOML_REPLACE);
        List<RowImage> rowsBack = table.rows(change.automationId());
        call(MigrationStep.DURING_READBACK);
        Optional<byte[]> tomlBack = AutomationToml.readIfExists(tomlPath);
        if (rowsBack.size() != 1
                || !rowsBack.get(0).equals(want.row())
                || tomlBack.isEmpty()
                || !Arrays.equals(tomlBack.get(), wantToml)) {
            return Optional.of(StoreProblem.of(
                    StoreProblem.Code.READBACK_MISMATCH,
                    "the stores did not read back as written; the change was undone"));
        }
        return Optional.empty();
    }

    /** Rolls the row back and, when this write replaced the TOML, puts the previous bytes back. */
    private void undo() throws IOException, SQLException {
        table.rollback();
        if (tomlWritten) {
            AtomicReplace.keepingMode().replace(tomlPath, otherToml);
            tomlWritten = false;
        }
    }

    /** apply: both stores must hold exactly the before image. */
    private Optional<StoreProblem> applyPrecondition(List<RowImage> rows, Optional<byte[]> tomlNow) {
        if (rows.size() != 1 || tomlNow.isEmpty()) {
            return Optional.of(StoreProblem.of(
                    StoreProblem.Code.SOURCE_CHANGED,
                    "the automation's row or TOML is no longer there as planned; nothing was written"));
        }
        if (new AutomationImage(change.automationId(), rows.get(0), tomlNow).equals(other)) {
            return Optional.empty();
        }
        boolean onlyPromptMoved =
                rows.get(0).differingColumns(other.row(), "prompt").isEmpty()
                        && Arrays.equals(tomlNow.get(), otherToml);
        return Optional.of(
                onlyPromptMoved
                        ? StoreProblem.of(
                                StoreProblem.Code.CAS_CONFLICT,
                                "the stored prompt changed since the change was prepared; nothing was written")
                        : StoreProblem.of(
                                StoreProblem.Code.SOURCE_CHANGED,
                                "the automation changed since the change was prepared; nothing was written"));
    }

    /** converge: each store must hold the wanted or the other image, in any mix. */
    private Optional<StoreProblem> convergePrecondition(List<RowImage> rows, Optional<byte[]> tomlNow) {
        boolean rowKnown = rows.size() == 1
                && (rows.get(0).equals(want.row()) || rows.get(0).equals(other.row()));
        boolean tomlKnown = tomlNow.isPresent()
                && (Arrays.equals(tomlNow.get(), wantToml) || Arrays.equals(tomlNow.get(), otherToml));
        if (rowKnown && tomlKnown) {
            return Optional.empty();
        }
        return Optional.of(StoreProblem.of(
                StoreProblem.Code.CHANGED_SINCE_MIGRATION,
                (rowKnown ? "the TOML" : tomlKnown ? "the SQLite row" : "both stores")
                        + " changed after the migration; nothing was written"));
    }

    private void call(MigrationStep step) {
        try {
            hook.at(step, change.automationId());
        } catch (RuntimeException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CodexStoreException("the migration hook was interrupted at " + step, e);
        } catch (Exception e) {
            throw new CodexStoreException("the migration hook failed at " + step, e);
        }
    }
}
