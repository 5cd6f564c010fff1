package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.application.agent.WriteThreadBinding;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.projections.goal.ThreadBinding;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The text of the host-thread binding answers the terminal scenario does not reach: a preview, a
 * move, a bind that changes nothing, an unbind, an unbind of a thread bound to no agent, and a
 * resolution of a moved thread.
 */
class AgentThreadAnswersTest {
    private static final String SCHEMA = "loopx_agent_thread_binding_v0";
    private static final Optional<ThreadBinding> BUILDER =
            Optional.of(new ThreadBinding("g1", "codex-app", "t1", "builder", 3, "2026-03-01T12:00:00Z", ""));
    private static final Optional<ThreadBinding> REVIEWER =
            Optional.of(new ThreadBinding("g1", "codex-app", "t1", "reviewer", 5, "2026-03-01T12:05:00Z", "builder"));

    private static GoalWriteHead written(long... seqs) {
        List<Long> appended = Arrays.stream(seqs).boxed().toList();
        List<String> types = appended.stream().map(s -> "agent.thread_bound").toList();
        List<String> ids = appended.stream().map(s -> "e" + s).toList();
        return new GoalWriteHead(
                SCHEMA,
                "g1",
                new GoalWrites.Outcome.Written(
                        new Receipt(appended, ids, types, false),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty()));
    }

    private static String text(
            GoalWriteHead head,
            AgentThreadBindingAnswer.Operation operation,
            Optional<ThreadBinding> before,
            Optional<ThreadBinding> after) {
        return TextView.text(new AgentThreadBindingAnswer(
                head,
                operation,
                "codex-app",
                "t1",
                "reviewer",
                new WriteThreadBinding.Result(head.outcome(), before, after)));
    }

    @Test
    void aPreview_saysWhatWouldChange_andHowToRecordIt() {
        GoalWriteHead preview = new GoalWriteHead(
                SCHEMA,
                "g1",
                new GoalWrites.Outcome.Previewed(List.of(), Optional.empty(), Optional.empty(), Optional.empty()));
        assertEquals("""
                preview: would bind thread t1 (codex-app) → reviewer (was builder) (nothing written)
                  goal  g1
                  next  repeat the command with --execute to record it
                """, text(preview, AgentThreadBindingAnswer.Operation.BIND, BUILDER, BUILDER));
    }

    @Test
    void aMove_namesTheAgentBefore_andABindThatChangesNothingSaysSo() {
        assertEquals("""
                moved thread t1 (codex-app) → reviewer (was builder)
                  goal      g1
                  recorded  seq 7 (agent.thread_bound)
                  next      loopx resolve-agent-thread --goal-id g1 --thread-id t1 --host-surface codex-app
                """, text(written(7), AgentThreadBindingAnswer.Operation.BIND, BUILDER, REVIEWER));
        assertEquals("""
                already bound: thread t1 (codex-app) → reviewer; nothing appended
                  goal      g1
                  recorded  nothing appended
                  next      loopx resolve-agent-thread --goal-id g1 --thread-id t1 --host-surface codex-app
                """, text(written(), AgentThreadBindingAnswer.Operation.BIND, REVIEWER, REVIEWER));
    }

    @Test
    void anUnbind_andAnUnbindOfAThreadBoundToNoAgent() {
        assertEquals("""
                unbound thread t1 (codex-app) from reviewer
                  goal      g1
                  recorded  seq 8 (agent.thread_bound)
                """, text(written(8), AgentThreadBindingAnswer.Operation.UNBIND, REVIEWER, Optional.empty()));
        assertEquals(
                """
                not bound: thread t1 (codex-app) speaks for no agent; nothing appended
                  goal      g1
                  recorded  nothing appended
                """, text(written(), AgentThreadBindingAnswer.Operation.UNBIND, Optional.empty(), Optional.empty()));
    }

    @Test
    void aResolution_namesTheAgentFirst_andWhomTheThreadWasMovedFrom() {
        assertEquals("""
                reviewer ← thread t1 (codex-app)
                  goal   g1
                  bound  seq 5 at 2026-03-01T12:05:00Z (moved from builder)
                """, TextView.text(new AgentThreadResolutionAnswer("g1", "codex-app", "t1", REVIEWER.get())));
    }
}
