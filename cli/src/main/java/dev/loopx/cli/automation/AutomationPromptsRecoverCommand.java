package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.MigrationJournal;
import dev.loopx.host.codexapp.migration.PromptMigrator;
import dev.loopx.host.codexapp.store.CodexAppProcessProbe;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.MigrationHook;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code automation-prompts recover} and {@code rollback} (SPEC §S12): both work from the
 * automation's private migration journal, with the Codex home it recorded. recover moves both
 * stores to the recorded after image (finishing an interrupted apply); rollback moves them to the
 * before image (byte-identical TOML and row) and refuses with {@code changed_since_migration} when
 * either store holds anything else. Both are idempotent.
 */
@Command(description = {"Finish (recover) or undo (rollback) one automation's prompt migration from its private journal",
        "(<runtime-root>/private/automation-migrations/<id>.json). recover: both stores end at the managed wrapper",
        "(idempotent). rollback: both stores get the recorded previous prompt back byte for byte; refused with",
        "changed_since_migration when a store changed after the migration. Needs --offline and --execute (else",
        "exit 1, nothing written); refused while the Codex App runs. Records prompt_migration.recovered|rolled_back."},
        footer = {"", "Examples:",
            "  loopx automation-prompts recover --automation-id my-heartbeat --offline --execute",
            "  loopx automation-prompts rollback --automation-id my-heartbeat --offline --execute"})
public final class AutomationPromptsRecoverCommand extends LoopxSubcommand {
    private final boolean rollback;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help.")
    boolean help;

    @Option(names = "--automation-id", required = true, paramLabel = "ID", description = "The automation whose journal to use.")
    String automationId;

    @Option(names = "--offline", description = "Confirm the Codex App is quit (it is checked as well).")
    boolean offline;

    @Option(names = "--execute", description = "Write.")
    boolean execute;

    AutomationPromptsRecoverCommand(boolean rollback) {
        this.rollback = rollback;
    }

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireId("--automation-id", automationId);
        String route = rollback ? "rollback" : "recover";
        if (!offline || !execute) {
            ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, false);
            doc.put("writes", false);
            doc.put("error_code", "execute_and_offline_required");
            doc.put("message", route + " writes the Codex App stores only with --offline (App quit) and --execute;"
                    + " nothing was written");
            doc.put("hint", "loopx automation-prompts " + route + " --automation-id " + automationId + " --offline --execute");
            return context.emit(doc);
        }
        Path root = context.runtimeRoot().toAbsolutePath().normalize();
        MigrationJournal journal = new MigrationJournal(root);
        String home = journal.read(automationId).map(MigrationJournal.Entry::codexHome).orElse(root.toString());
        CodexHome codexHome = new CodexHome(Path.of(home), CodexHome.Source.FLAG);
        PromptMigrator migrator = new PromptMigrator(new CodexAutomationStore(codexHome), journal,
                CodexAppProcessProbe.system(), context.now().toString());
        ArrayNode recorded = Json.array();
        PromptMigrator.Result r;
        try (LoopxRuntime runtime = context.openRuntime()) {
            var recorder = AutomationPrompts.recorder(context, runtime, recorded, codexHome);
            r = rollback ? migrator.rollback(automationId, recorder, MigrationHook.NONE) : migrator.recover(automationId, recorder, MigrationHook.NONE);
        }
        boolean ok = !r.result().equals("refused");
        ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, ok);
        doc.put("writes", true);
        doc.put("route", "automation-prompts " + route);
        doc.setAll(r.toJson());
        if (!ok) {
            doc.put("error_code", r.reason());
            doc.put("hint", switch (r.reason()) {
                case "no_journal" -> "no migration of this automation was journalled under this runtime root";
                case "changed_since_migration" -> "a store changed after the migration: inspect with loopx automation-prompts plan"
                        + " --automation-id " + automationId;
                case "app_running" -> "quit the Codex App and run this again";
                default -> "loopx automation-prompts plan --automation-id " + automationId;
            });
        }
        doc.set("ledger", recorded);
        return context.emit(doc, AutomationPromptsRecoverCommand::text);
    }

    private static void text(JsonNode doc, PrintWriter out) {
        out.println(doc.path("route").asText() + " " + doc.path("automation_id").asText() + ": " + doc.path("result").asText()
                + (doc.hasNonNull("reason") ? " [" + doc.path("reason").asText() + "]" : ""));
        if (doc.has("hint")) {
            out.println("hint: " + doc.path("hint").asText());
        }
    }
}
