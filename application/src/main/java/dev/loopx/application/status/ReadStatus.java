package dev.loopx.application.status;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.heartbeat.HeartbeatFold;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import dev.loopx.projections.query.GoalStatus;
import dev.loopx.projections.query.LedgerDamageNotice;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "the first screen" ({@code loopx status}, SPEC §S9): each goal's {@link GoalStatus} and
 * the heartbeat installs of its lanes. Reads only; never appends, never takes the write lock.
 */
public final class ReadStatus {
    private ReadStatus() {}

    /**
     * @param goalId  the goal; empty for every goal of the runtime root
     * @param agentId the lane to narrow to; empty for every lane
     */
    public record Request(String goalId, String agentId) {
        public Request {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
        }
    }

    /** One goal: its status and the last heartbeat install of each of its lanes (only the asked lane's with one). */
    public record Entry(GoalStatus status, List<HeartbeatInstall> heartbeatInstalls) {
        public Entry {
            Objects.requireNonNull(status, "status");
            heartbeatInstalls = List.copyOf(heartbeatInstalls);
        }
    }

    /**
     * Every goal asked for, and the damage known for the ledger they were read from (ADR 0011: the
     * entries are then the projections as they stood before it; nothing is written until a repair).
     */
    public record Report(List<Entry> entries, Optional<LedgerDamageNotice> ledgerDamage) {
        public Report {
            entries = List.copyOf(entries);
            Objects.requireNonNull(ledgerDamage, "ledgerDamage");
        }
    }

    public static Either<Rejection, Report> run(Invocation invocation, Request r) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Views views = runtime.views();
            List<GoalState> goals;
            if (r.goalId().isEmpty()) {
                goals = GoalState.loadAll(views);
            } else {
                Optional<GoalState> goal = GoalState.load(views, r.goalId());
                if (goal.isEmpty()) {
                    return Either.left(new Rejection.GoalNotFound(r.goalId()));
                }
                goals = List.of(goal.get());
            }
            List<Entry> entries = new ArrayList<>();
            for (GoalState g : goals) {
                List<HeartbeatInstall> installs = HeartbeatFold.forGoal(
                                views, g.goal().goalId())
                        .stream()
                        .filter(i -> r.agentId().isEmpty() || i.agentId().equals(r.agentId()))
                        .toList();
                entries.add(new Entry(GoalStatus.of(g, r.agentId(), invocation.now()), installs));
            }
            return Either.right(new Report(entries, runtime.ledgerDamage().map(LedgerDamageNotice::of)));
        }
    }
}
