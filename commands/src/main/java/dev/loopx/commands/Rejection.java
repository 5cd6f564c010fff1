package dev.loopx.commands;

import java.util.List;

/**
 * Why a command decided to append nothing. Each case is a noun phrase that maps 1:1 to an
 * {@code error_code}; the CLI renders it as {@code ok=false} with its exit code and the next
 * command to run (both chosen by type in the CLI, which owns the command syntax). Bugs and I/O
 * failures are exceptions.
 */
public sealed interface Rejection {
    String errorCode();

    String message();

    record GoalNotFound(String goalId) implements Rejection {
        public String errorCode() {
            return "goal_not_found";
        }

        public String message() {
            return "no goal " + goalId + " is registered in this runtime root";
        }
    }

    record ConcurrentWriteConflict(long expectedHead, long actualHead) implements Rejection {
        public String errorCode() {
            return "concurrent_write_conflict";
        }

        public String message() {
            return "another writer appended while this command decided (head " + expectedHead + " became " + actualHead
                    + "); nothing was written";
        }
    }

    record OperationIdConflict(String operationId) implements Rejection {
        public String errorCode() {
            return "operation_id_conflict";
        }

        public String message() {
            return "operation id " + operationId + " was already used for a different write";
        }
    }

    record AgentIdentityAlreadyRegistered(List<String> agentIds) implements Rejection {
        public String errorCode() {
            return "agent_identity_already_registered";
        }

        public String message() {
            return "already registered: " + String.join(", ", agentIds) + " (this registration accepts only new ids)";
        }
    }

    record AgentNotRegistered(String goalId, String agentId, List<String> registered) implements Rejection {
        public String errorCode() {
            return "agent_not_registered";
        }

        public String message() {
            return (agentId.isEmpty() ? "no agents are registered" : "agent " + agentId + " is not registered")
                    + " for goal " + goalId
                    + (registered.isEmpty() ? "" : " (registered: " + String.join(", ", registered) + ")");
        }
    }

    record AgentIdRequired(String goalId, List<String> registered) implements Rejection {
        public String errorCode() {
            return "agent_id_required";
        }

        public String message() {
            return "goal " + goalId + " has registered agents (" + String.join(", ", registered)
                    + "); say which one acts";
        }
    }

    record TodoNotFound(String todoId) implements Rejection {
        public String errorCode() {
            return "todo_not_found";
        }

        public String message() {
            return "no todo " + todoId + " in this goal";
        }
    }

    record TaskClassRequired(String role, List<String> allowed) implements Rejection {
        public String errorCode() {
            return "invalid_task_class";
        }

        public String message() {
            return "a " + role + " todo must say its task class: " + String.join(" or ", allowed);
        }
    }

    record TaskClassNotForRole(String role, String taskClass, List<String> allowed) implements Rejection {
        public String errorCode() {
            return "invalid_enum";
        }

        public String message() {
            return "task class " + taskClass + " is not for " + role + " todos; must be one of: "
                    + String.join(", ", allowed);
        }
    }

    /** A todo property given to a todo that cannot have it (e.g. a claim on a user todo). */
    record NotForThisTodo(String property, String allowedOn) implements Rejection {
        public String errorCode() {
            return "invalid_arguments";
        }

        public String message() {
            return property + " is for " + allowedOn;
        }
    }

    record ClaimedByOther(String todoId, String claimedBy) implements Rejection {
        public String errorCode() {
            return "claimed_by_other";
        }

        public String message() {
            return "todo " + todoId + " is claimed by " + claimedBy + "; claims are never stolen";
        }
    }

    /**
     * A write naming a todo by an agent whose claim on it was taken back ({@code todo reclaim}):
     * its claim's epoch is behind the todo's.
     */
    record ClaimEpochMismatch(String todoId, String agentId, long heldEpoch, long currentEpoch, String reason)
            implements Rejection {
        public String errorCode() {
            return "claim_epoch_mismatch";
        }

        public String message() {
            return "the claim of " + agentId + " on todo " + todoId + " (epoch " + heldEpoch
                    + ") was taken back (now epoch " + currentEpoch + "): " + reason
                    + "; nothing was written";
        }
    }

    /** {@code todo reclaim} on a todo nobody claims. */
    record TodoNotClaimed(String todoId) implements Rejection {
        public String errorCode() {
            return "todo_not_claimed";
        }

        public String message() {
            return "todo " + todoId + " is not claimed; there is no claim to take back";
        }
    }

    /** {@code todo reclaim} asked by an actor that may not take claims back (an agent or a host). */
    record ReclaimNotAllowed(String todoId, String actorKind) implements Rejection {
        public String errorCode() {
            return "reclaim_not_allowed";
        }

        public String message() {
            return "a claim is taken back only by the owner or a controller, not by " + actorKind + " (todo " + todoId
                    + ")";
        }
    }

    /** {@code todo update --clear-claim} on a claim another agent holds: only {@code todo reclaim} frees it. */
    record ClearClaimOfOther(String todoId, String claimedBy) implements Rejection {
        public String errorCode() {
            return "claimed_by_other";
        }

        public String message() {
            return "todo " + todoId + " is claimed by " + claimedBy
                    + "; an agent may clear only its own claim (the owner takes one back with a reclaim)";
        }
    }

    /** A lease of another agent that has not expired: the todo is not free (an expired one would be). */
    record LeasedByOther(String todoId, String holder, String expiresAt) implements Rejection {
        public String errorCode() {
            return "leased_by_other";
        }

        public String message() {
            return "todo " + todoId + " is leased by " + holder + " until " + expiresAt
                    + "; a live lease is never taken over";
        }
    }

    /** Renew, transfer or release by an agent that does not hold a live lease on the todo. */
    record LeaseNotHeld(String todoId, String agentId, String leaseState, String holder) implements Rejection {
        public String errorCode() {
            return "lease_not_held";
        }

        public String message() {
            return agentId + " holds no live lease on todo " + todoId + " (lease_state " + leaseState
                    + (holder.isEmpty() ? "" : ", holder " + holder) + ")";
        }
    }

    /** Acquire by the agent that already holds the live lease: renew it instead. */
    record LeaseAlreadyHeld(String todoId, String agentId, String expiresAt) implements Rejection {
        public String errorCode() {
            return "lease_already_held";
        }

        public String message() {
            return agentId + " already holds the lease on todo " + todoId + " until " + expiresAt;
        }
    }

    /** A lease is taken only on open work (not blocked or deferred). */
    record TodoNotOpen(String todoId, String status) implements Rejection {
        public String errorCode() {
            return "todo_not_open";
        }

        public String message() {
            return "todo " + todoId + " is " + status + "; only an open todo can be leased";
        }
    }

    /** The same-outcome gate must come after the replan: {@code gateAfter > replanAfter}. */
    record SameOutcomeLimitsOutOfOrder(int replanAfter, int gateAfter) implements Rejection {
        public String errorCode() {
            return "invalid_same_outcome_limits";
        }

        public String message() {
            return "same_outcome_gate_after (" + gateAfter + ") must be above same_outcome_replan_after (" + replanAfter
                    + ")";
        }
    }

    /** A lease's TTL is 1–1440 minutes. */
    record LeaseTtlOutOfRange(int ttlMinutes) implements Rejection {
        public String errorCode() {
            return "invalid_ttl";
        }

        public String message() {
            return "a lease lasts 1 to 1440 minutes, got " + ttlMinutes;
        }
    }

    record AgentExcluded(String todoId, String agentId) implements Rejection {
        public String errorCode() {
            return "agent_excluded";
        }

        public String message() {
            return "agent " + agentId + " is excluded from todo " + todoId;
        }
    }

    record TodoAlreadyCompleted(String todoId) implements Rejection {
        public String errorCode() {
            return "todo_already_completed";
        }

        public String message() {
            return "todo " + todoId + " is already done; a done todo cannot change or get another successor";
        }
    }

    record UseCompleteForDone(String todoId) implements Rejection {
        public String errorCode() {
            return "use_complete_for_done";
        }

        public String message() {
            return "todo " + todoId + " cannot be set to done by update";
        }
    }

    record GateScopeRequired(String goalId) implements Rejection {
        public String errorCode() {
            return "gate_scope_required";
        }

        public String message() {
            return "goal " + goalId
                    + " has two or more agents: an open user_gate must block exactly one agent or be global";
        }
    }

    record ReplacementIsTheSameTodo(String todoId) implements Rejection {
        public String errorCode() {
            return "replacement_same_as_todo";
        }

        public String message() {
            return "the replacement text names todo " + todoId + " itself; a todo cannot supersede itself";
        }
    }

    record DecisionOutcomeRequired(String todoId) implements Rejection {
        public String errorCode() {
            return "decision_outcome_required";
        }

        public String message() {
            return "todo " + todoId + " is a user gate: its completion carries the owner's decision";
        }
    }

    record SectionNotEmpty(String role) implements Rejection {
        public String errorCode() {
            return "section_not_empty";
        }

        public String message() {
            return "the " + role + " section already has todos; it cannot be declared empty";
        }
    }

    record NoAccountableWriteback(String goalId) implements Rejection {
        public String errorCode() {
            return "no_accountable_writeback";
        }

        public String message() {
            return "no unspent accountable writeback (outcome_progress or primary_goal_outcome) exists for goal "
                    + goalId;
        }
    }

    record WritebackAlreadySpent(long writebackSeq, long spentSeq) implements Rejection {
        public String errorCode() {
            return "writeback_already_spent";
        }

        public String message() {
            return "the latest accountable writeback (seq " + writebackSeq + ") was already spent at seq " + spentSeq;
        }
    }

    record SchedulerHintMismatch(String liveResetToken, String liveIdentitySignature) implements Rejection {
        public String errorCode() {
            return "scheduler_hint_mismatch";
        }

        public String message() {
            return "the reset token or identity signature is not the live hint's (the situation changed since that hint); nothing was appended";
        }
    }

    record SpendNotFound(long spentSeq) implements Rejection {
        public String errorCode() {
            return "spend_not_found";
        }

        public String message() {
            return "no quota spend was recorded at seq " + spentSeq + " for this goal";
        }
    }

    record NotAMonitor(String todoId, String taskClass) implements Rejection {
        public String errorCode() {
            return "not_a_monitor";
        }

        public String message() {
            return "todo " + todoId + " is a " + taskClass
                    + " todo, not a monitor (monitor_task); only monitors are polled";
        }
    }

    record MonitorNotOpen(String todoId, String status) implements Rejection {
        public String errorCode() {
            return "monitor_not_open";
        }

        public String message() {
            return "monitor " + todoId + " is " + status + "; only an open monitor is polled (reopen it first)";
        }
    }

    /**
     * The host thread is bound to another agent of the goal: a thread speaks for one agent, so it
     * moves only when the caller says so ({@code --move}), and is unbound only by naming that agent.
     */
    record AgentThreadBoundToOther(
            String goalId, String hostSurface, String threadId, String boundAgentId, String agentId)
            implements Rejection {
        public String errorCode() {
            return "agent_thread_bound_to_other";
        }

        public String message() {
            return "thread " + threadId + " (" + hostSurface + ") of goal " + goalId + " is bound to agent "
                    + boundAgentId + ", not " + agentId + "; nothing was appended";
        }
    }

    /** No binding: the host thread speaks for no agent of the goal (yet). */
    record AgentThreadNotBound(String goalId, String hostSurface, String threadId, List<String> registered)
            implements Rejection {
        public String errorCode() {
            return "agent_thread_not_bound";
        }

        public String message() {
            return "thread " + threadId + " (" + hostSurface + ") is bound to no agent of goal " + goalId
                    + (registered.isEmpty()
                            ? " (the goal has no registered agents)"
                            : " (registered: " + String.join(", ", registered) + ")");
        }
    }
}
