package dev.loopx.cli.automation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.PlanEntry;
import dev.loopx.host.codexapp.migration.PrivateFiles;
import dev.loopx.host.codexapp.migration.PromptPlan;
import dev.loopx.host.codexapp.migration.PromptPlanner;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx automation-prompts plan} (SPEC §S12): read-only towards the Codex stores and the
 * ledger; the only file it writes is the private plan file (0600), which holds the desired wrapper
 * bodies. The answer carries digests only.
 */
@Command(name = "plan",
        description = {"Plan managed heartbeat prompt upgrades for the Codex App automations of one Codex home",
            "(--codex-home, else $CODEX_HOME, else ~/.codex). Per automation: blocked (stores disagree, cron,",
            "deleted, ambiguous binding…), unmanaged (no unique registered goal/agent, or bound to another",
            "runtime root), current (already the managed wrapper) or adoption_required (digests, thread, desired",
            "wrapper digest). A managed wrapper gives its binding; any other prompt is bound when it names exactly",
            "one registered goal id and one of its agents. Discovery only proposes. Writes nothing but the private",
            "plan file (0600, default <runtime-root>/private/automation-prompt-plan.json) that apply executes."},
        footer = {"", "Examples:",
            "  loopx automation-prompts plan",
            "  loopx automation-prompts plan --codex-home ~/.codex --automation-id my-heartbeat",
            "  loopx automation-prompts apply --plan-file <runtime-root>/private/automation-prompt-plan.json --offline --execute"})
public final class AutomationPromptsPlanCommand extends LoopxSubcommand {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help.")
    boolean help;

    @Option(names = "--codex-home", paramLabel = "DIR", description = "The Codex home (default $CODEX_HOME, else ~/.codex).")
    String codexHome;

    @Option(names = "--automation-id", paramLabel = "ID", description = "Plan only these automations (repeatable; default all).")
    List<String> automationIds = new ArrayList<>();

    @Option(names = "--plan-file", paramLabel = "FILE", description = "Where to write the private plan (0600).")
    String planFile;

    @Option(names = "--cli-bin", paramLabel = "BIN",
            description = "How the host calls LoopX in wrappers adopted from custom prompts (default loopx; managed wrappers keep theirs).")
    String cliBin = "loopx";

    @Override
    protected int execute(CliContext context) throws IOException {
        automationIds.forEach(id -> IdOptions.requireId("--automation-id", id));
        TextOptions.cliBin(cliBin);
        CodexHome home = AutomationPrompts.codexHome(context, codexHome);
        Path target = planFile == null ? AutomationPrompts.defaultPlanFile(context)
                : context.environment().workingDirectory().resolve(planFile).toAbsolutePath().normalize();
        Map<String, List<String>> registered;
        try (LoopxRuntime runtime = context.openRuntime()) {
            registered = AutomationPrompts.registered(runtime.views());
        }
        PromptPlanner planner = new PromptPlanner(new CodexAutomationStore(home), registered,
                AutomationPrompts.runtimeRoot(context), cliBin);
        var planned = planner.plan(List.copyOf(new java.util.LinkedHashSet<>(automationIds)), context.now().toString());
        if (planned.isLeft()) {
            return context.emit(AutomationPrompts.storeRefusal(planned.getLeft()));
        }
        PromptPlan plan = planned.get();
        PrivateFiles.write(target, Json.mapper().writeValueAsBytes(plan.toPrivateJson()));
        return context.emit(answer(plan, home, target), AutomationPromptsPlanCommand::text);
    }

    static ObjectNode answer(PromptPlan plan, CodexHome home, Path planFile) {
        ObjectNode doc = CliContext.document(AutomationPrompts.SCHEMA, true);
        doc.put("writes", false);
        doc.put("codex_home_source", home.source().name().toLowerCase(java.util.Locale.ROOT));
        doc.put("plan_file", planFile.toString());
        doc.put("plan_file_mode", "0600");
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String s : List.of(PlanEntry.BLOCKED, PlanEntry.UNMANAGED, PlanEntry.CURRENT, PlanEntry.ADOPTION_REQUIRED)) {
            counts.put(s, 0);
        }
        ArrayNode list = doc.putArray("automations");
        for (PlanEntry e : plan.entries()) {
            counts.merge(e.status(), 1, Integer::sum);
            list.add(e.toPublicJson());
        }
        ObjectNode c = doc.putObject("counts");
        counts.forEach(c::put);
        doc.put("private_note", "desired wrapper bodies hold a local path: they are only in the private plan file");
        doc.put("next_step", counts.get(PlanEntry.ADOPTION_REQUIRED) > 0
                ? "review, then: loopx automation-prompts apply --plan-file <plan_file> --offline --execute (quit the Codex App first)"
                : "nothing to apply");
        return doc;
    }

    private static void text(JsonNode doc, PrintWriter out) {
        out.println("automation prompt plan (" + doc.path("codex_home_source").asText() + " Codex home) · writes nothing");
        for (JsonNode a : doc.path("automations")) {
            StringBuilder line = new StringBuilder("  " + a.path("automation_id").asText() + ": " + a.path("status").asText());
            if (a.hasNonNull("goal_id")) {
                line.append(" → ").append(a.path("goal_id").asText()).append('/').append(a.path("agent_id").asText());
            }
            if (!a.path("reasons").isEmpty()) {
                line.append(" [").append(String.join(", ", reasons(a))).append(']');
            }
            out.println(line);
        }
        out.println("plan file (private, 0600): " + doc.path("plan_file").asText());
        out.println("next: " + doc.path("next_step").asText());
    }

    private static List<String> reasons(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.path("reasons").forEach(r -> out.add(r.asText()));
        return out;
    }
}
