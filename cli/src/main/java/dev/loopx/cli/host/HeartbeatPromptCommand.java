package dev.loopx.cli.host;

import dev.loopx.application.heartbeat.AnswerHeartbeatPrompt;
import dev.loopx.application.heartbeat.HeartbeatPromptAnswer;
import dev.loopx.application.heartbeat.HeartbeatPromptRequest;
import dev.loopx.cli.quota.RuntimeProfiles;
import dev.loopx.cli.render.HeartbeatBootstrapAnswer;
import dev.loopx.cli.render.HeartbeatRefusalAnswer;
import dev.loopx.cli.render.HeartbeatRefusalAnswer.Refused;
import dev.loopx.cli.render.ThinPromptAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.projections.query.RuntimeProfile;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx heartbeat-prompt} (SPEC §S11): maps the flags to exactly one
 * {@link HeartbeatPromptRequest} mode ({@link #EXCLUSIONS} says which flag belongs to which),
 * makes one {@link AnswerHeartbeatPrompt} call and renders its answer ({@link ThinPromptAnswer}, {@link HeartbeatBootstrapAnswer}, {@link HeartbeatRefusalAnswer}):
 * the thin body ({@code heartbeat_agent_input_v1}), or the managed wrapper as JSON, as exact text
 * ({@code --raw}) or unredacted ({@code --private}). Identity fails closed (ok=false, exit 1, no
 * body). Only {@code --bootstrap --record-install --execute} writes; nothing here ever spends.
 */
@Command(
        name = "heartbeat-prompt",
        description = {
            "The heartbeat prompt an agent host runs each turn. --thin (default) answers",
            "heartbeat_agent_input_v1: a task body (<= 3,000 chars) teaching the turn loop (should-run,",
            "interaction_contract, claim, refresh-state, spend after delivery, scheduler acks).",
            "--bootstrap answers the small managed wrapper (LoopX managed heartbeat bootstrap v2) a host",
            "stores as its automation prompt; it loads the thin body with explicit bindings. The wrapper",
            "holds the runtime root (a local path): JSON output redacts it unless --private; --raw prints",
            "the exact wrapper bytes only. --record-install records heartbeat.installed (digest only).",
            "A goal with registered agents needs a registered --agent-id (else ok=false, exit 1). Never spends."
        },
        footer = {
            "",
            "Examples:",
            "  loopx heartbeat-prompt --goal-id g --agent-id builder --codex-app",
            "  loopx heartbeat-prompt --goal-id g --agent-id builder --bootstrap --raw",
            "  loopx heartbeat-prompt --goal-id g --agent-id builder --bootstrap --record-install --host-surface codex-app --execute"
        })
public final class HeartbeatPromptCommand extends LoopxSubcommand {
    /** The flag-selected modes: {@code RAW} and {@code BOOTSTRAP} are one request rendered two ways. */
    private enum Mode {
        THIN,
        BOOTSTRAP,
        RAW,
        RECORD_INSTALL
    }

    private static final Set<Mode> WRAPPER_MODES = EnumSet.of(Mode.BOOTSTRAP, Mode.RAW, Mode.RECORD_INSTALL);

    /** A flag given in a mode it does not belong to: exit 2 {@code invalid_arguments} with this message. */
    private record Exclusion(Set<Mode> refusedIn, Predicate<HeartbeatPromptCommand> given, String message) {}

    /** Checked in this order, after the values themselves; the first that applies is the error. */
    private static final List<Exclusion> EXCLUSIONS = List.of(
            new Exclusion(
                    WRAPPER_MODES,
                    c -> c.turnInstanceId != null,
                    "--bootstrap cannot take --turn-instance-id:"
                            + " a stored loader runs every turn and cannot persist one turn"),
            new Exclusion(
                    WRAPPER_MODES,
                    c -> !c.agentScopes.isEmpty(),
                    "--bootstrap binds no scope; pass --agent-scope to thin calls only"),
            new Exclusion(
                    WRAPPER_MODES,
                    c -> c.runtimeProfile != null
                            && !c.runtimeProfile.equals(RuntimeProfile.CODEX_APP_HEARTBEAT.wire()),
                    "the managed wrapper loads the codex_app_heartbeat profile; other hosts call the thin prompt directly"),
            new Exclusion(
                    EnumSet.of(Mode.THIN),
                    c -> c.raw || c.privateOutput || c.recordInstall,
                    "--raw, --private and --record-install need --bootstrap"),
            new Exclusion(
                    EnumSet.of(Mode.RAW),
                    c -> c.privateOutput || c.recordInstall,
                    "--raw prints only the wrapper; drop --private and --record-install"),
            new Exclusion(
                    EnumSet.complementOf(EnumSet.of(Mode.RECORD_INSTALL)),
                    c -> c.execute || c.hostSurface != null || c.operationId != null,
                    "--execute, --host-surface and --operation-id need --record-install"));

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    @Option(names = "--goal-id", required = true, paramLabel = "ID")
    String goalId;

    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "The lane (required on goals with registered agents, and for --bootstrap).")
    String agentId;

    @Option(names = "--thin", description = "Answer the thin task body (default).")
    boolean thin;

    @Option(
            names = "--bootstrap",
            description = "Answer the managed wrapper a host stores (never with --turn-instance-id).")
    boolean bootstrap;

    @Option(
            names = "--agent-scope",
            paramLabel = "TEXT",
            description =
                    "The lane's scope, shown in the body (repeatable; whitespace collapsed; <= 320 chars joined; no < or >; public-safe).")
    List<String> agentScopes = new ArrayList<>();

    @Option(
            names = "--available-capability",
            paramLabel = "C",
            description = "A capability the host offers (repeatable, <= 8, each <= 40 chars).")
    List<String> capabilities = new ArrayList<>();

    @Option(names = "--cli-bin", paramLabel = "BIN", description = "How the host calls LoopX (default: loopx).")
    String cliBin = HeartbeatOptions.DEFAULT_CLI_BIN;

    @Option(
            names = {"-A", "--codex-app"},
            description = "Same as --runtime-profile codex_app_heartbeat.")
    boolean codexApp;

    @Option(
            names = "--runtime-profile",
            paramLabel = "PROFILE",
            description =
                    "The should-run profile the body uses: codex_app_heartbeat | codex_cli | codex_app_ssh_goal | claude_code | generic_cli (default generic_cli).")
    String runtimeProfile;

    @Option(
            names = "--turn-instance-id",
            paramLabel = "ID",
            description = "Thin only: the body's should-run records this turn's receipt.")
    String turnInstanceId;

    @Option(
            names = "--raw",
            description = "--bootstrap only: print exactly the wrapper text (with the real runtime root), no JSON.")
    boolean raw;

    @Option(
            names = "--private",
            description = "--bootstrap only: keep local paths in the JSON answer (for the host's private store).")
    boolean privateOutput;

    @Option(
            names = "--record-install",
            description = "--bootstrap only: record heartbeat.installed for this wrapper (preview unless --execute).")
    boolean recordInstall;

    @Option(
            names = "--host-surface",
            paramLabel = "S",
            description = "With --record-install: where it was installed, e.g. codex-app.")
    String hostSurface;

    @Option(names = "--execute", description = "With --record-install: append (default: preview only).")
    boolean execute;

    @Option(names = "--operation-id", paramLabel = "ID", description = "With --record-install: idempotency key.")
    String operationId;

    /** The command with its values set (an MCP {@code host_prompt}: the lane's thin body); an empty agent is none. */
    static HeartbeatPromptCommand forLane(String goalId, String agentId) {
        HeartbeatPromptCommand c = new HeartbeatPromptCommand();
        c.goalId = goalId;
        c.agentId = agentId.isEmpty() ? null : agentId;
        return c;
    }

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        Mode mode = mode();
        String scope = validateValues();
        for (Exclusion exclusion : EXCLUSIONS) {
            if (exclusion.refusedIn().contains(mode) && exclusion.given().test(this)) {
                throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, exclusion.message());
            }
        }
        HeartbeatPromptAnswer answer = AnswerHeartbeatPrompt.run(context.invocation(), request(mode, scope))
                .getOrElseThrow(CliError::of);
        return render(context, mode, answer);
    }

    private Mode mode() {
        if (thin && bootstrap) {
            throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, "--thin and --bootstrap are exclusive");
        }
        return !bootstrap ? Mode.THIN : raw ? Mode.RAW : recordInstall ? Mode.RECORD_INSTALL : Mode.BOOTSTRAP;
    }

    /** Exit-2 checks of the values every mode shares; returns the normalised scope. */
    private String validateValues() {
        HeartbeatOptions.capabilities(capabilities);
        TextOptions.cliBin(cliBin);
        String scope = AnswerHeartbeatPrompt.scope(agentScopes)
                .getOrElseThrow(p -> new CliError(p.errorCode(), p.message(), "loopx heartbeat-prompt --help"));
        if (!agentScopes.isEmpty() && agentId == null) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS, "--agent-scope describes a lane: give --agent-id as well");
        }
        if (turnInstanceId != null) {
            IdOptions.requireId("--turn-instance-id", turnInstanceId);
        }
        return scope;
    }

    /** The mode's request, after the checks of its own values (exit 2). */
    private HeartbeatPromptRequest request(Mode mode, String scope) {
        String agent = agentId == null ? "" : agentId;
        var wrapper = new HeartbeatPromptRequest.Bootstrap(goalId, agent, cliBin, capabilities);
        return switch (mode) {
            case THIN ->
                new HeartbeatPromptRequest.Thin(
                        goalId,
                        agent,
                        scope,
                        capabilities,
                        cliBin,
                        thinProfile(),
                        turnInstanceId == null ? "" : turnInstanceId);
            case BOOTSTRAP, RAW -> wrapper;
            case RECORD_INSTALL -> {
                if (hostSurface == null) {
                    throw CliError.badInput(
                            ErrorCode.INVALID_ARGUMENTS, "--record-install needs --host-surface (e.g. codex-app)");
                }
                var surface = HostSurfaces.require("--host-surface", hostSurface);
                if (operationId != null) {
                    IdOptions.requireId("--operation-id", operationId);
                }
                yield new HeartbeatPromptRequest.RecordInstall(
                        wrapper, surface, operationId == null ? "" : operationId, execute);
            }
        };
    }

    /** The thin body's profile: {@code generic_cli} when neither option names one. */
    private RuntimeProfile thinProfile() {
        return RuntimeProfiles.of(codexApp, runtimeProfile).orElse(RuntimeProfile.GENERIC_CLI);
    }

    private int render(CliContext context, Mode mode, HeartbeatPromptAnswer answer) {
        return switch (answer) {
            case HeartbeatPromptAnswer.Thin t -> context.emit(new ThinPromptAnswer(t.prompt()));
            case HeartbeatPromptAnswer.Refused r
            when mode == Mode.THIN -> context.emit(new HeartbeatRefusalAnswer(Refused.THIN_PROMPT, r.refusal()));
            case HeartbeatPromptAnswer.Refused r ->
                context.emit(new HeartbeatRefusalAnswer(Refused.BOOTSTRAP, r.refusal()));
            case HeartbeatPromptAnswer.Wrapper w
            when mode == Mode.RAW -> {
                context.out().print(w.text());
                context.out().flush();
                yield 0;
            }
            case HeartbeatPromptAnswer.Wrapper w -> {
                var bootstrap = new HeartbeatBootstrapAnswer(w);
                yield privateOutput ? HeartbeatOptions.emitPrivate(context, bootstrap) : context.emit(bootstrap);
            }
        };
    }
}
