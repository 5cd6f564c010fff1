package dev.loopx.projections.goal;

import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.AgentRegistered;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.event.TodoSectionDeclaredEmpty;
import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.Views;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/** Folds the goal's identity, policy, lifecycle and agents into view {@code goal} (key: goal id). */
public final class GoalFold {
    public static final String VIEW = "goal";

    private GoalFold() {}

    public static Optional<GoalView> goal(Views views, String goalId) {
        return Documents.get(views, VIEW, goalId, GoalView.class);
    }

    public static void registered(Views views, Recorded r, GoalRegistered e) {
        if (goal(views, r.goalId()).isEmpty()) {
            put(views, GoalView.registered(r.goalId(), e.objective(), e.projectLabel(), r.seq(), r.recordedAt()));
        }
    }

    public static void configured(Views views, Recorded r, GoalConfigured e) {
        goal(views, r.goalId())
                .ifPresent(g -> put(
                        views,
                        g.withQuota(
                                new GoalView.QuotaPolicy(e.quotaCompute(), e.quotaWindowHours(), e.quotaSlotMinutes()),
                                r.seq())));
    }

    public static void lifecycle(Views views, Recorded r, GoalLifecycle lifecycle, String reason) {
        goal(views, r.goalId()).ifPresent(g -> put(views, g.withLifecycle(lifecycle, reason, r.seq())));
    }

    public static void agentRegistered(Views views, Recorded r, AgentRegistered e) {
        goal(views, r.goalId()).ifPresent(g -> {
            if (g.agent(e.agentId()).isPresent()) {
                return;
            }
            List<GoalView.Agent> agents = new ArrayList<>(g.agents());
            agents.add(new GoalView.Agent(e.agentId(), e.scope(), r.seq()));
            agents.sort(Comparator.comparing(GoalView.Agent::agentId));
            put(views, g.withAgents(agents, r.seq()));
        });
    }

    public static void sectionDeclaredEmpty(Views views, Recorded r, TodoSectionDeclaredEmpty e) {
        goal(views, r.goalId()).ifPresent(g -> {
            TreeSet<String> roles = new TreeSet<>(g.declaredEmptyRoles());
            roles.add(e.role());
            put(views, g.withDeclaredEmptyRoles(List.copyOf(roles), r.seq()));
        });
    }

    private static void put(Views views, GoalView goal) {
        Documents.put(views, VIEW, goal.goalId(), goal);
    }
}
