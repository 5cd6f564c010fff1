package dev.loopx.application.automation;

import dev.loopx.application.Invocation;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Crash-test support for {@code automation-prompts apply} through a real process: with
 * {@code LOOPX_FAILPOINT=<point>} in the invocation's environment (a
 * {@link PromptMigrator.JournalPoint} or a {@code MigrationStep} name) the migration announces
 * {@code failpoint <point> reached} when it gets there and then waits, so a test can
 * {@code kill -9} the process at exactly that point. Unset or blank (always, outside tests) it
 * gives {@link MigrationHooks#NONE}.
 */
public final class MigrationFailpoint {
    public static final String VARIABLE = "LOOPX_FAILPOINT";
    private static final long WAIT_MILLIS = 120_000;

    private MigrationFailpoint() {}

    /** The hooks for this invocation; {@code announce} receives the one line a test waits for (the CLI: stderr, flushed). */
    public static MigrationHooks hooks(Invocation invocation, Consumer<String> announce) {
        Optional<String> point = invocation.variable(VARIABLE);
        if (point.isEmpty()) {
            return MigrationHooks.NONE;
        }
        String wanted = point.get();
        return new MigrationHooks(
                (at, id) -> reach(announce, wanted, at.name()), (at, id) -> reach(announce, wanted, at.name()));
    }

    private static void reach(Consumer<String> announce, String wanted, String here) throws InterruptedException {
        if (wanted.equals(here)) {
            announce.accept("failpoint " + here + " reached");
            Thread.sleep(WAIT_MILLIS);
        }
    }
}
