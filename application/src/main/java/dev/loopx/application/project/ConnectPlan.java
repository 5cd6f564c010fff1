package dev.loopx.application.project;

import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.ledger.remote.LedgerLocation;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What connecting a project needs, computed once by {@link ConnectProject#plan}: a dry run reports
 * it, a real run executes exactly it, so the two cannot disagree about which actions are needed.
 *
 * @param runtimeRoot absolute or relative as the caller gave it; private (never printed)
 * @param projectLabel the project folder's name made a valid id (public)
 * @param goalId the goal to register (given, else {@code <label>-goal})
 * @param gitignoreEntry the runtime root relative to the project with a trailing {@code /}
 *     (public), or empty when the runtime root is not inside the project (then nothing is ignored)
 * @param needed the actions that would change something now
 * @param serverLedger the server ledger a new runtime root is created on ({@code --ledger}); empty:
 *     the embedded journal, or whatever an existing root already uses
 */
public record ConnectPlan(
        Path projectDir,
        Path runtimeRoot,
        String projectLabel,
        String goalId,
        String objective,
        String gitignoreEntry,
        Set<Action> needed,
        Optional<LedgerLocation> serverLedger) {
    /** The actions of a connect, in the order they run (and are reported). */
    public enum Action {
        CREATE_RUNTIME_ROOT,
        REGISTER_GOAL,
        UPDATE_GITIGNORE,
        RECORD_PROJECT;

        /** The contract's {@code action} name, e.g. {@code create_runtime_root}. */
        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** An unmodifiable copy that iterates in action order. */
        static Set<Action> copyOf(Set<Action> actions) {
            EnumSet<Action> copy = EnumSet.noneOf(Action.class);
            copy.addAll(actions);
            return Collections.unmodifiableSet(copy);
        }
    }

    public ConnectPlan {
        Objects.requireNonNull(projectDir, "projectDir");
        Objects.requireNonNull(runtimeRoot, "runtimeRoot");
        Objects.requireNonNull(projectLabel, "projectLabel");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(gitignoreEntry, "gitignoreEntry");
        needed = Action.copyOf(needed);
        Objects.requireNonNull(serverLedger, "serverLedger");
    }

    public ConnectPlan(
            Path projectDir,
            Path runtimeRoot,
            String projectLabel,
            String goalId,
            String objective,
            String gitignoreEntry,
            Set<Action> needed) {
        this(projectDir, runtimeRoot, projectLabel, goalId, objective, gitignoreEntry, needed, Optional.empty());
    }

    public boolean needs(Action action) {
        return needed.contains(action);
    }

    /**
     * The runtime root as it may be shown: its gitignore entry, else the redaction placeholder (a
     * root outside the project is a private path).
     */
    public String runtimeRootLabel() {
        return gitignoreEntry.isEmpty() ? PathRedactor.REDACTED : gitignoreEntry;
    }
}
