package dev.loopx.projections.todo;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One todo as it is now ({@code todo_item_v0}, SPEC §S4). Empty strings mean "not set".
 *
 * <p>{@code role}, {@code status}, {@code taskClass} and {@code priority} are typed ({@link TodoRole},
 * {@link TodoStatus}, {@link TaskClass}, {@link Priority}); the stored view and its JSON hold their
 * wire spellings, as the events said them. The fold reads a recorded spelling with each type's
 * {@code recorded}, which never refuses one: an old spelling means its current value, one no LoopX
 * version wrote is that type's {@code UNKNOWN} (or, for a priority, {@link Priority#NONE}).
 *
 * @param supersededBy the replacement's id when the todo was retired by {@code supersede}
 * @param successorTodoIds the todos its completion created (a repeat may not name others)
 * @param validationCommand the command its completion said validated the work, or empty
 * @param archivedSeq the seq of the {@code todo.archived} that put it out of the default reads
 *     ({@code todo archive-completed}; done todos only; no decision reads it), 0 when not archived
 * @param requiredCapabilities what a lane must declare before the todo is runnable for it
 *     ({@code todo.capabilities_required}; sorted, empty: none)
 * @param lease the hard lease on the todo ({@link TodoLease#NONE} when there is none)
 * @param claimEpoch the claim's epoch: 0 while the todo was never claimed, 1 from its first claim,
 *     one more on each {@code todo.reclaimed}
 * @param reclaims the agents whose claim was taken back ({@code todo reclaim}) and that have not
 *     claimed the todo again since: their writes naming the todo are refused
 *     ({@code claim_epoch_mismatch}); in the order they were taken back
 */
public record TodoView(
        String todoId,
        String goalId,
        TodoRole role,
        TodoStatus status,
        String text,
        TaskClass taskClass,
        Priority priority,
        String claimedBy,
        String blocksAgent,
        boolean globalGate,
        List<String> excludedAgents,
        String unblocksTodoId,
        String resumeWhen,
        boolean noFollowup,
        String evidence,
        String decisionOutcome,
        String supersededBy,
        List<String> successorTodoIds,
        List<String> requiredCapabilities,
        TodoLease lease,
        long createdSeq,
        long updatedSeq,
        String validationCommand,
        long archivedSeq,
        long claimEpoch,
        List<Reclaim> reclaims) {
    /**
     * A claim taken back from {@code agentId}: the epoch its claim had, and why it was taken back.
     *
     * @param epoch the epoch of the superseded claim (the todo's epoch is higher now)
     */
    public record Reclaim(String agentId, long epoch, String reason) {
        public Reclaim {
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** A todo whose claim was never taken back (epoch 1 when claimed, else 0). */
    public TodoView(
            String todoId,
            String goalId,
            TodoRole role,
            TodoStatus status,
            String text,
            TaskClass taskClass,
            Priority priority,
            String claimedBy,
            String blocksAgent,
            boolean globalGate,
            List<String> excludedAgents,
            String unblocksTodoId,
            String resumeWhen,
            boolean noFollowup,
            String evidence,
            String decisionOutcome,
            String supersededBy,
            List<String> successorTodoIds,
            List<String> requiredCapabilities,
            TodoLease lease,
            long createdSeq,
            long updatedSeq,
            String validationCommand,
            long archivedSeq) {
        this(
                todoId,
                goalId,
                role,
                status,
                text,
                taskClass,
                priority,
                claimedBy,
                blocksAgent,
                globalGate,
                excludedAgents,
                unblocksTodoId,
                resumeWhen,
                noFollowup,
                evidence,
                decisionOutcome,
                supersededBy,
                successorTodoIds,
                requiredCapabilities,
                lease,
                createdSeq,
                updatedSeq,
                validationCommand,
                archivedSeq,
                claimedBy.isEmpty() ? 0 : 1,
                List.of());
    }

    public TodoView {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(taskClass, "taskClass");
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(claimedBy, "claimedBy");
        Objects.requireNonNull(blocksAgent, "blocksAgent");
        excludedAgents = List.copyOf(excludedAgents);
        Objects.requireNonNull(unblocksTodoId, "unblocksTodoId");
        Objects.requireNonNull(resumeWhen, "resumeWhen");
        Objects.requireNonNull(evidence, "evidence");
        Objects.requireNonNull(decisionOutcome, "decisionOutcome");
        Objects.requireNonNull(supersededBy, "supersededBy");
        successorTodoIds = List.copyOf(successorTodoIds);
        Objects.requireNonNull(validationCommand, "validationCommand");
        requiredCapabilities = List.copyOf(requiredCapabilities);
        Objects.requireNonNull(lease, "lease");
        reclaims = reclaims == null ? List.of() : List.copyOf(reclaims);
    }

    /** The claim taken back from {@code agentId} that still fences it, if any. */
    public Optional<Reclaim> reclaimedFrom(String agentId) {
        return agentId.isEmpty()
                ? Optional.empty()
                : reclaims.stream().filter(r -> r.agentId().equals(agentId)).findFirst();
    }

    /** Whether the todo has status {@code s}. */
    public boolean is(TodoStatus s) {
        return status == s;
    }

    public boolean done() {
        return is(TodoStatus.DONE);
    }

    /** Archived: out of the default reads ({@link #archivedSeq} set). */
    public boolean archived() {
        return archivedSeq > 0;
    }

    public boolean isUserGate() {
        return taskClass == TaskClass.USER_GATE;
    }

    /** The owner's todo (role {@code user}). */
    public boolean isUser() {
        return role == TodoRole.USER;
    }

    /** An agent's todo (role {@code agent}). */
    public boolean isAgent() {
        return role == TodoRole.AGENT;
    }

    TodoView with(TodoStatus newStatus, String newText, String newResumeWhen, String newClaimedBy, long seq) {
        Copy c = new Copy(this);
        c.status = newStatus;
        c.text = newText;
        c.resumeWhen = newResumeWhen;
        c.claimedBy = newClaimedBy;
        c.updatedSeq = seq;
        return c.build();
    }

    /** The same todo with these required capabilities, as of {@code seq}. */
    TodoView withCapabilities(List<String> capabilities, long seq) {
        Copy c = new Copy(this);
        c.requiredCapabilities = capabilities;
        c.updatedSeq = seq;
        return c.build();
    }

    /** The same todo claimed by {@code holder} (empty: unclaimed) under {@code newLease}, as of {@code seq}. */
    TodoView withLease(String holder, TodoLease newLease, long seq) {
        Copy c = new Copy(this);
        if (!holder.isEmpty()) {
            c.claimEpoch = Math.max(1, claimEpoch);
            c.reclaims =
                    reclaims.stream().filter(r -> !r.agentId().equals(holder)).toList();
        }
        c.claimedBy = holder;
        c.lease = newLease;
        c.updatedSeq = seq;
        return c.build();
    }

    TodoView completed(
            String withEvidence,
            boolean followupNone,
            String outcome,
            String replacement,
            List<String> successors,
            String validatedBy,
            long seq) {
        Copy c = new Copy(this);
        c.status = TodoStatus.DONE;
        c.noFollowup = followupNone;
        c.evidence = withEvidence;
        c.decisionOutcome = outcome;
        c.supersededBy = replacement;
        c.successorTodoIds = successors;
        c.lease = TodoLease.NONE;
        c.updatedSeq = seq;
        c.validationCommand = validatedBy;
        return c.build();
    }

    /**
     * The same todo after its claim was taken back from {@code from}: unclaimed, without a lease, at
     * {@code epochAfter}, {@code from} fenced (one entry per agent: its latest reclaim).
     */
    TodoView reclaimed(String from, String reason, long epochAfter, long seq) {
        Copy c = new Copy(this);
        List<Reclaim> fenced = new ArrayList<>(
                reclaims.stream().filter(r -> !r.agentId().equals(from)).toList());
        fenced.add(new Reclaim(from, Math.max(1, claimEpoch), reason));
        c.reclaims = fenced;
        c.claimEpoch = epochAfter;
        c.claimedBy = "";
        c.lease = TodoLease.NONE;
        c.updatedSeq = seq;
        return c.build();
    }

    /** The same todo out of the default reads; {@code updatedSeq} stays (archiving changes no work). */
    TodoView archive(long seq) {
        Copy c = new Copy(this);
        c.archivedSeq = seq;
        return c.build();
    }

    /** A todo's fields to change a few of (the fold's copies name only what changes). */
    private static final class Copy {
        String todoId;
        String goalId;
        TodoRole role;
        TodoStatus status;
        String text;
        TaskClass taskClass;
        Priority priority;
        String claimedBy;
        String blocksAgent;
        boolean globalGate;
        List<String> excludedAgents;
        String unblocksTodoId;
        String resumeWhen;
        boolean noFollowup;
        String evidence;
        String decisionOutcome;
        String supersededBy;
        List<String> successorTodoIds;
        List<String> requiredCapabilities;
        TodoLease lease;
        long createdSeq;
        long updatedSeq;
        String validationCommand;
        long archivedSeq;
        long claimEpoch;
        List<Reclaim> reclaims;

        Copy(TodoView v) {
            todoId = v.todoId;
            goalId = v.goalId;
            role = v.role;
            status = v.status;
            text = v.text;
            taskClass = v.taskClass;
            priority = v.priority;
            claimedBy = v.claimedBy;
            blocksAgent = v.blocksAgent;
            globalGate = v.globalGate;
            excludedAgents = v.excludedAgents;
            unblocksTodoId = v.unblocksTodoId;
            resumeWhen = v.resumeWhen;
            noFollowup = v.noFollowup;
            evidence = v.evidence;
            decisionOutcome = v.decisionOutcome;
            supersededBy = v.supersededBy;
            successorTodoIds = v.successorTodoIds;
            requiredCapabilities = v.requiredCapabilities;
            lease = v.lease;
            createdSeq = v.createdSeq;
            updatedSeq = v.updatedSeq;
            validationCommand = v.validationCommand;
            archivedSeq = v.archivedSeq;
            claimEpoch = v.claimEpoch;
            reclaims = v.reclaims;
        }

        TodoView build() {
            return new TodoView(
                    todoId,
                    goalId,
                    role,
                    status,
                    text,
                    taskClass,
                    priority,
                    claimedBy,
                    blocksAgent,
                    globalGate,
                    excludedAgents,
                    unblocksTodoId,
                    resumeWhen,
                    noFollowup,
                    evidence,
                    decisionOutcome,
                    supersededBy,
                    successorTodoIds,
                    requiredCapabilities,
                    lease,
                    createdSeq,
                    updatedSeq,
                    validationCommand,
                    archivedSeq,
                    claimEpoch,
                    reclaims);
        }
    }
}
