package dev.loopx.application.update;

import dev.loopx.application.Invocation;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The prompt step of {@link ApplyUpdate}: the <em>new</em> runtime's
 * {@code automation-prompts sync-installed --execute} on the pre-upgrade snapshot, run as a child
 * process against the same runtime root (it records its own {@code prompt_migration.*} events).
 * Its answer is summarised into one result code, the first that applies of: {@link #FAILED}
 * (the step did not finish, or an automation failed or went stale), {@link #DEFERRED} (the App is
 * running), {@link #CHANGED_SINCE_SNAPSHOT}, {@link #MANAGED_LEFT_BEHIND} (a recognised managed
 * wrapper was left blocked, skipped — e.g. a canary of another CLI binary — or otherwise short of
 * its target; {@link #leftBehind()} lists them), {@link #REVIEW_REQUIRED}, else {@link #COMPLETE}.
 * Without a Codex database the result is {@link #NO_CODEX_STORE}; with an unreadable one,
 * {@link #UNAVAILABLE}; neither starts the child. Only {@code complete} and {@code no_codex_store}
 * complete the upgrade.
 *
 * @param sync what the child answered ({@code loopx_automation_prompt_upgrade_v0}), when it gave an answer with automations
 * @param exitCode the child's exit code ({@code -1} when killed at its deadline; {@code 0} when not started)
 * @param finished the child answered: not killed, exit 0 or 1, and a sync document
 * @param syncErrorCode the child's {@code error_code} when it answered with an error document instead
 */
public record PromptReconciliation(
        String result,
        boolean started,
        Optional<SyncAnswer> sync,
        int exitCode,
        boolean finished,
        Optional<String> syncErrorCode) {
    public static final String FAILED = "failed";
    public static final String DEFERRED = "deferred";
    public static final String CHANGED_SINCE_SNAPSHOT = "changed_since_snapshot";
    public static final String REVIEW_REQUIRED = "review_required";
    public static final String MANAGED_LEFT_BEHIND = "managed_left_behind";
    public static final String COMPLETE = "complete";
    public static final String NO_CODEX_STORE = "no_codex_store";
    public static final String UNAVAILABLE = "unavailable";
    private static final List<String> FAILED_RESULTS = List.of("failed", "preview_stale");

    public PromptReconciliation {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(sync, "sync");
        Objects.requireNonNull(syncErrorCode, "syncErrorCode");
    }

    static PromptReconciliation run(
            Invocation invocation,
            UpgradeSnapshot snapshot,
            Path newRuntime,
            Path runtimeRoot,
            String cliBin,
            Duration timeout)
            throws IOException {
        switch (snapshot.status()) {
            case UpgradeSnapshot.NO_CODEX_STORE -> {
                return new PromptReconciliation(NO_CODEX_STORE, false, Optional.empty(), 0, false, Optional.empty());
            }
            case UpgradeSnapshot.UNAVAILABLE -> {
                return new PromptReconciliation(UNAVAILABLE, false, Optional.empty(), 0, false, Optional.empty());
            }
            default -> {}
        }
        invocation.progress().report("update: reconciling installed heartbeat prompts with the new runtime…");
        Path plan = snapshot.file().orElseThrow();
        RuntimeProcess.Outcome o = RuntimeProcess.run(
                invocation, newRuntime.resolve("bin/loopx"), syncArguments(runtimeRoot, plan, cliBin), timeout);
        invocation.progress().report("");
        Optional<SyncAnswer> doc = o.json().filter(d -> d.has("automations")).map(SyncAnswer::read);
        if (o.timedOut() || (o.exitCode() != 0 && o.exitCode() != 1) || doc.isEmpty()) {
            Optional<String> error =
                    o.json().map(d -> d.path("error_code").asText("")).filter(code -> !code.isEmpty());
            return new PromptReconciliation(FAILED, true, doc, o.exitCode(), false, error);
        }
        return new PromptReconciliation(summarise(doc.get()), true, doc, o.exitCode(), true, Optional.empty());
    }

    /** The one result code of a finished sync-installed answer (see the class comment for the order). */
    public static String summarise(SyncAnswer answer) {
        Map<String, Integer> counts = answer.counts();
        return FAILED_RESULTS.stream().anyMatch(counts::containsKey)
                ? FAILED
                : counts.containsKey("deferred")
                        ? DEFERRED
                        : counts.containsKey("changed_since_snapshot")
                                ? CHANGED_SINCE_SNAPSHOT
                                : answer.automations().stream().anyMatch(SyncAnswer.Row::managedLeftBehind)
                                        ? MANAGED_LEFT_BEHIND
                                        : counts.containsKey("review_required") ? REVIEW_REQUIRED : COMPLETE;
    }

    /**
     * True only when every recognised managed prompt reached its target and nothing else is
     * pending: {@code complete} or {@code no_codex_store}.
     */
    public boolean complete() {
        return result.equals(COMPLETE) || result.equals(NO_CODEX_STORE);
    }

    /** The recognised managed prompts the new runtime left short of their target (blocked, skipped, deferred, failed…). */
    public List<SyncAnswer.Row> leftBehind() {
        return sync.map(d -> d.automations().stream()
                        .filter(SyncAnswer.Row::managedLeftBehind)
                        .toList())
                .orElse(List.of());
    }

    /** The new runtime's sync-installed call; an empty cli bin means the default and is not passed (blank values are refused). */
    private static List<String> syncArguments(Path runtimeRoot, Path plan, String cliBin) {
        List<String> args = new ArrayList<>(List.of(
                "--runtime-root",
                runtimeRoot.toString(),
                "--format",
                "json",
                "automation-prompts",
                "sync-installed",
                "--plan-file",
                plan.toString()));
        if (cliBin != null && !cliBin.isBlank()) {
            args.add("--cli-bin");
            args.add(cliBin);
        }
        args.add("--execute");
        return args;
    }
}
