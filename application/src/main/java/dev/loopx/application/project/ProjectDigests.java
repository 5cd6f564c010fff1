package dev.loopx.application.project;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.goal.GoalLifecycle;
import dev.loopx.projections.query.Frontier;
import dev.loopx.projections.query.GoalRisks;
import dev.loopx.projections.query.GoalStatus;
import dev.loopx.projections.query.LaneDecisions;
import dev.loopx.projections.query.Lanes;
import dev.loopx.projections.query.TodoRules;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.quota.QuotaStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What each global read surface says about one scanned project (SPEC §S9), as pure functions of
 * the {@link ScanProjects.Project} and {@code now}: a reader for {@link ScanProjects#run}. Each
 * answer is a list of values ({@link Lanes}, {@link TodoView}, {@link GoalRisks.Risk}) the CLI renders.
 */
public final class ProjectDigests {
    private ProjectDigests() {}

    /** {@code global-summary}: one goal's digest. {@code waitingOn} is whom the goal waits on ({@link LaneDecisions}). */
    public record GoalSummary(
            String goalId,
            String objective,
            GoalLifecycle lifecycle,
            QuotaState quotaState,
            int userOpen,
            int agentOpen,
            int openGateCount,
            String waitingOn,
            boolean terminal) {}

    /** {@code global-todos}: one goal's next agent todo per lane and its open todos in {@link TodoRules#ORDER}. */
    public record GoalTodos(String goalId, Lanes nextAgentTodo, List<TodoView> openTodos) {
        public GoalTodos {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(nextAgentTodo, "nextAgentTodo");
            openTodos = List.copyOf(openTodos);
        }
    }

    public static List<GoalSummary> summary(ScanProjects.Project project, Instant now) {
        List<GoalSummary> goals = new ArrayList<>();
        for (GoalState s : project.goals()) {
            Frontier f = Frontier.of(s, "", now);
            goals.add(new GoalSummary(
                    s.goal().goalId(),
                    s.goal().objective(),
                    s.goal().lifecycle(),
                    QuotaStatus.at(s.goal().quota(), s.quota(), now).state(),
                    f.userOpen(),
                    f.agentOpen(),
                    GoalStatus.openGates(s, "").size(),
                    LaneDecisions.waitingOn(LaneDecisions.of(s, "", now)),
                    f.terminal()));
        }
        return goals;
    }

    /** {@code global-gates}: one open owner gate and its goal. */
    public record GoalGate(String goalId, TodoView gate) {}

    /** {@code global-gates}: every open owner gate of every goal, goal by goal in {@link TodoRules#ORDER}. */
    public static List<GoalGate> gates(ScanProjects.Project project) {
        List<GoalGate> gates = new ArrayList<>();
        for (GoalState s : project.goals()) {
            GoalStatus.openGates(s, "")
                    .forEach(t -> gates.add(new GoalGate(s.goal().goalId(), t)));
        }
        return gates;
    }

    public static List<GoalTodos> todos(ScanProjects.Project project, Instant now) {
        List<GoalTodos> goals = new ArrayList<>();
        for (GoalState s : project.goals()) {
            goals.add(new GoalTodos(
                    s.goal().goalId(),
                    Lanes.of(s, "", now),
                    s.openTodos().stream()
                            .filter(TodoRules::open)
                            .sorted(TodoRules.ORDER)
                            .toList()));
        }
        return goals;
    }

    /** The kind of the risk a damaged ledger is (ADR 0011): first of a project's risks. */
    public static final String LEDGER_DAMAGED = "ledger_damaged";

    /**
     * {@code global-risks}: {@code ledger_damaged} first when the ledger is known to be damaged
     * (ADR 0011), {@code ledger_head_unconfirmed} when the head marker does not confirm the views'
     * checkpoint, then each goal's risks ({@link GoalRisks}).
     */
    public static List<GoalRisks.Risk> risks(ScanProjects.Project project, Instant now) {
        List<GoalRisks.Risk> risks = new ArrayList<>();
        project.ledgerCheck()
                .damage()
                .ifPresent(d -> risks.add(new GoalRisks.Risk(
                        "",
                        LEDGER_DAMAGED,
                        "damaged from seq " + d.firstBadSeq() + " (valid through seq " + d.validThroughSeq()
                                + "): every write is refused until the owner repairs the ledger")));
        if (!project.ledgerCheck().confirmed()) {
            risks.add(new GoalRisks.Risk(
                    "",
                    "ledger_head_unconfirmed",
                    "the head marker does not confirm the views' checkpoint; verify the ledger in this project"));
        }
        for (GoalState s : project.goals()) {
            risks.addAll(GoalRisks.of(s, now));
        }
        return risks;
    }
}
