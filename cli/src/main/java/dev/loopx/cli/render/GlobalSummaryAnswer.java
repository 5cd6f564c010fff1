package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ProjectDigests.GoalSummary;
import dev.loopx.application.project.ScanProjects;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx global-summary}'s answer, {@code loopx_global_summary_v0}: per readable project
 * ({@link GlobalScanParts}) and goal the objective, lifecycle, quota state, open counts, open gates,
 * whom it waits on and whether it is terminal; {@code goal_count} over all projects.
 *
 * <p>Its text counts the goals and projects, then one table row per goal.
 */
public record GlobalSummaryAnswer(Instant now, ScanProjects.Scan<List<GoalSummary>> scan) implements RenderedAnswer {
    public GlobalSummaryAnswer {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(scan, "scan");
    }

    @Override
    public boolean ok() {
        return GlobalScanParts.ok(scan);
    }

    private int goalCount() {
        return GlobalScanParts.sum(scan, List::size);
    }

    @Override
    public ObjectNode json() {
        return GlobalScanParts.json(
                "loopx_global_summary_v0",
                now,
                scan,
                doc -> doc.put("goal_count", goalCount()),
                GlobalSummaryAnswer::goals);
    }

    private static void goals(List<GoalSummary> summaries, ObjectNode into) {
        ArrayNode goals = into.putArray("goals");
        for (GoalSummary s : summaries) {
            ObjectNode g = goals.addObject();
            g.put("goal_id", s.goalId());
            g.put("objective", s.objective());
            g.put("lifecycle", s.lifecycle().wire());
            g.put("quota_state", s.quotaState().wire());
            g.put("user_open", s.userOpen());
            g.put("agent_open", s.agentOpen());
            g.put("open_gate_count", s.openGateCount());
            g.put("waiting_on", s.waitingOn());
            g.put("terminal", s.terminal());
        }
    }

    void text(PrintWriter out) {
        out.println(Words.count(goalCount(), "goal") + " in " + Words.count(scan.projectCount(), "project"));
        Table t = new Table("  ", "PROJECT", "GOAL", "STATE", "QUOTA", "OPEN (agent/owner)", "GATES", "WAITING ON");
        for (ScanProjects.Read<List<GoalSummary>> p : scan.readable()) {
            for (GoalSummary g : p.facts()) {
                t.row(
                        p.label(),
                        g.goalId(),
                        g.lifecycle().wire() + (g.terminal() ? " (done)" : ""),
                        g.quotaState().wire(),
                        g.agentOpen() + "/" + g.userOpen(),
                        String.valueOf(g.openGateCount()),
                        waitingOn(g.waitingOn()));
            }
        }
        GlobalScanParts.print(t, scan, out);
    }

    /** Whom the goal waits on, in a person's words. */
    private static String waitingOn(String w) {
        return switch (w) {
            case "user" -> "you";
            case "agent" -> "an agent";
            case "nothing", "" -> "nobody";
            default -> w;
        };
    }
}
