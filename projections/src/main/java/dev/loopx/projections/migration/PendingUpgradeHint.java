package dev.loopx.projections.migration;

import dev.loopx.projections.migration.PromptMigrationFold.PendingUpgrade;
import java.util.List;

/**
 * The pending upgrade hint of should-run (SPEC §S12, §S7): when exactly one pending deferred
 * prompt migration matches a Codex App lane (same goal and agent, profile
 * {@code codex_app_heartbeat}), the answer gets one {@code required_reads} item
 * ({@code kind: automation_prompt_upgrade}, {@code ordering: before_work},
 * {@code prompt_budget_bytes: 1536}, the exact {@code automation-prompts plan} command) and the
 * turn envelope budget grows from {@value #ENVELOPE_BUDGET_BYTES} by that read's budget. Nothing
 * else in the decision changes and the read grants no authority. Pure: the caller (should-run)
 * confirms the one record against the host store, and opens that store only when a record exists.
 */
public final class PendingUpgradeHint {
    public static final int ENVELOPE_BUDGET_BYTES = 8_192;
    public static final int READ_BUDGET_BYTES = 1_536;
    public static final String KIND = "automation_prompt_upgrade";

    private PendingUpgradeHint() {}

    /**
     * The pending records of one Codex App lane (should-run asks only for a
     * {@code codex_app_heartbeat} lane); a lane without a named agent has none. The hint is shown
     * only for exactly one of them, and only after the caller confirmed it against the host store
     * (should-run's answer adds it).
     *
     * @param pending the goal's pending records ({@link PromptMigrationFold#pending(dev.loopx.projections.view.Views, String)})
     */
    public static List<PendingUpgrade> forLane(List<PendingUpgrade> pending, String agentId) {
        if (agentId.isEmpty()) {
            return List.of();
        }
        return pending.stream().filter(p -> p.agentId().equals(agentId)).toList();
    }
}
