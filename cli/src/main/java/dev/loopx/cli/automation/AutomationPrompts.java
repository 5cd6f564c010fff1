package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.commands.migration.PromptMigrationDecider;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.MigrationOutcome;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.codexapp.store.StoreProblem;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import java.nio.file.Path;
import dev.loopx.projections.view.Views;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Optional;

/** Shared parts of the {@code automation-prompts} commands. */
public final class AutomationPrompts {
    static final String SCHEMA = "loopx_automation_prompt_upgrade_v0";

    private AutomationPrompts() {}

    public static CodexHome codexHome(CliContext context, String flag) {
        if (flag != null && (flag.isBlank() || flag.indexOf('\0') >= 0)) {
            throw CliError.badInput("invalid_value", "--codex-home is not a usable path");
        }
        return CodexHome.resolve(Optional.ofNullable(flag), Optional.ofNullable(context.environment().variable("CODEX_HOME")),
                context.environment().userHome(), context.environment().workingDirectory());
    }

    /** Every registered goal with its registered agents, in goal id order (what binding discovery may bind to). */
    public static Map<String, List<String>> registered(Views views) {
        Map<String, List<String>> registered = new TreeMap<>();
        for (GoalState g : GoalState.loadAll(views)) {
            registered.put(g.goal().goalId(), g.goal().agentIds());
        }
        return registered;
    }

    /** This runtime root as wrappers bind it (absolute, normalised). */
    public static String runtimeRoot(CliContext context) {
        return context.runtimeRoot().toAbsolutePath().normalize().toString();
    }

    static Path defaultPlanFile(CliContext context) {
        return context.runtimeRoot().toAbsolutePath().normalize().resolve("private").resolve("automation-prompt-plan.json");
    }

    /** A store problem (unsupported schema, missing database…) as a refusal document. */
    static ObjectNode storeRefusal(StoreProblem p) {
        ObjectNode doc = CliContext.document(SCHEMA, false);
        doc.put("writes", false);
        doc.put("error_code", p.code().wire());
        doc.put("message", p.message());
        doc.put("hint", p.code().wire().equals("unsupported_schema")
                ? "the Codex database has an unsupported schema: update the automation through the App's automation_update"
                : "check --codex-home (or $CODEX_HOME); loopx automation-prompts plan --help");
        return doc;
    }

    /** Appends each outcome to the ledger as {@code prompt_migration.<kind>} on the outcome's goal. */
    static MigrationOutcome.Recorder recorder(CliContext context, LoopxRuntime runtime, ArrayNode recorded, CodexHome home) {
        String homeSha256 = home.identitySha256();
        return o -> {
            PromptMigrationDecider.RecordPromptMigration command = new PromptMigrationDecider.RecordPromptMigration(
                    o.goalId(), o.kind(), o.agentId(), o.automationId(), o.oldPromptSha256(), o.newPromptSha256(),
                    o.targetThreadId(), o.cliRoute(), o.reason(), homeSha256);
            ObjectNode args = Json.object().put("automation_id", o.automationId()).put("outcome", o.kind())
                    .put("reason", o.reason());
            LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(context.now(), o.goalId(),
                    new Actor(ActorKind.OWNER, "cli"), "", Intent.of(o.cliRoute(), args));
            var receipt = runtime.write(write, views -> PromptMigrationDecider.decide(command, GoalState.load(views, o.goalId())));
            ObjectNode r = recorded.addObject();
            r.put("event_type", "prompt_migration." + o.kind());
            r.put("automation_id", o.automationId());
            r.put("goal_id", o.goalId());
            if (receipt.isLeft()) {
                r.put("appended", false);
                r.put("error_code", receipt.getLeft().errorCode());
            } else {
                r.put("appended", true);
                List<Long> seqs = receipt.get().seqs();
                r.put("seq", seqs.isEmpty() ? -1 : seqs.get(0));
            }
        };
    }
}
