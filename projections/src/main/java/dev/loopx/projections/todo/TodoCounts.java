package dev.loopx.projections.todo;

/**
 * Per-goal counters over the goal's done todos (view {@code todo_counts}, key the goal id), so
 * the read surfaces answer from the open todos plus these numbers and never read the done ones.
 *
 * @param done todos with status {@code done}
 * @param userDone done todos of role {@code user}
 * @param agentDone done todos of role {@code agent}
 * @param doneNoFollowup done todos that carry {@code no_followup}
 * @param archived done todos put out of the default reads (counted in {@code done} too: archiving
 *     changes no other counter)
 */
public record TodoCounts(long done, long userDone, long agentDone, long doneNoFollowup, long archived) {
    public static final TodoCounts NONE = new TodoCounts(0, 0, 0, 0, 0);

    /** What {@code todo} adds to the counters (nothing unless it is done). */
    static TodoCounts of(TodoView todo) {
        if (todo == null || !todo.done()) {
            return NONE;
        }
        return new TodoCounts(
                1, todo.isUser() ? 1 : 0, todo.isAgent() ? 1 : 0, todo.noFollowup() ? 1 : 0, todo.archived() ? 1 : 0);
    }

    TodoCounts plus(TodoCounts o, int sign) {
        return new TodoCounts(
                done + sign * o.done,
                userDone + sign * o.userDone,
                agentDone + sign * o.agentDone,
                doneNoFollowup + sign * o.doneNoFollowup,
                archived + sign * o.archived);
    }

    /** Done todos of {@code role} ({@code user} or {@code agent}; 0 for any other role). */
    public long doneOf(TodoRole role) {
        return switch (role) {
            case USER -> userDone;
            case AGENT -> agentDone;
            case UNKNOWN -> 0;
        };
    }

    // equals and hashCode written out, as RowKey's: the generated ones spin method handles at their
    // first call (every write compares the counters), which no class-data archive keeps (ADR 0003)
    @Override
    public boolean equals(Object o) {
        return o instanceof TodoCounts c
                && done == c.done
                && userDone == c.userDone
                && agentDone == c.agentDone
                && doneNoFollowup == c.doneNoFollowup
                && archived == c.archived;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(done) * 31 * 31 * 31 * 31
                + Long.hashCode(userDone) * 31 * 31 * 31
                + Long.hashCode(agentDone) * 31 * 31
                + Long.hashCode(doneNoFollowup) * 31
                + Long.hashCode(archived);
    }
}
