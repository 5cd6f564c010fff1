package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.Frontier;
import dev.loopx.projections.query.GoalStatus;
import dev.loopx.projections.query.LaneDecisions;
import dev.loopx.projections.quota.QuotaStatus;
import picocli.CommandLine.Command;

/**
 * {@code loopx global-summary} ({@code loopx_global_summary_v0}): per project and goal the
 * objective, lifecycle, quota state, open counts, open gates, whom it waits on and whether it is
 * terminal.
 */
@Command(name = "global-summary",
        description = {"A read-only digest of every project in projects.json: per goal the objective, lifecycle,",
            "quota state, open counts, gates, whom it waits on and terminal state. It cannot mutate anything."},
        footer = {"", "Example:  loopx global-summary"})
public final class GlobalSummaryCommand extends GlobalCommand {
    @Override
    protected String schemaVersion() {
        return "loopx_global_summary_v0";
    }

    @Override
    protected void read(ProjectScan.Project project, ObjectNode into, CliContext context) {
        ArrayNode goals = into.putArray("goals");
        for (GoalState s : project.goals()) {
            Frontier f = Frontier.of(s, "", context.now());
            ObjectNode g = goals.addObject();
            g.put("goal_id", s.goal().goalId());
            g.put("objective", s.goal().objective());
            g.put("lifecycle", s.goal().lifecycle());
            g.put("quota_state", QuotaStatus.at(s.goal().quota(), s.quota(), context.now()).state());
            g.put("user_open", f.userOpen());
            g.put("agent_open", f.agentOpen());
            g.put("open_gate_count", GoalStatus.openGates(s, "").size());
            g.put("waiting_on", LaneDecisions.waitingOn(LaneDecisions.of(s, "", context.now())));
            g.put("terminal", f.terminal());
        }
    }

    @Override
    protected void totals(ObjectNode doc, ProjectScan.Result result) {
        doc.put("goal_count", result.projects().stream().mapToInt(p -> p.path("goals").size()).sum());
    }
}
