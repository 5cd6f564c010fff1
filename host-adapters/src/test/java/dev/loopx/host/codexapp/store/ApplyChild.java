package dev.loopx.host.codexapp.store;

import dev.loopx.ledger.json.Json;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A child JVM for kill -9 tests: {@code ApplyChild <codex-home> <change.json> <apply|restore> <STEP>}
 * runs {@link CodexAutomationStore#apply} (or a restore) and, on reaching {@code STEP}, prints
 * {@code AT STEP}, flushes, and waits forever for the parent to kill it.
 */
public final class ApplyChild {
    private ApplyChild() {}

    public static void main(String[] args) throws Exception {
        CodexAutomationStore store = new CodexAutomationStore(new CodexHome(Path.of(args[0]), CodexHome.Source.FLAG));
        PromptChange change = PromptChange.fromJson(Json.mapper().readTree(Files.readString(Path.of(args[1]))));
        MigrationStep stopAt = MigrationStep.valueOf(args[3]);
        PrintStream out = System.out;
        MigrationHook hook = (step, id) -> {
            if (step == stopAt) {
                out.println("AT " + step);
                out.flush();
                Thread.sleep(Long.MAX_VALUE);
            }
        };
        Object result = args[2].equals("apply")
                ? store.apply(change, hook)
                : store.converge(change, CodexAutomationStore.Target.BEFORE, hook);
        out.println("FINISHED " + result);
    }
}
