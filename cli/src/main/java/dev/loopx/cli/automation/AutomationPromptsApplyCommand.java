package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.MigrationJournal;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.migration.PromptPlan;
import dev.loopx.host.codexapp.store.CodexAppProcessProbe;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx automation-prompts apply --plan-file F --offline --execute} (SPEC §S12). Without
 * both flags it refuses (exit 1) and writes nothing. While the Codex App runs it writes nothing to
 * the stores and answers {@code deferred} with the App-side {@code automation_update} requests.
 */
@Command(name = "apply",
        description = {"Write a reviewed plan to the Codex App stores, one automation at a time. Needs --offline (the",
            "App is quit) and --execute; without both: exit 1, nothing written. While a Codex/ChatGPT App process",
            "runs: every adoption is deferred (ok=false) with the App-side automation_update request instead.",
            "Per automation: both stores re-read (any digest change since the plan → preview_stale), a private",
            "journal (before/after images, 0600) written first, then SQLite writer lock, compare-and-swap row",
            "update, atomic TOML replace, read-back of both, commit. Results: updated | current | preview_stale |",
            "failed | deferred | skipped; every outcome is a prompt_migration.* ledger event (content-free)."},
        footer = {"", "Examples:",
            "  loopx automation-prompts apply --plan-file <runtime-root>/private/automation-prompt-plan.json --offline --execute",
            "  loopx automation-prompts recover --automation-id my-heartbeat --offline --execute"})
public final class AutomationPromptsApplyCommand extends LoopxSubcommand {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help.")
    boolean help;

    @Option(names = "--plan-file", required = true, paramLabel = "FILE", description = "The private plan written by plan.")
    String planFile;

    @Option(names = "--codex-home", paramLabel = "DIR", description = "Must name the plan's Codex home when given.")
    String codexHome;

    @Option(names = "--offline", description = "Confirm the Codex App is quit (it is checked as well).")
    boolean offline;

    @Option(names = "--execute", description = "Write (there is no dry run: plan is the preview).")
    boolean execute;

    @Override
    protected int execute(CliContext context) throws IOException {
        Path file = context.environment().workingDirectory().resolve(planFile).toAbsolutePath().normalize();
        PromptPlan plan = readPlan(file);
        if (codexHome != null) {
            CodexHome given = AutomationPrompts.codexHome(context, codexHome);
            if (!given.root().toString().equals(plan.codexHome())) {
                throw CliError.badInput("invalid_value", "--codex-home differs from the plan's Codex home; plan again");
            }
        }
        if (!plan.runtimeRoot().equals(AutomationPrompts.runtimeRoot(context))) {
            throw CliError.badInput("invalid_value", "the plan was made for another runtime root; plan again with this one");
        }
        if (!offline || !execute) {
            ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, false);
            doc.put("writes", false);
            doc.put("error_code", "execute_and_offline_required");
            doc.put("message", "apply writes the Codex App stores only with --offline (App quit) and --execute; nothing was written");
            doc.put("hint", "quit the Codex App, then: loopx automation-prompts apply --plan-file <plan_file> --offline --execute");
            return context.emit(doc);
        }
        CodexHome home = new CodexHome(Path.of(plan.codexHome()), CodexHome.Source.FLAG);
        PromptMigrator migrator = new PromptMigrator(new CodexAutomationStore(home), new MigrationJournal(
                context.runtimeRoot().toAbsolutePath().normalize()), CodexAppProcessProbe.system(), context.now().toString());
        boolean appRunning = migrator.appRunning();
        java.util.Optional<String> deferral = migrator.deferralReason();
        ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, true);
        ArrayNode recorded = Json.array();
        List<PromptMigrator.Result> results;
        try (LoopxRuntime runtime = context.openRuntime()) {
            results = migrator.apply(plan, AutomationPrompts.recorder(context, runtime, recorded, home),
                    MigrationFailpoint.journalHook(context), MigrationFailpoint.storeHook(context));
        }
        ArrayNode list = doc.putArray("automations");
        ObjectNode counts = Json.object();
        boolean ok = true;
        for (PromptMigrator.Result r : results) {
            list.add(r.toJson());
            counts.put(r.result(), counts.path(r.result()).asInt(0) + 1);
            if (List.of("failed", "preview_stale", "deferred").contains(r.result())) {
                ok = false;
            }
        }
        doc.put("ok", ok);
        doc.put("writes", true);
        doc.put("app_running", appRunning);
        doc.put("deferral_reason", deferral.orElse(null));
        doc.set("counts", counts);
        if (deferral.isPresent()) {
            doc.put("status", "deferred");
            ArrayNode requests = doc.putArray("automation_update_requests");
            plan.entries().stream().filter(PlanEntry::adoptionRequired).forEach(e ->
                    requests.add(PromptMigrator.automationUpdateRequest(e)));
            doc.put("hint", deferral.get().equals("app_running")
                    ? "the Codex App is running: apply each automation_update request through the App"
                            + " (prompt from the private plan file), or quit the App and run apply again"
                    : "offline writes are not qualified on this platform: apply each automation_update request through"
                            + " the App (prompt from the private plan file)");
        } else if (!ok) {
            doc.put("hint", "an interrupted automation can be finished with automation-prompts recover --automation-id ID"
                    + " --offline --execute, or undone with rollback; preview_stale → plan again");
        }
        doc.set("ledger", recorded);
        return context.emit(doc, AutomationPromptsApplyCommand::text);
    }

    static PromptPlan readPlan(Path file) {
        if (!Files.isRegularFile(file)) {
            throw CliError.badInput("invalid_value", "--plan-file does not name a readable plan file");
        }
        try {
            return PromptPlan.fromJson(Json.mapper().readTree(Files.readAllBytes(file)));
        } catch (IOException | RuntimeException e) {
            throw CliError.badInput("invalid_value", "--plan-file is not a loopx_automation_prompt_plan_v0 plan file");
        }
    }

    private static void text(JsonNode doc, PrintWriter out) {
        out.println("automation prompt apply" + (doc.path("app_running").asBoolean() ? " (Codex App running: deferred)" : ""));
        for (JsonNode a : doc.path("automations")) {
            out.println("  " + a.path("automation_id").asText() + ": " + a.path("result").asText()
                    + (a.hasNonNull("reason") ? " [" + a.path("reason").asText() + "]" : ""));
        }
        if (doc.has("hint")) {
            out.println("hint: " + doc.path("hint").asText());
        }
    }
}
