package dev.loopx.cli.decisions;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.OperatorGateAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.DryRunCommand;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.gate.OperatorGate;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "operator-gate",
        description = {
            "Record an operator gate decision (approve|reject|defer) with its resume contract:",
            "the agent re-reads state before acting, and an approval is never a write grant."
        },
        footer = {
            "",
            "Example:  loopx operator-gate --goal-id g --decision approve --reason-summary \"schema reviewed\" --gate schema"
        })
public final class OperatorGateCommand extends DryRunCommand {
    @Option(names = "--decision", required = true, paramLabel = "approve|reject|defer")
    String decision;

    @Option(names = "--reason-summary", required = true, paramLabel = "TEXT")
    String reasonSummary;

    @Option(names = "--gate", paramLabel = "NAME", description = "Which gate (default: operator).")
    String gate = "operator";

    @Override
    protected String schemaVersion() {
        return "loopx_operator_gate_v0";
    }

    @Override
    protected void validate(CliContext context) {
        TextOptions.oneOf("--decision", decision, "approve", "reject", "defer");
        TextOptions.requirePublic("--reason-summary", reasonSummary, true);
        IdOptions.requireId("--gate", gate);
    }

    private OperatorGate command() {
        return new OperatorGate(goalId, gate, decision, reasonSummary);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new OperatorGateAnswer(head, command());
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Gate(command()));
    }
}
