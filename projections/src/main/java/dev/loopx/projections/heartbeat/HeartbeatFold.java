package dev.loopx.projections.heartbeat;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.HeartbeatInstalled;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.List;
import java.util.Optional;

/**
 * Folds {@code heartbeat.installed} into view {@code heartbeat} (key
 * {@code <goal>/<agent>/<surface>}): the last managed heartbeat install per lane and host
 * surface, content-free (version and digest only). Answers "which wrapper did this lane's host
 * last install, and when?". Surface spellings with {@code _} and {@code -} are one surface in the
 * key ({@code codex_app} = {@code codex-app}): the CLI records the hyphen form, events written
 * before the one host-surface vocabulary used underscores.
 */
public final class HeartbeatFold {
    public static final String VIEW = "heartbeat";

    private HeartbeatFold() {}

    /** The last install of one lane on one surface. */
    public record HeartbeatInstall(
            long seq,
            String goalId,
            String agentId,
            String hostSurface,
            int wrapperVersion,
            String wrapperSha256,
            String installedAt) {}

    public static void installed(Views views, Recorded r, HeartbeatInstalled e) {
        Documents.put(
                views,
                VIEW,
                key(r.goalId(), e.agentId(), e.hostSurface()),
                new HeartbeatInstall(
                        r.seq(),
                        r.goalId(),
                        e.agentId(),
                        e.hostSurface(),
                        e.wrapperVersion(),
                        e.wrapperSha256(),
                        r.recordedAt()));
    }

    public static Optional<HeartbeatInstall> last(Views views, String goalId, String agentId, String surface) {
        return Documents.get(views, VIEW, key(goalId, agentId, surface), HeartbeatInstall.class);
    }

    /** Every lane's last install for a goal, in key order. */
    public static List<HeartbeatInstall> forGoal(Views views, String goalId) {
        return Documents.list(views, VIEW, goalId + "/", HeartbeatInstall.class);
    }

    private static String key(String goalId, String agentId, String surface) {
        return goalId + "/" + agentId + "/" + surface.replace('_', '-');
    }
}
