package dev.loopx.host.codexapp.migration;

import dev.loopx.host.codexapp.store.CodexAppProcessProbe;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.ledger.json.Json;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A child JVM for kill -9 tests of whole migrations:
 * {@code MigrateChild <codex-home> <runtime-root> <plan.json> <POINT>} runs
 * {@link PromptMigrator#apply} and, on reaching {@code POINT} (a {@link PromptMigrator.JournalPoint}
 * or a store {@code MigrationStep}), prints {@code AT POINT}, flushes, and waits to be killed.
 */
public final class MigrateChild {
    private MigrateChild() {}

    public static void main(String[] args) throws Exception {
        CodexAutomationStore store = new CodexAutomationStore(new CodexHome(Path.of(args[0]), CodexHome.Source.FLAG));
        PromptPlan plan = PromptPlan.fromJson(Json.mapper().readTree(Files.readString(Path.of(args[2]))));
        String stopAt = args[3];
        PrintStream out = System.out;
        PromptMigrator.JournalHook journalHook = (point, id) -> stop(out, point.name(), stopAt);
        MigrationHook storeHook = (step, id) -> stop(out, step.name(), stopAt);
        var results = new PromptMigrator(
                        store,
                        new MigrationJournal(Path.of(args[1]), store.home()),
                        new CodexAppProcessProbe(Stream::empty),
                        "t1")
                .apply(plan, o -> out.println("OUTCOME " + o.kind()), journalHook, storeHook);
        out.println("FINISHED " + results);
    }

    private static void stop(PrintStream out, String at, String stopAt) throws InterruptedException {
        if (at.equals(stopAt)) {
            out.println("AT " + at);
            out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
