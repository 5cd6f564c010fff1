package dev.loopx.commands.agent;

import dev.loopx.commands.Decision;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.ThreadCommands.BindAgentThread;
import dev.loopx.commands.agent.ThreadCommands.ThreadCommand;
import dev.loopx.commands.agent.ThreadCommands.UnbindAgentThread;
import dev.loopx.ledger.event.AgentThreadBound;
import dev.loopx.ledger.event.AgentThreadUnbound;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.goal.ThreadBinding;
import dev.loopx.projections.goal.ThreadBindingFold;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.util.List;
import java.util.Optional;

/**
 * Pure decisions about host-thread bindings. Rules: the goal exists and the agent is registered;
 * one thread of one host surface binds to at most one agent per goal — binding it again to the
 * same agent changes nothing, binding it to another agent is refused
 * ({@code agent_thread_bound_to_other}) unless the command says {@code move}; unbinding names the
 * agent the thread is bound to (a thread bound to another agent is refused the same way) and
 * unbinding a thread that is not bound changes nothing. Binding is identity, not authority.
 */
public final class ThreadBindingDecider {
    private ThreadBindingDecider() {}

    public static Either<Rejection, List<LoopxEvent>> decide(
            ThreadCommand command, Optional<GoalState> state, Views views) {
        if (state.isEmpty()) {
            return Decision.reject(new Rejection.GoalNotFound(command.goalId()));
        }
        var goal = state.get().goal();
        if (goal.agent(command.agentId()).isEmpty()) {
            return Decision.reject(new Rejection.AgentNotRegistered(goal.goalId(), command.agentId(), goal.agentIds()));
        }
        Optional<ThreadBinding> now =
                ThreadBindingFold.binding(views, command.goalId(), command.hostSurface(), command.threadId());
        return switch (command) {
            case BindAgentThread c -> bind(c, now);
            case UnbindAgentThread c -> unbind(c, now);
        };
    }

    private static Either<Rejection, List<LoopxEvent>> bind(BindAgentThread c, Optional<ThreadBinding> now) {
        if (now.isEmpty()) {
            return Decision.accept(new AgentThreadBound(c.agentId(), c.hostSurface(), c.threadId(), ""));
        }
        ThreadBinding b = now.get();
        if (b.agentId().equals(c.agentId())) {
            return Decision.unchanged();
        }
        if (!c.move()) {
            return Decision.reject(new Rejection.AgentThreadBoundToOther(
                    c.goalId(), c.hostSurface(), c.threadId(), b.agentId(), c.agentId()));
        }
        return Decision.accept(new AgentThreadBound(c.agentId(), c.hostSurface(), c.threadId(), b.agentId()));
    }

    private static Either<Rejection, List<LoopxEvent>> unbind(UnbindAgentThread c, Optional<ThreadBinding> now) {
        if (now.isEmpty()) {
            return Decision.unchanged();
        }
        if (!now.get().agentId().equals(c.agentId())) {
            return Decision.reject(new Rejection.AgentThreadBoundToOther(
                    c.goalId(), c.hostSurface(), c.threadId(), now.get().agentId(), c.agentId()));
        }
        return Decision.accept(new AgentThreadUnbound(c.agentId(), c.hostSurface(), c.threadId()));
    }
}
