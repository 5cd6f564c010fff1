package dev.loopx.application.automation;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.host.codexapp.migration.MigrationJournal;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.store.CodexAppProcessProbe;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.view.Views;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the Codex App use cases share: which Codex home a call is about, which goals and agents a
 * prompt may bind to, and the runtime root as a wrapper names it.
 */
public final class AppLanes {
    private AppLanes() {}

    /** {@code flag} (the {@code --codex-home} value, {@code null} when not given), else $CODEX_HOME, else ~/.codex. */
    public static CodexHome codexHome(Invocation invocation, String flag) {
        if (flag != null && (flag.isBlank() || flag.indexOf('\0') >= 0)) {
            throw new InvalidRequest("invalid_value", Flag.CODEX_HOME, "is not a usable path");
        }
        return CodexHome.resolve(
                Optional.ofNullable(flag),
                Optional.ofNullable(invocation.environment().get("CODEX_HOME")),
                invocation.userHome(),
                invocation.workingDirectory());
    }

    /** Every registered goal with its registered agents, in goal id order (what binding discovery may bind to). */
    public static Map<String, List<String>> registered(Views views) {
        Map<String, List<String>> registered = new TreeMap<>();
        for (GoalState g : GoalState.loadAll(views)) {
            registered.put(g.goal().goalId(), g.goal().agentIds());
        }
        return registered;
    }

    /** The invocation's runtime root as wrappers bind it (absolute, normalised). */
    public static String runtimeRoot(Invocation invocation) {
        return invocation.runtimeRoot().toAbsolutePath().normalize().toString();
    }

    /** The private migration journals of {@code home} in the invocation's runtime root. */
    static MigrationJournal journal(Invocation invocation, CodexHome home) {
        return new MigrationJournal(Path.of(runtimeRoot(invocation)), home);
    }

    /**
     * A migrator over {@code home}'s stores and {@code journal}, probing the processes the
     * invocation may look at ({@link Invocation#processes()}: the machine for a real call, a test's
     * own processes in a test) for a running Codex App.
     */
    static PromptMigrator migrator(Invocation invocation, CodexHome home, MigrationJournal journal) {
        return new PromptMigrator(
                new CodexAutomationStore(home),
                journal,
                CodexAppProcessProbe.over(invocation.processes()::processes),
                invocation.now().toString());
    }
}
