package dev.loopx.commands;

import java.util.List;

/**
 * Why a command decided to append nothing. Each case is a noun phrase that maps 1:1 to an
 * {@code error_code}; the CLI renders it as {@code ok=false} (exit 1, or 2 for the cases
 * listed as bad input in the CLI's exit-code table). Bugs and I/O failures are exceptions.
 */
public sealed interface Rejection {
    String errorCode();

    String message();

    /** The next command a person or host should run. */
    String hint();

    record GoalNotFound(String goalId) implements Rejection {
        public String errorCode() { return "goal_not_found"; }
        public String message() { return "no goal " + goalId + " is registered in this runtime root"; }
        public String hint() { return "loopx connect --project <dir> --goal-id " + goalId; }
    }

    record ConcurrentWriteConflict(long expectedHead, long actualHead) implements Rejection {
        public String errorCode() { return "concurrent_write_conflict"; }
        public String message() { return "another writer appended while this command decided (head " + expectedHead + " became " + actualHead + "); nothing was written"; }
        public String hint() { return "run the same command again"; }
    }

    record OperationIdConflict(String operationId) implements Rejection {
        public String errorCode() { return "operation_id_conflict"; }
        public String message() { return "operation id " + operationId + " was already used for a different write"; }
        public String hint() { return "use a new --operation-id for a different intent"; }
    }

    record AgentIdentityAlreadyRegistered(List<String> agentIds) implements Rejection {
        public String errorCode() { return "agent_identity_already_registered"; }
        public String message() { return "already registered: " + String.join(", ", agentIds) + " (--require-new refuses existing ids)"; }
        public String hint() { return "drop --require-new to keep existing registrations, or choose new ids"; }
    }

    record AgentNotRegistered(String goalId, String agentId, List<String> registered) implements Rejection {
        public String errorCode() { return "agent_not_registered"; }
        public String message() {
            return (agentId.isEmpty() ? "no agents are registered" : "agent " + agentId + " is not registered")
                    + " for goal " + goalId + (registered.isEmpty() ? "" : " (registered: " + String.join(", ", registered) + ")");
        }
        public String hint() { return "loopx register-agent --goal-id " + goalId + " --agent-id <id> --execute"; }
    }

    record AgentIdRequired(String goalId, List<String> registered) implements Rejection {
        public String errorCode() { return "agent_id_required"; }
        public String message() { return "goal " + goalId + " has registered agents (" + String.join(", ", registered) + "); say which one acts with --agent-id"; }
        public String hint() { return "repeat the command with --agent-id <one of: " + String.join(", ", registered) + ">"; }
    }

    record TodoNotFound(String todoId) implements Rejection {
        public String errorCode() { return "todo_not_found"; }
        public String message() { return "no todo " + todoId + " in this goal"; }
        public String hint() { return "loopx todo list --goal-id <goal>"; }
    }

    record ClaimedByOther(String todoId, String claimedBy) implements Rejection {
        public String errorCode() { return "claimed_by_other"; }
        public String message() { return "todo " + todoId + " is claimed by " + claimedBy + "; claims are never stolen"; }
        public String hint() { return "pick another todo (loopx todo list) or ask " + claimedBy + " to release it"; }
    }

    record AgentExcluded(String todoId, String agentId) implements Rejection {
        public String errorCode() { return "agent_excluded"; }
        public String message() { return "agent " + agentId + " is excluded from todo " + todoId; }
        public String hint() { return "loopx todo list --goal-id <goal> --agent-id " + agentId; }
    }

    record TodoAlreadyCompleted(String todoId) implements Rejection {
        public String errorCode() { return "todo_already_completed"; }
        public String message() { return "todo " + todoId + " is already done; a done todo cannot change or get another successor"; }
        public String hint() { return "add a new todo instead: loopx todo add"; }
    }

    record UseCompleteForDone(String todoId) implements Rejection {
        public String errorCode() { return "use_complete_for_done"; }
        public String message() { return "todo " + todoId + " cannot be set to done by update"; }
        public String hint() { return "loopx todo complete --todo-id " + todoId + " --evidence <what was delivered>"; }
    }

    record GateScopeRequired(String goalId) implements Rejection {
        public String errorCode() { return "gate_scope_required"; }
        public String message() { return "goal " + goalId + " has two or more agents: an open user_gate needs exactly one of --blocks-agent or --global-gate"; }
        public String hint() { return "add --blocks-agent <agent> or --global-gate"; }
    }

    record ReplacementIsTheSameTodo(String todoId) implements Rejection {
        public String errorCode() { return "replacement_same_as_todo"; }
        public String message() { return "the replacement text names todo " + todoId + " itself; a todo cannot supersede itself"; }
        public String hint() { return "give --next-agent-todo a different text"; }
    }

    record DecisionOutcomeRequired(String todoId) implements Rejection {
        public String errorCode() { return "decision_outcome_required"; }
        public String message() { return "todo " + todoId + " is a user gate: its completion carries the owner's decision"; }
        public String hint() { return "add --decision-outcome approve|reject|cancel"; }
    }

    record SectionNotEmpty(String role) implements Rejection {
        public String errorCode() { return "section_not_empty"; }
        public String message() { return "the " + role + " section already has todos; it cannot be declared empty"; }
        public String hint() { return "loopx todo list --goal-id <goal>"; }
    }

    record NoAccountableWriteback(String goalId) implements Rejection {
        public String errorCode() { return "no_accountable_writeback"; }
        public String message() { return "no unspent accountable writeback (outcome_progress or primary_goal_outcome) exists for goal " + goalId; }
        public String hint() { return "loopx refresh-state --goal-id " + goalId + " --delivery-outcome outcome_progress --summary <what was delivered>"; }
    }

    record WritebackAlreadySpent(long writebackSeq, long spentSeq) implements Rejection {
        public String errorCode() { return "writeback_already_spent"; }
        public String message() { return "the latest accountable writeback (seq " + writebackSeq + ") was already spent at seq " + spentSeq; }
        public String hint() { return "write new evidence with loopx refresh-state before spending again"; }
    }

    record SchedulerHintMismatch(String liveResetToken, String liveIdentitySignature) implements Rejection {
        public String errorCode() { return "scheduler_hint_mismatch"; }
        public String message() { return "the reset token or identity signature is not the live hint's (the situation changed since that hint); nothing was appended"; }
        public String hint() { return "run loopx quota should-run again and ack the hint it returns"; }
    }

    record SpendNotFound(long spentSeq) implements Rejection {
        public String errorCode() { return "spend_not_found"; }
        public String message() { return "no quota spend was recorded at seq " + spentSeq + " for this goal"; }
        public String hint() { return "loopx ledger replay --goal-id <goal> to find the spend's seq"; }
    }
}
