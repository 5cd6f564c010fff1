package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ProjectDigests;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.support.CliContext;
import java.util.List;
import picocli.CommandLine.Command;

/**
 * {@code loopx global-summary} ({@code loopx_global_summary_v0}): per project and goal the
 * objective, lifecycle, quota state, open counts, open gates, whom it waits on and whether it is
 * terminal.
 */
@Command(
        name = "global-summary",
        description = {
            "A read-only digest of every project in projects.json: per goal the objective, lifecycle,",
            "quota state, open counts, gates, whom it waits on and terminal state. It cannot mutate anything."
        },
        footer = {"", "Example:  loopx global-summary"})
public final class GlobalSummaryCommand extends GlobalCommand {
    @Override
    protected String schemaVersion() {
        return "loopx_global_summary_v0";
    }

    @Override
    protected void read(ScanProjects.Project project, ObjectNode into, CliContext context) {
        ArrayNode goals = into.putArray("goals");
        for (ProjectDigests.GoalSummary s : ProjectDigests.summary(project, context.now())) {
            ObjectNode g = goals.addObject();
            g.put("goal_id", s.goalId());
            g.put("objective", s.objective());
            g.put("lifecycle", s.lifecycle());
            g.put("quota_state", s.quotaState());
            g.put("user_open", s.userOpen());
            g.put("agent_open", s.agentOpen());
            g.put("open_gate_count", s.openGateCount());
            g.put("waiting_on", s.waitingOn());
            g.put("terminal", s.terminal());
        }
    }

    @Override
    protected void totals(ObjectNode doc, List<ObjectNode> projects) {
        doc.put(
                "goal_count",
                projects.stream().mapToInt(p -> p.path("goals").size()).sum());
    }
}
