package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.MigrationJournal;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.migration.PromptPlan;
import dev.loopx.host.codexapp.migration.PromptPlanner;
import dev.loopx.host.codexapp.store.CodexAppProcessProbe;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx automation-prompts sync-installed --plan-file F [--execute]} (SPEC §S12): after an
 * upgrade, automatically migrates only the exact managed wrappers of a snapshot (a plan file made
 * before the upgrade) that are bound to this runtime root and this CLI binary. Custom prompts are
 * {@code review_required}; a wrapper with another CLI binary (a canary) or another runtime root is
 * never retargeted; an automation that changed since the snapshot is
 * {@code changed_since_snapshot}; while the App runs every migration is {@code deferred} with its
 * App-side request. Without --execute it is a preview and writes nothing.
 */
@Command(name = "sync-installed",
        description = {"After a LoopX upgrade: bring the installed managed heartbeat wrappers of a snapshot (a plan file",
            "written before the upgrade) to this runtime's current wrapper. Migrates only exact managed wrappers bound",
            "to this runtime root and --cli-bin (default loopx); custom prompts → review_required (use plan/apply);",
            "another cli bin (canary) or runtime root → skipped, never retargeted; changed since the snapshot →",
            "changed_since_snapshot; App running → deferred with the automation_update request. Preview unless",
            "--execute; the Codex home is the snapshot's."},
        footer = {"", "Example:",
            "  loopx automation-prompts sync-installed --plan-file <snapshot.json> --execute"})
public final class AutomationPromptsSyncInstalledCommand extends LoopxSubcommand {
    static final String ROUTE = "automation-prompts sync-installed";

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help.")
    boolean help;

    @Option(names = "--plan-file", required = true, paramLabel = "FILE", description = "The snapshot (a plan file from before the upgrade).")
    String planFile;

    @Option(names = "--cli-bin", paramLabel = "BIN", description = "The CLI binary wrappers must already use (default loopx).")
    String cliBin = "loopx";

    @Option(names = "--execute", description = "Write (default: preview only).")
    boolean execute;

    @Override
    protected int execute(CliContext context) {
        TextOptions.cliBin(cliBin);
        PromptPlan snapshot = AutomationPromptsApplyCommand.readPlan(
                context.environment().workingDirectory().resolve(planFile).toAbsolutePath().normalize());
        String root = AutomationPrompts.runtimeRoot(context);
        CodexHome home = new CodexHome(Path.of(snapshot.codexHome()), CodexHome.Source.FLAG);
        CodexAutomationStore store = new CodexAutomationStore(home);
        ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, true);
        ArrayNode recorded = Json.array();
        try (LoopxRuntime runtime = context.openRuntime()) {
            Map<String, List<String>> registered = AutomationPrompts.registered(runtime.views());
            List<String> ids = snapshot.entries().stream().map(PlanEntry::automationId).toList();
            var fresh = new PromptPlanner(store, registered, root, cliBin).plan(ids, context.now().toString());
            if (fresh.isLeft()) {
                return context.emit(AutomationPrompts.storeRefusal(fresh.getLeft()));
            }
            List<ObjectNode> rows = new ArrayList<>();
            List<PlanEntry> toMigrate = new ArrayList<>();
            for (int i = 0; i < ids.size(); i++) {
                PlanEntry was = snapshot.entries().get(i);
                PlanEntry now = fresh.get().entries().get(i);
                Optional<String> verdict = verdict(was, now);
                if (verdict.isPresent()) {
                    rows.add(row(now, verdict.get()));
                } else {
                    toMigrate.add(now);
                    rows.add(row(now, execute ? "pending" : "would_update"));
                }
            }
            boolean ok = true;
            if (execute && !toMigrate.isEmpty()) {
                PromptPlan sub = new PromptPlan(snapshot.codexHome(), root, context.now().toString(), toMigrate);
                PromptMigrator migrator = new PromptMigrator(store, new MigrationJournal(Path.of(root)),
                        CodexAppProcessProbe.system(), context.now().toString());
                boolean appRunning = migrator.appRunning();
                doc.put("app_running", appRunning);
                doc.put("deferral_reason", migrator.deferralReason().orElse(null));
                List<PromptMigrator.Result> results = migrator.apply(sub, AutomationPrompts.recorder(context, runtime, recorded, home),
                        PromptMigrator.JournalHook.NONE, MigrationHook.NONE, ROUTE);
                for (PromptMigrator.Result r : results) {
                    rows.stream().filter(o -> o.get("automation_id").asText().equals(r.automationId())).findFirst()
                            .ifPresent(o -> {
                                o.put("result", r.result());
                                o.put("reason", r.reason().isEmpty() ? null : r.reason());
                            });
                    ok &= r.result().equals("updated") || r.result().equals("current");
                }
                if (migrator.deferralReason().isPresent()) {
                    ArrayNode requests = doc.putArray("automation_update_requests");
                    toMigrate.forEach(e -> requests.add(PromptMigrator.automationUpdateRequest(e)));
                }
            }
            ok &= rows.stream().noneMatch(o -> o.get("result").asText().equals("changed_since_snapshot"));
            doc.put("ok", ok);
            doc.put("writes", execute);
            doc.put("dry_run", !execute);
            ArrayNode list = doc.putArray("automations");
            rows.forEach(list::add);
            ObjectNode counts = doc.putObject("counts");
            rows.forEach(o -> counts.put(o.get("result").asText(), counts.path(o.get("result").asText()).asInt(0) + 1));
            if (!execute) {
                doc.put("next_step", "add --execute to migrate the would_update automations");
            }
            doc.set("ledger", recorded);
        }
        return context.emit(doc, AutomationPromptsSyncInstalledCommand::text);
    }

    /** Why an automation is not migrated automatically, or empty when it is. */
    private Optional<String> verdict(PlanEntry was, PlanEntry now) {
        if (!was.sourceSha256().equals(now.sourceSha256())) {
            return Optional.of("changed_since_snapshot");
        }
        if (now.status().equals(PlanEntry.CURRENT)) {
            return Optional.of("current");
        }
        if (!now.adoptionRequired()) {
            return Optional.of("skipped");
        }
        if (!now.bindingSource().orElse("").equals("managed_wrapper")) {
            return Optional.of("review_required");
        }
        String bin = now.desiredPrompt().flatMap(WrapperRecognizer::recognize).map(b -> b.cliBin()).orElse("");
        if (!bin.equals(cliBin)) {
            return Optional.of("skipped_other_cli_bin");
        }
        return Optional.empty();
    }

    private static ObjectNode row(PlanEntry e, String result) {
        ObjectNode o = e.toPublicJson();
        o.put("result", result);
        return o;
    }

    private static void text(JsonNode doc, PrintWriter out) {
        out.println("automation-prompts sync-installed" + (doc.path("dry_run").asBoolean() ? " (preview)" : ""));
        for (JsonNode a : doc.path("automations")) {
            out.println("  " + a.path("automation_id").asText() + ": " + a.path("result").asText());
        }
    }
}
