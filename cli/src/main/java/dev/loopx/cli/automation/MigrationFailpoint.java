package dev.loopx.cli.automation;

import dev.loopx.cli.support.CliContext;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.store.MigrationHook;
import java.io.PrintWriter;
import java.util.Optional;

/**
 * Crash-test support for {@code automation-prompts apply} through the real CLI: with
 * {@code LOOPX_FAILPOINT=<point>} (a {@link PromptMigrator.JournalPoint} or a
 * {@code MigrationStep} name) the command prints {@code failpoint <point> reached} on stderr
 * when it gets there and then waits, so a test can {@code kill -9} the process at exactly that
 * point. Unset (always, outside tests) it changes nothing. It never writes or skips a step itself.
 */
final class MigrationFailpoint {
    static final String VARIABLE = "LOOPX_FAILPOINT";
    private static final long WAIT_MILLIS = 120_000;

    private MigrationFailpoint() {}

    static Optional<String> point(CliContext context) {
        return Optional.ofNullable(context.environment().variable(VARIABLE)).filter(v -> !v.isBlank());
    }

    static PromptMigrator.JournalHook journalHook(CliContext context) {
        return point(context).<PromptMigrator.JournalHook>map(p -> (at, id) -> reach(context.err(), p, at.name()))
                .orElse(PromptMigrator.JournalHook.NONE);
    }

    static MigrationHook storeHook(CliContext context) {
        return point(context).<MigrationHook>map(p -> (at, id) -> reach(context.err(), p, at.name())).orElse(MigrationHook.NONE);
    }

    private static void reach(PrintWriter err, String wanted, String here) throws InterruptedException {
        if (wanted.equals(here)) {
            err.println("failpoint " + here + " reached");
            err.flush();
            Thread.sleep(WAIT_MILLIS);
        }
    }
}
