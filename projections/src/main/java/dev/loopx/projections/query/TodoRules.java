package dev.loopx.projections.query;

import dev.loopx.projections.GoalState;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoLease;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The todo predicates every read answer shares (SPEC §S4, §S5, §S7). Pure; time is {@code now}.
 */
public final class TodoRules {
    /** Priority first (P0 before P4, missing last), then creation order. Priority never grants eligibility. */
    public static final Comparator<TodoView> ORDER = TodoRules::compare;

    // Written out, not Comparator.comparingInt(..).thenComparingLong(..): the JDK's comparator
    // combinators link lambdas of their own at their first call, which no class-data archive keeps
    // (milliseconds of every heartbeat; ADR 0003).
    private static int compare(TodoView a, TodoView b) {
        int byPriority = Integer.compare(a.priority().rank(), b.priority().rank());
        return byPriority != 0 ? byPriority : Long.compare(a.createdSeq(), b.createdSeq());
    }

    private TodoRules() {}

    public static boolean open(TodoView t) {
        return !t.done();
    }

    /** A resume condition holds: none, {@code todo_done:<id>} with that todo done, or {@code resume_at:} reached. */
    public static boolean resumeSatisfied(GoalState s, TodoView t, Instant now) {
        String when = t.resumeWhen();
        if (when.isEmpty()) {
            return true;
        }
        if (when.startsWith("todo_done:")) {
            String id = when.substring("todo_done:".length());
            return s.todo(id).map(TodoView::done).orElse(false);
        }
        if (when.startsWith("resume_at:")) {
            return !now.isBefore(Instant.parse(when.substring("resume_at:".length())));
        }
        return false;
    }

    public static boolean isAdvancement(TodoView t) {
        return t.isAgent() && t.taskClass() == TaskClass.ADVANCEMENT_TASK;
    }

    /**
     * A monitor: {@code monitor_task} ({@code continuous_monitor}, as ledgers before issue 21 spell
     * it, is read as that class: {@link TaskClass#recorded}).
     */
    public static boolean isMonitor(TodoView t) {
        return t.isAgent() && t.taskClass() == TaskClass.MONITOR_TASK;
    }

    /**
     * A monitor is due when it is open (not blocked or deferred), its resume condition holds, its
     * watch has not expired and its next due time has passed (a monitor never configured nor
     * polled has none: it is due on every poll, as before issue 21).
     */
    public static boolean monitorDue(GoalState s, TodoView t, Instant now) {
        if (!isMonitor(t) || !t.is(TodoStatus.OPEN) || !resumeSatisfied(s, t, now) || monitorExpired(s, t, now)) {
            return false;
        }
        String next = s.monitor(t.todoId()).nextDueAt();
        return next.isEmpty() || !now.isBefore(Instant.parse(next));
    }

    /** An open monitor whose watch ended ({@code expires_at} reached): never due again; the lane closes it. */
    public static boolean monitorExpired(GoalState s, TodoView t, Instant now) {
        if (!isMonitor(t) || t.done()) {
            return false;
        }
        String expires = s.monitor(t.todoId()).expiresAt();
        return !expires.isEmpty() && !now.isBefore(Instant.parse(expires));
    }

    /**
     * An open monitor's last material change has not been turned into work yet: no agent
     * advancement todo was added after the poll that saw it.
     */
    public static boolean monitorChangePending(GoalState s, TodoView t) {
        if (!isMonitor(t) || t.done()) {
            return false;
        }
        long change = s.monitor(t.todoId()).lastMaterialChangeSeq();
        return change > 0 && change > s.monitorGoal().lastAdvancementAddedSeq();
    }

    /**
     * Who holds the todo now: its claimant, unless that claim came with a hard lease that has
     * expired at {@code now} — an expired lease frees the todo, so then nobody does. A soft claim
     * without a lease never expires.
     */
    public static String claimant(TodoView t, Instant now) {
        return t.lease().state(now) == TodoLease.State.EXPIRED
                        && t.lease().holder().equals(t.claimedBy())
                ? ""
                : t.claimedBy();
    }

    /** The todo's required capabilities that {@code available} lacks, in order (empty: the lane has them all). */
    public static List<String> missingCapabilities(TodoView t, Collection<String> available) {
        return t.requiredCapabilities().stream()
                .filter(c -> !available.contains(c))
                .toList();
    }

    /** {@link #runnableFor(GoalState, TodoView, String, Collection, Instant)} for a lane that declared no capabilities. */
    public static boolean runnableFor(GoalState s, TodoView t, String agentId, Instant now) {
        return runnableFor(s, t, agentId, List.of(), now);
    }

    /**
     * Advancement work an agent may run now: open, condition met, not excluded, unclaimed or its own
     * ({@link #claimant}: a live lease of another agent keeps it out, an expired one does not), and
     * every required capability among the lane's {@code capabilities}.
     */
    public static boolean runnableFor(
            GoalState s, TodoView t, String agentId, Collection<String> capabilities, Instant now) {
        return reachableFor(s, t, agentId, now)
                && missingCapabilities(t, capabilities).isEmpty();
    }

    /**
     * Work the lane could run but for a required capability it did not declare: every other rule of
     * {@link #runnableFor} holds. Capabilities only route work; they never grant permission.
     */
    public static boolean capabilityBlocked(
            GoalState s, TodoView t, String agentId, Collection<String> capabilities, Instant now) {
        return reachableFor(s, t, agentId, now)
                && !missingCapabilities(t, capabilities).isEmpty();
    }

    private static boolean reachableFor(GoalState s, TodoView t, String agentId, Instant now) {
        String claimant = claimant(t, now);
        return isAdvancement(t)
                && t.is(TodoStatus.OPEN)
                && resumeSatisfied(s, t, now)
                && !t.excludedAgents().contains(agentId)
                && (claimant.isEmpty() || claimant.equals(agentId));
    }

    /**
     * What a lane does next, in the order it does it: the advancement work it may run now
     * ({@link #runnableFor}), its own claims first (claimed by it, or under its live lease:
     * {@link #claimant}), then the unclaimed work, each part in {@link #ORDER}. A lane that holds a
     * claim is sent back to it before any unclaimed todo, whatever the priorities (as the original
     * does): it finishes what it took before it takes more. The one ordering {@code quota
     * should-run} (its candidates, {@code normal_run}'s selection) and {@code status} (the next todo
     * per lane) both read. An unnamed lane ({@code ""}) holds no claim: plain {@link #ORDER}.
     */
    public static List<TodoView> laneWork(GoalState s, String agentId, Collection<String> capabilities, Instant now) {
        return s.openTodos().stream()
                .filter(t -> runnableFor(s, t, agentId, capabilities, now))
                .sorted((a, b) -> {
                    int held = Boolean.compare(!heldBy(a, agentId, now), !heldBy(b, agentId, now));
                    return held != 0 ? held : compare(a, b);
                })
                .toList();
    }

    /** The todo is claimed or live-leased by this named lane. */
    private static boolean heldBy(TodoView t, String agentId, Instant now) {
        return !agentId.isEmpty() && claimant(t, now).equals(agentId);
    }

    /** Open advancement work that only other agents may run now (claimed by them, or leased by them until its expiry). */
    public static boolean claimedByOther(TodoView t, String agentId, Instant now) {
        String claimant = claimant(t, now);
        return isAdvancement(t) && t.is(TodoStatus.OPEN) && !claimant.isEmpty() && !claimant.equals(agentId);
    }

    /** A deferred todo whose condition came true: the plan must be revisited before more work. */
    public static boolean readyDeferred(GoalState s, TodoView t, Instant now) {
        return t.is(TodoStatus.DEFERRED) && !t.resumeWhen().isEmpty() && resumeSatisfied(s, t, now);
    }

    /**
     * An open user todo a lane sees: a reminder ({@code user_action} or any other user todo that is
     * not a gate), or a gate that blocks it ({@link #gateBlocks}); with no lane named ({@code ""},
     * the read of every lane) every open user todo. A gate scoped to another lane is that lane's:
     * the frontier's {@code user_open_count} and the user summary of should-run both count with
     * this, so they never disagree.
     */
    public static boolean userTodoSeenBy(TodoView t, String agentId) {
        return t.isUser() && open(t) && (!t.isUserGate() || agentId.isEmpty() || gateBlocks(t, agentId));
    }

    /**
     * An open user gate blocks a lane when it is global, scoped to that agent, or unscoped (on a
     * goal with fewer than two agents every gate is unscoped and blocks everyone).
     */
    public static boolean gateBlocks(TodoView t, String agentId) {
        return t.isUser()
                && t.isUserGate()
                && open(t)
                && (t.globalGate()
                        || t.blocksAgent().isEmpty()
                        || t.blocksAgent().equals(agentId));
    }
}
