package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.update.ApplyUpdate;
import dev.loopx.application.update.PromptReconciliation;
import dev.loopx.application.update.SyncAnswer;
import dev.loopx.application.update.UpgradeSnapshot;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx update apply}'s answer, {@code loopx_update_apply_v0} (SPEC §S12), from
 * {@link ApplyUpdate.Outcome}: the archive check, the runtime (installed or not), the snapshot, the
 * prompt step (with the new runtime's per-automation results, never its paths), the
 * {@code runtime.upgraded} receipt, and what to do next. A refusal says nothing was switched.
 * {@code ok} is the runtime result only; {@code upgrade_complete} needs the prompts reconciled too.
 *
 * <p>Its text is the switch (versions, runtime, start-up archive), the prompt step, where the
 * complete App-side requests are, the managed wrappers left behind, and the next step; a refusal
 * is its error and what to do.
 */
public record UpdateApplyAnswer(ApplyUpdate.Outcome outcome) implements RenderedAnswer {
    static final String SCHEMA = "loopx_update_apply_v0";
    private static final String RETRY = "loopx automation-prompts sync-installed --plan-file <snapshot.file> --execute";

    public UpdateApplyAnswer {
        Objects.requireNonNull(outcome, "outcome");
    }

    @Override
    public boolean ok() {
        return outcome instanceof ApplyUpdate.Outcome.Switched;
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(SCHEMA, false);
        doc.put("upgrade_complete", false);
        ObjectNode archive = doc.putObject("archive");
        archive.put("sha256", outcome.archive().sha256());
        archive.put("sha256_checked", outcome.archive().sha256Checked());
        archive.put("bytes", outcome.archive().bytes());
        ObjectNode runtime = doc.putObject("runtime");
        runtime.put("installed", false);
        runtime.put("from_version", outcome.fromVersion());
        doc.putObject("prompts").put("started", false);
        switch (outcome) {
            case ApplyUpdate.Outcome.Refused refused -> {
                refused.snapshot().ifPresent(s -> doc.set("snapshot", snapshot(s)));
                String hint = hint(refused.errorCode());
                doc.put("ok", false);
                doc.put("error_code", refused.errorCode());
                doc.put("message", refused.message());
                doc.put("hint", hint);
                doc.put("next_step", "nothing was switched and no prompt was written; " + hint);
            }
            case ApplyUpdate.Outcome.Switched switched -> {
                doc.set("snapshot", snapshot(switched.snapshot()));
                installed(runtime, switched.runtime());
                doc.set("prompts", prompts(switched.prompts()));
                doc.put("ok", true);
                doc.put("upgrade_complete", switched.complete());
                ObjectNode ledger = doc.putObject("ledger");
                ledger.put("event_type", "runtime.upgraded");
                ledger.put("appended", switched.ledger().appended());
                switched.ledger().seq().ifPresent(seq -> ledger.put("seq", seq));
                doc.put("next_step", nextStep(switched));
            }
        }
        return doc;
    }

    private static void installed(ObjectNode runtime, ApplyUpdate.InstalledRuntime installed) {
        runtime.put("installed", true);
        runtime.put("to_version", installed.version());
        runtime.put("runtime_id", installed.id());
        runtime.put("previous_runtime_id", installed.previous().orElse(null));
        runtime.put("already_installed", installed.alreadyInstalled());
        runtime.put("class_archive", installed.classArchive());
        runtime.put("launcher", installed.launcher());
        runtime.put("launcher_path", installed.launcherPath().toString());
    }

    private static ObjectNode snapshot(UpgradeSnapshot s) {
        ObjectNode o = Json.object();
        o.put("status", s.status());
        o.put("automations", s.automations());
        o.put("managed_wrappers", s.managed());
        s.file().ifPresent(f -> {
            o.put("file", f.toString());
            o.put("file_mode", "0600");
        });
        s.problem().ifPresent(p -> {
            o.put("error_code", p.errorCode());
            o.put("message", p.message());
        });
        return o;
    }

    /** The prompt step; of the new runtime's answer only counts, per-automation results and the App-side requests. */
    private static ObjectNode prompts(PromptReconciliation p) {
        ObjectNode o = Json.object();
        o.put("started", p.started());
        o.put("result", p.result());
        o.put("complete", p.complete());
        p.syncErrorCode().ifPresent(code -> {
            o.put("sync_exit_code", p.exitCode());
            o.put("sync_error_code", code);
        });
        p.sync().ifPresent(d -> {
            o.put("runner", "new_runtime");
            o.put("sync_exit_code", p.exitCode());
            ObjectNode counts = o.putObject("counts");
            d.counts().forEach(counts::put);
            ArrayNode list = o.putArray("automations");
            for (SyncAnswer.Row a : d.automations()) {
                ObjectNode row = list.addObject();
                row.put("automation_id", a.automationId());
                row.put("result", a.result());
                a.reason().ifPresent(reason -> row.put("reason", reason));
                row.put("managed", a.managed());
            }
            ArrayNode left = o.putArray("managed_left_behind");
            for (SyncAnswer.Row a : p.leftBehind()) {
                ObjectNode row = left.addObject();
                row.put("automation_id", a.automationId());
                row.put("result", a.result());
                a.reason().ifPresent(reason -> row.put("reason", reason));
            }
            d.automationUpdateRequests()
                    .ifPresent(
                            requests -> o.set("automation_update_requests", AutomationUpdateDocument.list(requests)));
            d.reportFile().ifPresent(f -> {
                ObjectNode report = o.putObject("automation_update_report");
                report.put("file", f);
                report.put("file_mode", "0600");
            });
        });
        return o;
    }

    private static String nextStep(ApplyUpdate.Outcome.Switched switched) {
        return switched.complete()
                ? "done: put <loopx-home>/bin on PATH (it always runs the current runtime)"
                : nextStep(switched.prompts(), switched.snapshot());
    }

    private static String nextStep(PromptReconciliation p, UpgradeSnapshot snapshot) {
        return switch (p.result()) {
            case PromptReconciliation.UNAVAILABLE ->
                "the Codex store could not be read ("
                        + snapshot.problem().map(problem -> problem.errorCode()).orElse("")
                        + "): fix it, then run loopx automation-prompts plan and apply";
            case PromptReconciliation.FAILED ->
                p.finished()
                        ? "see prompts.automations; loopx automation-prompts recover --automation-id ID --offline --execute"
                        : "the new runtime's sync-installed did not finish (exit " + p.exitCode()
                                + p.syncErrorCode().map(code -> ", " + code).orElse("")
                                + "); retry with the new runtime: " + RETRY;
            case PromptReconciliation.DEFERRED ->
                "quit the Codex App (or apply the complete automation_update requests of"
                        + " prompts.automation_update_report.file through it), then: " + RETRY;
            case PromptReconciliation.CHANGED_SINCE_SNAPSHOT ->
                "an automation changed after the snapshot: loopx automation-prompts plan, review, apply";
            case PromptReconciliation.MANAGED_LEFT_BEHIND ->
                "managed wrappers did not reach the new version (prompts.managed_left_behind): a blocked one needs"
                        + " loopx automation-prompts plan --automation-id ID (recover/rollback when a migration was"
                        + " torn); one of another --cli-bin (a canary) is upgraded with that binary's own"
                        + " sync-installed --cli-bin BIN";
            case PromptReconciliation.REVIEW_REQUIRED ->
                "custom prompts need review: loopx automation-prompts plan, then apply";
            default -> "";
        };
    }

    private static String hint(String code) {
        return switch (code) {
            case "corrupt_archive", "unsafe_archive_entry", "incomplete_distribution" ->
                "use the loopx-dist.tar.gz of a LoopX build (./mvnw -q -DskipTests package → cli/target/loopx-dist.tar.gz)";
            case "runtime_start_failed" -> "check that a JDK 21 or newer is installed (JAVA_HOME), then retry";
            case "current_not_a_link" -> "move <loopx-home>/current away, then retry";
            default -> "loopx update apply --help";
        };
    }

    void text(PrintWriter out) {
        switch (outcome) {
            case ApplyUpdate.Outcome.Refused refused -> {
                out.println("update refused: " + refused.errorCode() + " — " + refused.message());
                out.println("next: " + hint(refused.errorCode()));
            }
            case ApplyUpdate.Outcome.Switched switched -> switched(switched, out);
        }
    }

    private static void switched(ApplyUpdate.Outcome.Switched switched, PrintWriter out) {
        ApplyUpdate.InstalledRuntime rt = switched.runtime();
        out.println("runtime " + switched.fromVersion() + " → " + rt.version() + " installed (" + rt.id()
                + ", start-up archive " + rt.classArchive() + ")");
        PromptReconciliation p = switched.prompts();
        out.println("prompts: " + p.result() + " · upgrade_complete=" + switched.complete());
        p.sync()
                .flatMap(SyncAnswer::reportFile)
                .ifPresent(f -> out.println("complete automation_update requests: " + f + " (private, 0600)"));
        for (SyncAnswer.Row left : p.leftBehind()) {
            out.println("  left behind: " + left.automationId() + " " + left.result()
                    + left.reason().map(reason -> " [" + reason + "]").orElse(""));
        }
        out.println("next: " + nextStep(switched));
    }
}
