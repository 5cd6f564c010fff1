package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.scheduler.SchedulerCommands.AckScheduler;
import dev.loopx.commands.scheduler.SchedulerCommands.FailScheduler;
import dev.loopx.commands.scheduler.SchedulerCommands.SchedulerCommand;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * The answer of {@code loopx quota scheduler-ack(-current)} ({@code loopx_scheduler_ack_v0}, also
 * {@code appended}) and {@code scheduler-fail-current} ({@code loopx_scheduler_fail_v0}): the
 * write's head and that it never spends.
 *
 * <p>Its text says what should-run answers from now on (a preview: what would be recorded for which
 * lane), where it was recorded, and for a preview how to record it.
 *
 * @param command the ack or the failure as the command asked for it (never a turn observation)
 */
public record SchedulerWriteAnswer(GoalWriteHead head, SchedulerCommand command) implements RenderedAnswer {
    public SchedulerWriteAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(command, "command");
        if (!(command instanceof AckScheduler) && !(command instanceof FailScheduler)) {
            throw new IllegalArgumentException("not a scheduler ack or failure: " + command);
        }
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        if (command instanceof AckScheduler) {
            doc.put("appended", head.changed());
        }
        doc.put("spends_quota", false);
        return doc;
    }

    void text(PrintWriter out) {
        if (head.preview()) {
            out.println(preview());
            new Lines(out)
                    .add("quota", "never spends a slot")
                    .add("next", Previews.next(head.schemaVersion()))
                    .print();
            return;
        }
        boolean changed = !head.unchanged();
        out.println(
                command instanceof AckScheduler
                        ? (changed
                                ? "scheduler ack recorded on goal " + head.goalId()
                                        + ": should-run answers apply_needed=false until the situation changes"
                                : "that scheduler hint is already acknowledged: nothing new recorded")
                        : (changed
                                ? "recorded on goal " + head.goalId()
                                        + " that the host could not apply the hint: should-run keeps the"
                                        + " automation's current RRULE"
                                : "that failure is already recorded: nothing new"));
        new Lines(out).add("recorded", head.recorded()).print();
    }

    /**
     * The preview's line. The lane and the RRULEs are the event's, so a preview that would append
     * nothing names none; an ack's line shows its RRULE empty (the view it replaces read
     * {@code applied_rrule}, a field {@code scheduler.acked} does not have).
     */
    private String preview() {
        boolean appends = !head.wouldAppend().isEmpty();
        String tail = " on goal " + head.goalId() + " (nothing written)";
        return switch (command) {
            case AckScheduler a ->
                "preview: would record that the host applied RRULE  for " + (appends ? a.agentId() : "") + tail;
            case FailScheduler f ->
                "preview: would record that the host could not apply " + (appends ? f.failedRrule() : "")
                        + " (its automation stays at " + (appends ? f.observedRrule() : "") + ") for "
                        + (appends ? f.agentId() : "") + tail;
            default -> throw new IllegalStateException("not a scheduler ack or failure: " + command);
        };
    }
}
