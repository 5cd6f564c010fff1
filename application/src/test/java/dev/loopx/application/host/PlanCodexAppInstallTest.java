package dev.loopx.application.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.Invocations;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.application.heartbeat.AnswerHeartbeatPrompt;
import dev.loopx.application.heartbeat.HeartbeatPromptAnswer;
import dev.loopx.application.heartbeat.HeartbeatPromptRequest;
import dev.loopx.application.project.ConnectProject;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.RegisterAgents;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Codex App install plan carries the same wrapper as heartbeat-prompt --bootstrap and an RRULE it can explain. */
class PlanCodexAppInstallTest {
    @TempDir
    Path sandbox;

    Invocation invocation;

    @BeforeEach
    void setUp() throws Exception {
        Path project = Files.createDirectories(sandbox.resolve("app"));
        invocation = Invocations.sandboxed(
                Instant.parse("2026-01-01T00:00:00Z"),
                project.resolve(".loopx"),
                sandbox.resolve("loopx-home"),
                sandbox);
        assertTrue(ConnectProject.run(invocation, new ConnectProject.Request(project, "g1", "", null, null, false))
                .isRight());
        assertTrue(GoalWrites.run(
                        invocation,
                        new WriteOptions(new Actor(ActorKind.OWNER, "cli"), "", false),
                        new GoalWrite.Agents(new RegisterAgents("g1", List.of("builder"), "", false)))
                .isRight());
    }

    @Test
    void thePlannedPromptIsTheBootstrapWrapper_andAnExplicitRruleIsKept() {
        var plan = assertInstanceOf(
                PlanCodexAppInstall.Answer.Planned.class,
                PlanCodexAppInstall.run(invocation, request("builder", Optional.of("FREQ=MINUTELY;INTERVAL=7")))
                        .get());
        var bootstrap = assertInstanceOf(
                HeartbeatPromptAnswer.Wrapper.class,
                AnswerHeartbeatPrompt.run(
                                invocation, new HeartbeatPromptRequest.Bootstrap("g1", "builder", "loopx", List.of()))
                        .get());
        assertEquals(bootstrap.text(), plan.wrapper().text());
        assertEquals("FREQ=MINUTELY;INTERVAL=7", plan.initialRrule());
        assertEquals("flag", plan.rruleSource());
        assertEquals("codex_app", plan.hostSurface());
    }

    @Test
    void anUnregisteredLaneIsRefused_anUnknownGoalRejected_aBadRruleInvalid() {
        var refused = assertInstanceOf(
                PlanCodexAppInstall.Answer.Refused.class,
                PlanCodexAppInstall.run(invocation, request("ghost", Optional.empty()))
                        .get());
        assertEquals("agent_not_registered", refused.refusal().errorCode());
        assertEquals("ghost", refused.refusal().agentId());
        assertEquals(
                List.of(NextStep.of(Verb.HEARTBEAT_PROMPT)
                        .with(Flag.GOAL_ID, "g1")
                        .with(Flag.AGENT_ID, "builder")
                        .with(Flag.BOOTSTRAP)),
                refused.refusal().commands());

        var missing = PlanCodexAppInstall.run(
                invocation, new PlanCodexAppInstall.Request("nope", "builder", "loopx", List.of(), Optional.empty()));
        assertEquals(new Rejection.GoalNotFound("nope"), missing.getLeft());

        assertEquals(
                "invalid_value",
                assertThrows(
                                InvalidRequest.class,
                                () -> PlanCodexAppInstall.run(
                                        invocation, request("builder", Optional.of("FREQ=DAILY"))))
                        .errorCode());
    }

    private static PlanCodexAppInstall.Request request(String agentId, Optional<String> rrule) {
        return new PlanCodexAppInstall.Request("g1", agentId, "loopx", List.of(), rrule);
    }
}
