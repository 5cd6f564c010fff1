package dev.loopx.projections.query;

import static dev.loopx.projections.query.Histories.NOW;
import static dev.loopx.projections.query.Histories.goal;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.TaskLeaseAcquired;
import dev.loopx.ledger.event.TodoAdded;
import dev.loopx.ledger.event.TodoCapabilitiesRequired;
import dev.loopx.ledger.event.TodoCompleted;
import dev.loopx.ledger.event.TodoUpdated;
import dev.loopx.projections.GoalState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 5: every advancement todo that is not done is in exactly one frontier bucket,
 * the buckets add up to {@code agent_advancement_open_count}, and the runnable buckets are exactly
 * the todos the lane may run. Enumerates every combination of status (open, blocked, deferred),
 * resume condition (none, met, not met), claim (none, this lane, another lane, another lane's live
 * lease, another lane's expired lease — which frees the todo), exclusion of this lane and a required
 * capability the lane did not declare, one todo at a time and all of them in one goal.
 */
class FrontierBucketsTest {
    private static final String ME = "a";
    private static final String OTHER = "b";
    private static final String LIVE_LEASE = "b_live_lease";
    private static final String EXPIRED_LEASE = "b_expired_lease";
    /** What the lane declares; a todo needing a capability needs {@code gpu}. */
    private static final List<String> CAPABILITIES = List.of("shell");

    private record Combination(String status, String resume, String claim, boolean excluded, boolean needsGpu) {
        String id() {
            return "t_" + status + "_" + resume.replace(':', '_').replace('-', '_') + "_"
                    + (claim.isEmpty() ? "none" : claim) + (excluded ? "_x" : "") + (needsGpu ? "_gpu" : "");
        }

        Frontier.Bucket expected() {
            if (status.equals("deferred")) {
                return resume.equals("met") ? Frontier.Bucket.DEFERRED_READY : Frontier.Bucket.DEFERRED_WAITING;
            }
            if (status.equals("blocked")) {
                return Frontier.Bucket.BLOCKED;
            }
            if (claim.equals(OTHER) || claim.equals(LIVE_LEASE)) {
                return Frontier.Bucket.CLAIMED_BY_OTHER;
            }
            if (resume.equals("not_met")) {
                return Frontier.Bucket.NOT_YET_RESUMABLE;
            }
            if (excluded) {
                return Frontier.Bucket.EXCLUDED;
            }
            if (needsGpu) {
                return Frontier.Bucket.CAPABILITY_BLOCKED;
            }
            return claim.equals(ME) ? Frontier.Bucket.CLAIMED_BY_ME : Frontier.Bucket.UNCLAIMED;
        }

        List<LoopxEvent> events() {
            String when = switch (resume) {
                case "met" -> "resume_at:2025-12-31T00:00:00Z";
                case "not_met" -> "resume_at:2027-01-01T00:00:00Z";
                default -> "";
            };
            List<LoopxEvent> events = new ArrayList<>();
            events.add(new TodoAdded(
                    id(),
                    "agent",
                    "work " + id(),
                    "advancement_task",
                    "P1",
                    claim.equals(ME) || claim.equals(OTHER) ? claim : "",
                    "",
                    false,
                    excluded ? List.of(ME) : List.of(),
                    "",
                    when));
            if (claim.equals(LIVE_LEASE)) {
                events.add(new TaskLeaseAcquired(id(), OTHER, 1440)); // lives past NOW
            }
            if (claim.equals(EXPIRED_LEASE)) {
                events.add(new TaskLeaseAcquired(id(), OTHER, 1)); // expired long before NOW
            }
            if (needsGpu) {
                events.add(new TodoCapabilitiesRequired(id(), List.of("gpu")));
            }
            if (!status.equals("open")) {
                events.add(new TodoUpdated(id(), "work " + id(), status, when));
            }
            return events;
        }
    }

    private static List<Combination> every() {
        List<Combination> all = new ArrayList<>();
        for (String status : List.of("open", "blocked", "deferred")) {
            for (String resume : List.of("none", "met", "not_met")) {
                for (String claim : List.of("", ME, OTHER, LIVE_LEASE, EXPIRED_LEASE)) {
                    for (boolean excluded : List.of(false, true)) {
                        if (excluded && claim.equals(ME)) {
                            continue; // an excluded lane can never claim the todo (the claim decider refuses)
                        }
                        for (boolean needsGpu : List.of(false, true)) {
                            all.add(new Combination(status, resume, claim, excluded, needsGpu));
                        }
                    }
                }
            }
        }
        return all;
    }

    private static int count(Frontier f, Frontier.Bucket b) {
        return switch (b) {
            case DEFERRED_READY -> f.deferredReady();
            case DEFERRED_WAITING -> f.deferredBlocked();
            case BLOCKED -> f.blocked();
            case CLAIMED_BY_OTHER -> f.claimedByOthers();
            case NOT_YET_RESUMABLE -> f.notYetResumable();
            case EXCLUDED -> f.excluded();
            case CAPABILITY_BLOCKED -> f.capabilityBlocked();
            case CLAIMED_BY_ME -> f.claimedByMe();
            case UNCLAIMED -> f.unclaimed();
        };
    }

    private static int sum(Frontier f) {
        int total = 0;
        for (Frontier.Bucket b : Frontier.Bucket.values()) {
            total += count(f, b);
        }
        return total;
    }

    @Test
    void eachCombinationAloneIsInExactlyItsBucket() {
        for (Combination c : every()) {
            GoalState s = goal(List.of(ME, OTHER), c.events().toArray(LoopxEvent[]::new));
            Frontier f = Frontier.of(s, ME, CAPABILITIES, NOW);
            for (Frontier.Bucket b : Frontier.Bucket.values()) {
                assertEquals(b == c.expected() ? 1 : 0, count(f, b), c + " in " + b);
            }
            assertEquals(1, f.advancementOpen(), c.toString());
            assertEquals(1, f.agentOpen(), c.toString());
            long runnable = s.openTodos().stream()
                    .filter(t -> TodoRules.runnableFor(s, t, ME, CAPABILITIES, NOW))
                    .count();
            assertEquals(f.claimedByMe() + f.unclaimed(), runnable, c.toString());
            long capabilityBlocked = s.openTodos().stream()
                    .filter(t -> TodoRules.capabilityBlocked(s, t, ME, CAPABILITIES, NOW))
                    .count();
            assertEquals(f.capabilityBlocked(), capabilityBlocked, c.toString());
        }
    }

    @Test
    void allCombinationsTogetherAddUpToTheOpenCount() {
        List<LoopxEvent> events = new ArrayList<>();
        List<Combination> all = every();
        all.forEach(c -> events.addAll(c.events()));
        events.add(
                new TodoAdded("done1", "agent", "finished", "advancement_task", "", "", "", false, List.of(), "", ""));
        events.add(new TodoCompleted("done1", "shipped", false, "", List.of()));
        GoalState s = goal(List.of(ME, OTHER), events.toArray(LoopxEvent[]::new));
        Frontier f = Frontier.of(s, ME, CAPABILITIES, NOW);
        assertEquals(all.size(), f.advancementOpen());
        assertEquals(f.advancementOpen(), sum(f));
        for (Frontier.Bucket b : Frontier.Bucket.values()) {
            assertEquals(all.stream().filter(c -> c.expected() == b).count(), count(f, b), b.toString());
        }
    }

    @Test
    void oneDeferredTodoIsCountedOnce() {
        Combination deferred = new Combination("deferred", "not_met", "", false, false);
        Frontier f = Frontier.of(goal(List.of(ME), deferred.events().toArray(LoopxEvent[]::new)), ME, NOW);
        assertEquals(1, f.agentOpen());
        assertEquals(0, f.unclaimed());
        assertEquals(1, f.deferredBlocked());
        assertEquals(1, sum(f));
    }
}
