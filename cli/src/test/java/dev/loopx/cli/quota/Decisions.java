package dev.loopx.cli.quota;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.quota.AnswerShouldRun;
import dev.loopx.cli.render.QuotaDecisionAnswer;
import dev.loopx.projections.query.ShouldRunAnswer;
import java.util.Optional;

/** Renders a bare decision (no upgrade read, binding or turn) as should-run prints it. */
final class Decisions {
    private Decisions() {}

    static ObjectNode render(ShouldRunAnswer decision) {
        return new QuotaDecisionAnswer(
                        new AnswerShouldRun.Answer(decision, Optional.empty(), Optional.empty(), Optional.empty()))
                .json();
    }
}
