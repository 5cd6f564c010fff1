package dev.loopx.cli.host;

import dev.loopx.application.heartbeat.AnswerHeartbeatPrompt;
import dev.loopx.application.heartbeat.HeartbeatPromptAnswer;
import dev.loopx.application.heartbeat.HeartbeatPromptRequest;
import dev.loopx.cli.quota.RuntimeProfiles;
import dev.loopx.cli.render.HeartbeatBootstrapAnswer;
import dev.loopx.cli.render.HeartbeatRefusalAnswer;
import dev.loopx.cli.render.HeartbeatRefusalAnswer.Refused;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.ThinPromptAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import dev.loopx.projections.query.RuntimeProfile;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
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
public final class HeartbeatPromptCommand extends LoopxSubcommand implements TheOnlyGoalByDefault {
    /** The flag-selected modes: {@code RAW} and {@code BOOTSTRAP} are one request rendered two ways. */
    private enum Mode {
        THIN,
        BOOTSTRAP,
        RAW,
        RECORD_INSTALL
    }

    private static final Set<Mode> WRAPPER_MODES = EnumSet.of(Mode.BOOTSTRAP, Mode.RAW, Mode.RECORD_INSTALL);

    /** A flag given in a mode it does not belong to: exit 2 {@code invalid_arguments} with this message. */
    private record Exclusion(Set<Mode> refusedIn, Predicate<Prompt> given, String message) {}

    /** Checked in this order, after the values themselves; the first that applies is the error. */
    private static final List<Exclusion> EXCLUSIONS = List.of(
            new Exclusion(
                    WRAPPER_MODES,
                    c -> c.turnInstanceId() != null,
                    "--bootstrap cannot take --turn-instance-id:"
                            + " a stored loader runs every turn and cannot persist one turn"),
            new Exclusion(
                    WRAPPER_MODES,
                    c -> !c.agentScopes().isEmpty(),
                    "--bootstrap binds no scope; pass --agent-scope to thin calls only"),
            new Exclusion(
                    WRAPPER_MODES,
                    c -> c.runtimeProfile() != null
                            && !c.runtimeProfile().equals(RuntimeProfile.CODEX_APP_HEARTBEAT.wire()),
                    "the managed wrapper loads the codex_app_heartbeat profile; other hosts call the thin prompt directly"),
            new Exclusion(
                    EnumSet.of(Mode.THIN),
                    c -> c.raw() || c.privateOutput() || c.recordInstall(),
                    "--raw, --private and --record-install need --bootstrap"),
            new Exclusion(
                    EnumSet.of(Mode.RAW),
                    c -> c.privateOutput() || c.recordInstall(),
                    "--raw prints only the wrapper; drop --private and --record-install"),
            new Exclusion(
                    EnumSet.complementOf(EnumSet.of(Mode.RECORD_INSTALL)),
                    c -> c.execute() || c.hostSurface() != null || c.operationId() != null,
                    "--execute, --host-surface and --operation-id need --record-install"));

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
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

    /**
     * The options as typed values: each string null and each list empty when the option was not
     * given ({@code cliBin} has its default).
     */
    public record Prompt(
            String goalId,
            String agentId,
            boolean thin,
            boolean bootstrap,
            List<String> agentScopes,
            List<String> capabilities,
            String cliBin,
            boolean codexApp,
            String runtimeProfile,
            String turnInstanceId,
            boolean raw,
            boolean privateOutput,
            boolean recordInstall,
            String hostSurface,
            boolean execute,
            String operationId) {
        public Prompt {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(cliBin, "cliBin");
            agentScopes = List.copyOf(agentScopes);
            capabilities = List.copyOf(capabilities);
        }

        /** A lane's thin body as an MCP {@code host_prompt} asks it; an empty agent is none. */
        public static Prompt ofLane(String goalId, String agentId) {
            return new Prompt(
                    goalId,
                    agentId.isEmpty() ? null : agentId,
                    false,
                    false,
                    List.of(),
                    List.of(),
                    HeartbeatOptions.DEFAULT_CLI_BIN,
                    false,
                    null,
                    null,
                    false,
                    false,
                    false,
                    null,
                    false,
                    null);
        }
    }

    private Prompt prompt() {
        return new Prompt(
                goalId,
                agentId,
                thin,
                bootstrap,
                agentScopes,
                capabilities,
                cliBin,
                codexApp,
                runtimeProfile,
                turnInstanceId,
                raw,
                privateOutput,
                recordInstall,
                hostSurface,
                execute,
                operationId);
    }

    @Override
    protected int execute(CliContext context) {
        Prompt prompt = prompt();
        HeartbeatPromptAnswer answer = ask(context, prompt);
        if (answer instanceof HeartbeatPromptAnswer.Wrapper w && mode(prompt) == Mode.RAW) {
            context.out().print(w.text());
            context.out().flush();
            return 0;
        }
        RenderedAnswer rendered = record(prompt, answer);
        return prompt.privateOutput() && answer instanceof HeartbeatPromptAnswer.Wrapper
                ? HeartbeatOptions.emitPrivate(context, rendered)
                : context.emit(rendered);
    }

    /**
     * The answer the command and the MCP {@code host_prompt} tool share, as a record: the checks
     * (exit 2), one {@link AnswerHeartbeatPrompt} call, its record. {@code --raw}'s wrapper text is
     * no record (the command prints it as it is); here it is the bootstrap answer.
     *
     * @throws CliError for bad input or a refusal, as {@code loopx heartbeat-prompt} reports it
     */
    public static RenderedAnswer answer(CliContext context, Prompt prompt) {
        return record(prompt, ask(context, prompt));
    }

    /** The checks of every option, then the one application call. */
    private static HeartbeatPromptAnswer ask(CliContext context, Prompt prompt) {
        IdOptions.requireGoalId(prompt.goalId());
        if (prompt.agentId() != null) {
            IdOptions.requireId("--agent-id", prompt.agentId());
        }
        Mode mode = mode(prompt);
        String scope = validateValues(prompt);
        for (Exclusion exclusion : EXCLUSIONS) {
            if (exclusion.refusedIn().contains(mode) && exclusion.given().test(prompt)) {
                throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, exclusion.message());
            }
        }
        return AnswerHeartbeatPrompt.run(context.invocation(), request(prompt, mode, scope))
                .getOrElseThrow(CliError::of);
    }

    private static Mode mode(Prompt p) {
        if (p.thin() && p.bootstrap()) {
            throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, "--thin and --bootstrap are exclusive");
        }
        return !p.bootstrap()
                ? Mode.THIN
                : p.raw() ? Mode.RAW : p.recordInstall() ? Mode.RECORD_INSTALL : Mode.BOOTSTRAP;
    }

    /** Exit-2 checks of the values every mode shares; returns the normalised scope. */
    private static String validateValues(Prompt p) {
        HeartbeatOptions.capabilities(p.capabilities());
        TextOptions.cliBin(p.cliBin());
        String scope = AnswerHeartbeatPrompt.scope(p.agentScopes())
                .getOrElseThrow(e -> new CliError(e.errorCode(), e.message(), "loopx heartbeat-prompt --help"));
        if (!p.agentScopes().isEmpty() && p.agentId() == null) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS, "--agent-scope describes a lane: give --agent-id as well");
        }
        if (p.turnInstanceId() != null) {
            IdOptions.requireId("--turn-instance-id", p.turnInstanceId());
        }
        return scope;
    }

    /** The mode's request, after the checks of its own values (exit 2). */
    private static HeartbeatPromptRequest request(Prompt p, Mode mode, String scope) {
        String agent = p.agentId() == null ? "" : p.agentId();
        var wrapper = new HeartbeatPromptRequest.Bootstrap(p.goalId(), agent, p.cliBin(), p.capabilities());
        return switch (mode) {
            case THIN ->
                new HeartbeatPromptRequest.Thin(
                        p.goalId(),
                        agent,
                        scope,
                        p.capabilities(),
                        p.cliBin(),
                        thinProfile(p),
                        p.turnInstanceId() == null ? "" : p.turnInstanceId());
            case BOOTSTRAP, RAW -> wrapper;
            case RECORD_INSTALL -> {
                if (p.hostSurface() == null) {
                    throw CliError.badInput(
                            ErrorCode.INVALID_ARGUMENTS, "--record-install needs --host-surface (e.g. codex-app)");
                }
                var surface = HostSurfaces.require("--host-surface", p.hostSurface());
                if (p.operationId() != null) {
                    IdOptions.requireId("--operation-id", p.operationId());
                }
                yield new HeartbeatPromptRequest.RecordInstall(
                        wrapper, surface, p.operationId() == null ? "" : p.operationId(), p.execute());
            }
        };
    }

    /** The thin body's profile: {@code generic_cli} when neither option names one. */
    private static RuntimeProfile thinProfile(Prompt p) {
        return RuntimeProfiles.of(p.codexApp(), p.runtimeProfile()).orElse(RuntimeProfile.GENERIC_CLI);
    }

    private static RenderedAnswer record(Prompt prompt, HeartbeatPromptAnswer answer) {
        return switch (answer) {
            case HeartbeatPromptAnswer.Thin t -> new ThinPromptAnswer(t.prompt());
            case HeartbeatPromptAnswer.Refused r
            when mode(prompt) == Mode.THIN -> new HeartbeatRefusalAnswer(Refused.THIN_PROMPT, r.refusal());
            case HeartbeatPromptAnswer.Refused r -> new HeartbeatRefusalAnswer(Refused.BOOTSTRAP, r.refusal());
            case HeartbeatPromptAnswer.Wrapper w -> new HeartbeatBootstrapAnswer(w);
        };
    }
}
