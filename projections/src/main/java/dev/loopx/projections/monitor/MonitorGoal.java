package dev.loopx.projections.monitor;

/**
 * What the monitor rules need to know about a goal beyond its monitors (view {@code monitor_goal},
 * key the goal id; a row exists once the goal has a configured or polled monitor).
 *
 * @param lastAdvancementAddedSeq the seq of the last agent advancement todo added since the row
 *     exists (0: none): a material change older than it has been turned into work
 */
public record MonitorGoal(long lastAdvancementAddedSeq) {
    public static final MonitorGoal NONE = new MonitorGoal(0);
}
