package dev.loopx.host.heartbeat;

import dev.loopx.commands.privacy.PublicText;
import dev.loopx.host.shell.ShellWords;
import dev.loopx.projections.query.RuntimeProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The thin heartbeat task body (SPEC §S11): the per-turn loop an agent follows, bound to one
 * goal and lane. It carries one exact command — should-run with the bound goal, agent, runtime
 * profile, capabilities and turn id — and delegates every other exact command (claim, evidence,
 * spend) to what should-run answers in {@code interaction_contract.cli_channel.next_cli_actions},
 * so it stays within {@value #MAX_CHARS} characters even for 160-character ids, the largest
 * scope and the most capabilities accepted. Pure and thread-safe.
 */
public final class ThinBody {
    public static final int MAX_CHARS = 3_000;
    /** Longest accepted agent scope (all {@code --agent-scope} values joined), in characters. */
    public static final int MAX_SCOPE_CHARS = 320;

    public static final int MAX_CAPABILITIES = 8;
    public static final int MAX_CAPABILITY_CHARS = 40;

    private ThinBody() {}

    /**
     * What the body is rendered from. {@code agentId} is empty only for a goal without registered
     * agents; {@code scope} is already {@link #normalizeScope normalised}.
     */
    public record Request(
            String goalId,
            String agentId,
            String scope,
            List<String> capabilities,
            String cliBin,
            RuntimeProfile runtimeProfile,
            String turnInstanceId) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(cliBin, "cliBin");
            Objects.requireNonNull(runtimeProfile, "runtimeProfile");
            Objects.requireNonNull(turnInstanceId, "turnInstanceId");
            capabilities = capabilities.stream().sorted().distinct().toList();
        }
    }

    /** Each scope with runs of whitespace collapsed to one space and trimmed, joined by {@code "; "}. */
    public static String normalizeScope(List<String> scopes) {
        List<String> parts = new ArrayList<>();
        for (String s : scopes) {
            String collapsed = s.replaceAll("\\s+", " ").strip();
            if (!collapsed.isEmpty()) {
                parts.add(collapsed);
            }
        }
        return String.join("; ", parts);
    }

    /** A refused input: its {@code error_code} and a message that never echoes the value. */
    public record Problem(String errorCode, String message) {}

    /** Why a normalised scope is refused (exit 2); empty when acceptable. */
    public static Optional<Problem> scopeProblem(String scope) {
        if (scope.indexOf('<') >= 0 || scope.indexOf('>') >= 0) {
            return Optional.of(new Problem("invalid_value", "--agent-scope must not contain '<' or '>'"));
        }
        if (scope.codePointCount(0, scope.length()) > MAX_SCOPE_CHARS) {
            return Optional.of(new Problem(
                    "invalid_value",
                    "--agent-scope is longer than " + MAX_SCOPE_CHARS + " characters (all values joined)"));
        }
        return PublicText.checkOptional("--agent-scope", scope).map(v -> new Problem(v.errorCode(), v.message()));
    }

    /** Why a capability list is refused (exit 2); empty when acceptable. Ids are checked by the caller. */
    public static Optional<String> capabilitiesProblem(List<String> capabilities) {
        if (capabilities.stream().distinct().count() > MAX_CAPABILITIES) {
            return Optional.of("at most " + MAX_CAPABILITIES + " distinct --available-capability values are accepted");
        }
        if (capabilities.stream().anyMatch(c -> c.length() > MAX_CAPABILITY_CHARS)) {
            return Optional.of(
                    "an --available-capability value is longer than " + MAX_CAPABILITY_CHARS + " characters");
        }
        return Optional.empty();
    }

    /** The exact should-run command the body tells the agent to run. */
    public static List<String> shouldRunWords(Request r) {
        List<String> words = new ArrayList<>(List.of(r.cliBin(), "quota", "should-run", "--goal-id", r.goalId()));
        if (!r.agentId().isEmpty()) {
            words.addAll(List.of("--agent-id", r.agentId()));
        }
        words.addAll(List.of("--runtime-profile", r.runtimeProfile().wire()));
        r.capabilities().forEach(c -> words.addAll(List.of("--available-capability", c)));
        if (!r.turnInstanceId().isEmpty()) {
            words.addAll(List.of("--turn-instance-id", r.turnInstanceId()));
        }
        return words;
    }

    public static String render(Request r) {
        String cli = ShellWords.quote(r.cliBin());
        StringBuilder b = new StringBuilder();
        b.append("LoopX heartbeat turn for the goal and lane bound in step 1.\n");
        if (!r.scope().isEmpty()) {
            b.append("Your scope: ").append(r.scope()).append('\n');
        }
        b.append("`")
                .append(cli)
                .append("` is the LoopX CLI that loaded this body; give every LoopX command the")
                .append(" loader's --runtime-root. Every turn, in order:\n");
        b.append("1. Ask first: ").append(ShellWords.join(shouldRunWords(r))).append('\n');
        b.append("2. Follow its interaction_contract: do agent_channel.required_reads first, then only")
                .append(" agent_channel.primary_action. If should_run=false or delivery_allowed=false, do no work.\n");
        b.append("3. Claim before work: if claim_required_before_work=true, run the todo claim command from")
                .append(" cli_channel.next_cli_actions; if refused, stop.\n");
        b.append("4. After the work, write evidence with the refresh-state command from cli_channel.next_cli_actions")
                .append(" (--delivery-outcome outcome_progress|primary_goal_outcome|surface_only|outcome_gap, a short")
                .append(" public-safe --summary: no paths, secrets or transcripts).\n");
        b.append("5. Spend only after validated delivery (outcome_progress or primary_goal_outcome written back): run")
                .append(" its quota spend-slot ... --execute command once. Never spend for should-run, claims, acks or")
                .append(" a turn without delivery.\n");
        b.append("6. Scheduler: if scheduler_hint.app_automation.stateful_backoff.apply_needed=true, set your")
                .append(" automation's RRULE to its recommended_rrule; if that fails, run ")
                .append(cli)
                .append(" with its failure_hint.cli_args exactly instead. When its ack_hint is present, run ")
                .append(cli)
                .append(" with ack_hint.cli_args exactly (no spend).\n");
        b.append("7. user_channel.notify NOTIFY/DONT_NOTIFY controls output only (whether you message the user);")
                .append(" it never decides whether you work.\n");
        b.append("Never fall back to remembered rules: this body and should-run's answer are the rules.");
        return b.toString();
    }

    public static int chars(String body) {
        return body.codePointCount(0, body.length());
    }
}
