package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.Receipts;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.heartbeat.HeartbeatDecider;
import dev.loopx.commands.heartbeat.RecordHeartbeatInstall;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.heartbeat.HeartbeatPrompt;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.ThinBody;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperVersion;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.heartbeat.HeartbeatFold;
import dev.loopx.projections.query.ShouldRun;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx heartbeat-prompt} (SPEC §S11). Thin mode answers {@code heartbeat_agent_input_v1}
 * (the per-turn task body); {@code --bootstrap} answers the managed wrapper a host stores as its
 * automation prompt. Identity fails closed (ok=false, exit 1, no body). Only
 * {@code --bootstrap --record-install --execute} writes (one {@code heartbeat.installed}); nothing
 * here ever spends.
 */
@Command(name = "heartbeat-prompt",
        description = {"The heartbeat prompt an agent host runs each turn. --thin (default) answers",
            "heartbeat_agent_input_v1: a task body (<= 3,000 chars) teaching the turn loop (should-run,",
            "interaction_contract, claim, refresh-state, spend after delivery, scheduler acks).",
            "--bootstrap answers the small managed wrapper (LoopX managed heartbeat bootstrap v2) a host",
            "stores as its automation prompt; it loads the thin body with explicit bindings. The wrapper",
            "holds the runtime root (a local path): JSON output redacts it unless --private; --raw prints",
            "the exact wrapper bytes only. --record-install records heartbeat.installed (digest only).",
            "A goal with registered agents needs a registered --agent-id (else ok=false, exit 1). Never spends."},
        footer = {"", "Examples:",
            "  loopx heartbeat-prompt --goal-id g --agent-id builder --codex-app",
            "  loopx heartbeat-prompt --goal-id g --agent-id builder --bootstrap --raw",
            "  loopx heartbeat-prompt --goal-id g --agent-id builder --bootstrap --record-install --host-surface codex-app --execute"})
public final class HeartbeatPromptCommand extends LoopxSubcommand {
    static final String BOOTSTRAP_SCHEMA = "loopx_heartbeat_bootstrap_v0";

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help.")
    boolean help;

    @Option(names = "--goal-id", required = true, paramLabel = "ID")
    String goalId;

    @Option(names = "--agent-id", paramLabel = "ID", description = "The lane (required on goals with registered agents, and for --bootstrap).")
    String agentId;

    @Option(names = "--thin", description = "Answer the thin task body (default).")
    boolean thin;

    @Option(names = "--bootstrap", description = "Answer the managed wrapper a host stores (never with --turn-instance-id).")
    boolean bootstrap;

    @Option(names = "--agent-scope", paramLabel = "TEXT",
            description = "The lane's scope, shown in the body (repeatable; whitespace collapsed; <= 320 chars joined; no < or >; public-safe).")
    List<String> agentScopes = new ArrayList<>();

    @Option(names = "--available-capability", paramLabel = "C", description = "A capability the host offers (repeatable, <= 8, each <= 40 chars).")
    List<String> capabilities = new ArrayList<>();

    @Option(names = "--cli-bin", paramLabel = "BIN", description = "How the host calls LoopX (default: loopx).")
    String cliBin = HeartbeatOptions.DEFAULT_CLI_BIN;

    @Option(names = {"-A", "--codex-app"}, description = "Same as --runtime-profile codex_app_heartbeat.")
    boolean codexApp;

    @Option(names = "--runtime-profile", paramLabel = "PROFILE",
            description = "The should-run profile the body uses: codex_app_heartbeat | codex_cli | codex_app_ssh_goal | claude_code | generic_cli (default generic_cli).")
    String runtimeProfile;

    @Option(names = "--turn-instance-id", paramLabel = "ID", description = "Thin only: the body's should-run records this turn's receipt.")
    String turnInstanceId;

    @Option(names = "--raw", description = "--bootstrap only: print exactly the wrapper text (with the real runtime root), no JSON.")
    boolean raw;

    @Option(names = "--private", description = "--bootstrap only: keep local paths in the JSON answer (for the host's private store).")
    boolean privateOutput;

    @Option(names = "--record-install", description = "--bootstrap only: record heartbeat.installed for this wrapper (preview unless --execute).")
    boolean recordInstall;

    @Option(names = "--host-surface", paramLabel = "S", description = "With --record-install: where it was installed, e.g. codex-app.")
    String hostSurface;

    @Option(names = "--execute", description = "With --record-install: append (default: preview only).")
    boolean execute;

    @Option(names = "--operation-id", paramLabel = "ID", description = "With --record-install: idempotency key.")
    String operationId;

    @Override
    protected int execute(CliContext context) {
        String agent = validate();
        String scope = ThinBody.normalizeScope(agentScopes);
        String profile = profile();
        try (LoopxRuntime runtime = context.openRuntime()) {
            GoalState state = GoalState.load(runtime.views(), goalId)
                    .orElseThrow(() -> CliError.of(new Rejection.GoalNotFound(goalId)));
            if (!bootstrap) {
                ThinBody.Request request = new ThinBody.Request(goalId, agent, scope, capabilities, cliBin, profile,
                        turnInstanceId == null ? "" : turnInstanceId);
                return context.emit(HeartbeatPrompt.thin(state, request), HeartbeatPromptCommand::text);
            }
            Optional<ObjectNode> refusal = HeartbeatPrompt.identityRefusal(BOOTSTRAP_SCHEMA, state, agent, true);
            if (refusal.isPresent()) {
                return context.emit(refusal.get());
            }
            WrapperBinding binding = HeartbeatOptions.binding(context, WrapperVersion.current().number(), goalId, agent,
                    cliBin, capabilities);
            String wrapper = ManagedWrapper.render(binding);
            if (raw) {
                context.out().print(wrapper);
                context.out().flush();
                return 0;
            }
            ObjectNode doc = bootstrapAnswer(binding, wrapper);
            if (recordInstall) {
                doc.set("install", recordInstall(context, runtime, binding, wrapper));
            }
            return privateOutput ? HeartbeatOptions.emitPrivate(context, doc) : context.emit(doc, HeartbeatPromptCommand::text);
        }
    }

    /** Text mode: the body (or the wrapper, paths redacted) as it is, then its budget; refusals as an outline. */
    private static void text(JsonNode doc, PrintWriter out) {
        String text = doc.has("task_body") ? doc.get("task_body").asText() : doc.path("wrapper").asText(null);
        if (!doc.path("ok").asBoolean() || text == null) {
            out.println("heartbeat prompt refused: " + doc.path("message").asText() + " [" + doc.path("error_code").asText() + "]");
            doc.path("commands").forEach(c -> out.println("  try: " + c.asText()));
            return;
        }
        out.println(text);
        out.println();
        var budget = doc.get("interface_budget");
        out.println("-- " + budget.path("mode").asText() + " · " + budget.path("budget_char_count").asInt() + "/"
                + budget.path("max_chars").asInt() + " chars" + (doc.has("wrapper_sha256") ? " · sha256 "
                + doc.get("wrapper_sha256").asText() : "") + (doc.has("install") ? " · install " + doc.get("install") : ""));
    }

    /** Exit-2 checks before anything is opened; returns the agent id ("" when absent). */
    private String validate() {
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        if (thin && bootstrap) {
            throw CliError.badInput("invalid_arguments", "--thin and --bootstrap are exclusive");
        }
        HeartbeatOptions.capabilities(capabilities);
        TextOptions.cliBin(cliBin);
        String scope = ThinBody.normalizeScope(agentScopes);
        ThinBody.scopeProblem(scope).ifPresent(p -> {
            throw new CliError(p.errorCode(), p.message(), "loopx heartbeat-prompt --help");
        });
        if (!agentScopes.isEmpty() && agentId == null) {
            throw CliError.badInput("invalid_arguments", "--agent-scope describes a lane: give --agent-id as well");
        }
        if (turnInstanceId != null) {
            IdOptions.requireId("--turn-instance-id", turnInstanceId);
        }
        if (bootstrap) {
            validateBootstrap();
        } else if (raw || privateOutput || recordInstall) {
            throw CliError.badInput("invalid_arguments", "--raw, --private and --record-install need --bootstrap");
        }
        if (!recordInstall && (execute || hostSurface != null || operationId != null)) {
            throw CliError.badInput("invalid_arguments", "--execute, --host-surface and --operation-id need --record-install");
        }
        return agentId == null ? "" : agentId;
    }

    private void validateBootstrap() {
        if (turnInstanceId != null) {
            throw CliError.badInput("invalid_arguments",
                    "--bootstrap cannot take --turn-instance-id: a stored loader runs every turn and cannot persist one turn");
        }
        if (!agentScopes.isEmpty()) {
            throw CliError.badInput("invalid_arguments", "--bootstrap binds no scope; pass --agent-scope to thin calls only");
        }
        if (runtimeProfile != null && !runtimeProfile.equals("codex_app_heartbeat")) {
            throw CliError.badInput("invalid_arguments", "the managed wrapper loads the codex_app_heartbeat profile;"
                    + " other hosts call the thin prompt directly");
        }
        if (raw && (privateOutput || recordInstall)) {
            throw CliError.badInput("invalid_arguments", "--raw prints only the wrapper; drop --private and --record-install");
        }
        if (recordInstall) {
            if (hostSurface == null) {
                throw CliError.badInput("invalid_arguments", "--record-install needs --host-surface (e.g. codex-app)");
            }
            hostSurface = HostSurfaces.require("--host-surface", hostSurface).wire();
            if (operationId != null) {
                IdOptions.requireId("--operation-id", operationId);
            }
        }
    }

    private String profile() {
        if (codexApp && runtimeProfile != null && !runtimeProfile.equals("codex_app_heartbeat")) {
            throw CliError.badInput("invalid_arguments", "--codex-app contradicts --runtime-profile " + runtimeProfile);
        }
        String profile = codexApp || bootstrap ? "codex_app_heartbeat" : runtimeProfile == null ? "generic_cli" : runtimeProfile;
        return TextOptions.oneOf("--runtime-profile", profile, ShouldRun.PROFILES.stream().sorted().toArray(String[]::new));
    }

    private static ObjectNode bootstrapAnswer(WrapperBinding binding, String wrapper) {
        ObjectNode doc = CliContext.document(BOOTSTRAP_SCHEMA, true);
        doc.put("goal_id", binding.goalId());
        doc.put("agent_id", binding.agentId());
        doc.put("wrapper_version", binding.version());
        doc.put("wrapper", wrapper);
        doc.put("wrapper_sha256", ManagedWrapper.sha256(wrapper));
        ObjectNode b = doc.putObject("binding");
        b.put("runtime_root", binding.runtimeRoot());
        b.put("goal_id", binding.goalId());
        b.put("agent_id", binding.agentId());
        b.put("cli_bin", binding.cliBin());
        ArrayNode caps = b.putArray("available_capabilities");
        binding.capabilities().forEach(caps::add);
        ObjectNode budget = doc.putObject("interface_budget");
        budget.put("mode", "bootstrap");
        budget.put("budget_char_count", ManagedWrapper.chars(wrapper));
        budget.put("max_chars", ManagedWrapper.MAX_CHARS);
        budget.put("within_budget", ManagedWrapper.withinBudget(wrapper));
        doc.put("spends_quota", false);
        doc.put("private_note", "wrapper and binding.runtime_root hold a local path: shown redacted unless --private;"
                + " --raw prints the exact wrapper; wrapper_sha256 is over the exact text");
        return doc;
    }

    private ObjectNode recordInstall(CliContext context, LoopxRuntime runtime, WrapperBinding binding, String wrapper) {
        String sha = ManagedWrapper.sha256(wrapper);
        RecordHeartbeatInstall command = new RecordHeartbeatInstall(goalId, binding.agentId(), hostSurface,
                binding.version(), sha);
        ObjectNode intentArgs = Json.object().put("agent_id", binding.agentId()).put("host_surface", hostSurface)
                .put("wrapper_version", binding.version()).put("wrapper_sha256", sha);
        LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(context.now(), goalId,
                new Actor(ActorKind.HOST, hostSurface), operationId == null ? "" : operationId,
                Intent.of("heartbeat-prompt --record-install", intentArgs));
        ObjectNode install = Json.object();
        install.put("host_surface", hostSurface);
        install.put("spends_quota", false);
        if (!execute) {
            var preview = runtime.preview(write, views -> HeartbeatDecider.decide(command, GoalState.load(views, goalId), views));
            if (preview.isLeft()) {
                throw CliError.of(preview.getLeft());
            }
            install.put("dry_run", true);
            install.set("preview", Receipts.wouldAppend(preview.get()));
            install.put("next_step", "add --execute to record the install");
        } else {
            var outcome = runtime.write(write, views -> HeartbeatDecider.decide(command, GoalState.load(views, goalId), views));
            if (outcome.isLeft()) {
                throw CliError.of(outcome.getLeft());
            }
            install.put("changed", outcome.get().changed());
            install.set("receipt", Receipts.appended(outcome.get()));
        }
        HeartbeatFold.last(runtime.views(), goalId, binding.agentId(), hostSurface).ifPresentOrElse(
                last -> install.set("last_install", Json.mapper().valueToTree(last)), () -> install.putNull("last_install"));
        return install;
    }
}
