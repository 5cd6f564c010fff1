package dev.loopx.projections.breaker;

import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The rules of the same-outcome breaker that the fold and the write path share (pure).
 *
 * <ul>
 *   <li>A writeback is <em>progress</em> when its delivery outcome is accountable
 *       ({@code outcome_progress} or {@code primary_goal_outcome}): progress never counts and ends
 *       the lane's streak.
 *   <li>Its <em>evidence digest</em> is {@code sha256:} + the first 16 hex of SHA-256 over
 *       {@code <delivery outcome> "\n" <summary>}, the summary trimmed, every run of white space one
 *       space and lower-cased: rewording by case or spacing is the same evidence, another outcome
 *       or another word is not.
 *   <li>The <em>todo</em> a writeback is about is the lane's claimed todo when it was recorded: the
 *       first open agent advancement todo whose soft claim is the lane's, by priority then creation
 *       ({@code ""} when the lane claims none). {@code evidence.recorded} names no todo, so this is
 *       read from the todos, never from text.
 * </ul>
 */
public final class SameOutcome {
    private static final Comparator<TodoView> ORDER =
            Comparator.comparingInt((TodoView t) -> t.priority().rank()).thenComparingLong(TodoView::createdSeq);

    private SameOutcome() {}

    public static boolean isProgress(String deliveryOutcome) {
        return deliveryOutcome.equals("outcome_progress") || deliveryOutcome.equals("primary_goal_outcome");
    }

    public static String normalise(String summary) {
        return summary.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    public static String digest(String deliveryOutcome, String summary) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256")
                    .digest((deliveryOutcome + "\n" + normalise(summary)).getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(d).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }

    /** The lane's claimed todo among {@code open} (the goal's todos that are not done), or {@code ""}. */
    public static String laneTodo(List<TodoView> open, String agentId) {
        if (agentId.isEmpty()) {
            return "";
        }
        return open.stream()
                .filter(t -> t.isAgent()
                        && t.taskClass() == TaskClass.ADVANCEMENT_TASK
                        && t.is(TodoStatus.OPEN)
                        && t.claimedBy().equals(agentId))
                .min(ORDER)
                .map(TodoView::todoId)
                .orElse("");
    }
}
