package dev.loopx.projections.goal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a goal is now: identity, objective, lifecycle, registered agents and quota policy
 * (SPEC §S3). Defaults apply until the owner configures the goal.
 *
 * @param lifecycle {@code active} or {@code stopped} ({@link GoalLifecycle})
 * @param declaredEmptyRoles roles whose todo section the owner declared empty on purpose
 */
public record GoalView(
        String goalId,
        String objective,
        String projectLabel,
        long registeredSeq,
        String registeredAt,
        QuotaPolicy quota,
        GoalLifecycle lifecycle,
        String lifecycleReason,
        List<Agent> agents,
        List<String> declaredEmptyRoles,
        long lastEventSeq) {
    public GoalView {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(projectLabel, "projectLabel");
        Objects.requireNonNull(registeredAt, "registeredAt");
        Objects.requireNonNull(quota, "quota");
        Objects.requireNonNull(lifecycle, "lifecycle");
        Objects.requireNonNull(lifecycleReason, "lifecycleReason");
        agents = List.copyOf(agents);
        declaredEmptyRoles = List.copyOf(declaredEmptyRoles);
    }

    public static GoalView registered(String goalId, String objective, String projectLabel, long seq, String at) {
        return new GoalView(
                goalId,
                objective,
                projectLabel,
                seq,
                at,
                QuotaPolicy.DEFAULT,
                GoalLifecycle.ACTIVE,
                "",
                List.of(),
                List.of(),
                seq);
    }

    /** This goal with the owner's quota policy, as of event {@code seq}. */
    GoalView withQuota(QuotaPolicy newQuota, long seq) {
        return new GoalView(
                goalId,
                objective,
                projectLabel,
                registeredSeq,
                registeredAt,
                newQuota,
                lifecycle,
                lifecycleReason,
                agents,
                declaredEmptyRoles,
                seq);
    }

    /** This goal with a new lifecycle and its reason, as of event {@code seq}. */
    GoalView withLifecycle(GoalLifecycle newLifecycle, String reason, long seq) {
        return new GoalView(
                goalId,
                objective,
                projectLabel,
                registeredSeq,
                registeredAt,
                quota,
                newLifecycle,
                reason,
                agents,
                declaredEmptyRoles,
                seq);
    }

    /** This goal with these registered agents, as of event {@code seq}. */
    GoalView withAgents(List<Agent> newAgents, long seq) {
        return new GoalView(
                goalId,
                objective,
                projectLabel,
                registeredSeq,
                registeredAt,
                quota,
                lifecycle,
                lifecycleReason,
                newAgents,
                declaredEmptyRoles,
                seq);
    }

    /** This goal with these roles declared empty on purpose, as of event {@code seq}. */
    GoalView withDeclaredEmptyRoles(List<String> roles, long seq) {
        return new GoalView(
                goalId,
                objective,
                projectLabel,
                registeredSeq,
                registeredAt,
                quota,
                lifecycle,
                lifecycleReason,
                agents,
                roles,
                seq);
    }

    public boolean stopped() {
        return lifecycle == GoalLifecycle.STOPPED;
    }

    public Optional<Agent> agent(String agentId) {
        return agents.stream().filter(a -> a.agentId().equals(agentId)).findFirst();
    }

    public List<String> agentIds() {
        return agents.stream().map(Agent::agentId).toList();
    }

    /** A registered peer agent ({@code agent_model=peer_v1}). */
    public record Agent(String agentId, String scope, long registeredSeq) {
        public Agent {
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(scope, "scope");
        }
    }

    /**
     * The owner's quota policy; {@code allowed_slots = window_hours * 60 / slot_minutes * compute},
     * computed in exact decimals and rounded half up to a whole slot (0.025 × 60 = 1.5 → 2,
     * 1.49 → 1, 2.5 → 3). The window's slot count {@code window_hours * 60 / slot_minutes} is a
     * whole number of slots that fit the window (integer division), as before.
     */
    public record QuotaPolicy(BigDecimal compute, int windowHours, int slotMinutes) {
        public static final QuotaPolicy DEFAULT = new QuotaPolicy(BigDecimal.ONE, 24, 1);

        public QuotaPolicy {
            Objects.requireNonNull(compute, "compute");
            compute = compute.stripTrailingZeros();
        }

        public long allowedSlots() {
            return BigDecimal.valueOf((long) windowHours * 60 / slotMinutes)
                    .multiply(compute)
                    .setScale(0, RoundingMode.HALF_UP)
                    .longValueExact();
        }

        public boolean paused() {
            return compute.signum() == 0;
        }
    }
}
