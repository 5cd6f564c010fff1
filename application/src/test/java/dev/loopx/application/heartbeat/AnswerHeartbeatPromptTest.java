package dev.loopx.application.heartbeat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.Invocation;
import dev.loopx.application.Invocations;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.application.project.ConnectProject;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.agent.RegisterAgents;
import dev.loopx.host.surface.HostSurface;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.query.RuntimeProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three modes: thin body, managed wrapper, wrapper plus a recorded install (the only write). */
class AnswerHeartbeatPromptTest {
    @TempDir
    Path sandbox;

    Invocation invocation;

    @BeforeEach
    void setUp() throws Exception {
        Path project = Files.createDirectories(sandbox.resolve("app"));
        Path root = project.resolve(".loopx");
        invocation = Invocations.sandboxed(
                Instant.parse("2026-01-01T00:00:00Z"), root, sandbox.resolve("loopx-home"), sandbox);
        assertTrue(ConnectProject.run(invocation, new ConnectProject.Request(project, "g1", "", null, null, false))
                .isRight());
        assertTrue(GoalWrites.run(
                        invocation,
                        new WriteOptions(new Actor(ActorKind.OWNER, "cli"), "", false),
                        new GoalWrite.Agents(new RegisterAgents("g1", List.of("builder"), "", false)))
                .isRight());
    }

    @Test
    void theThinModeAnswersTheTaskBody() {
        var answer = run(new HeartbeatPromptRequest.Thin(
                "g1", "builder", "", List.of(), "loopx", RuntimeProfile.GENERIC_CLI, ""));

        var thin = assertInstanceOf(HeartbeatPromptAnswer.Thin.class, answer).prompt();
        assertEquals("g1", thin.goalId());
        assertEquals("builder", thin.agentId());
        assertTrue(thin.taskBody().contains("loopx quota should-run --goal-id g1 --agent-id builder"));
        assertTrue(thin.withinBudget());
    }

    @Test
    void aThinBodyForAnUnregisteredAgent_isRefusedWithTheLanesToRun() {
        var answer = run(
                new HeartbeatPromptRequest.Thin("g1", "ghost", "", List.of(), "loopx", RuntimeProfile.GENERIC_CLI, ""));

        var refusal =
                assertInstanceOf(HeartbeatPromptAnswer.Refused.class, answer).refusal();
        assertEquals("agent_not_registered", refusal.errorCode());
        assertEquals(List.of("builder"), refusal.registeredAgents());
        assertEquals(
                List.of(NextStep.of(Verb.HEARTBEAT_PROMPT)
                        .with(Flag.GOAL_ID, "g1")
                        .with(Flag.AGENT_ID, "builder")),
                refusal.commands());
    }

    @Test
    void anUnknownGoal_isRejectedInEveryMode() {
        var result = AnswerHeartbeatPrompt.run(invocation, bootstrap("nope", "builder"));

        assertInstanceOf(Rejection.GoalNotFound.class, result.getLeft());
    }

    @Test
    void aWrapperWithoutARegisteredAgent_isRefusedAndNothingIsRecorded() {
        var install = new HeartbeatPromptRequest.RecordInstall(bootstrap("g1", ""), HostSurface.CODEX_APP, "", true);

        var refusal = assertInstanceOf(HeartbeatPromptAnswer.Refused.class, run(install))
                .refusal();

        assertEquals("agent_id_required", refusal.errorCode());
        assertEquals("", refusal.agentId());
        assertEquals(
                NextStep.of(Verb.HEARTBEAT_PROMPT)
                        .with(Flag.GOAL_ID, "g1")
                        .with(Flag.AGENT_ID, "builder")
                        .with(Flag.BOOTSTRAP),
                refusal.hint());
        assertTrue(lastInstall().isEmpty());
    }

    @Test
    void theWrapperBindsTheRuntimeRootItRunsIn() {
        var wrapper = assertInstanceOf(HeartbeatPromptAnswer.Wrapper.class, run(bootstrap("g1", "builder")));

        assertEquals(invocation.runtimeRoot().toAbsolutePath().normalize().toString(), wrapper.runtimeRoot());
        assertTrue(wrapper.text().contains(wrapper.runtimeRoot()));
        assertTrue(wrapper.withinBudget());
        assertTrue(wrapper.install().isEmpty());
    }

    @Test
    void recordingAnInstall_previewsUnlessExecuted_andIsRecordedOnce() {
        var preview = install(false);
        assertInstanceOf(GoalWrites.Outcome.Previewed.class, preview.outcome());
        assertTrue(preview.lastInstall().isEmpty(), "a preview appends nothing");

        var first = install(true);
        assertInstanceOf(GoalWrites.Outcome.Written.class, first.outcome());
        assertTrue(first.changed());
        var again = install(true);
        assertFalse(again.changed(), "the same wrapper on the same surface is recorded once");
        var last = again.lastInstall().orElseThrow();
        assertEquals("codex-app", last.hostSurface());
        assertEquals(
                assertInstanceOf(GoalWrites.Outcome.Written.class, first.outcome())
                        .receipt()
                        .lastSeq(),
                last.seq());
        assertEquals(first.lastInstall(), again.lastInstall());
    }

    @Test
    void aScopeIsCollapsedAndJoined_andOneWithAngleBracketsIsRefused() {
        assertEquals(
                "backend api; docs",
                AnswerHeartbeatPrompt.scope(List.of(" backend   api ", "docs")).get());
        assertEquals("", AnswerHeartbeatPrompt.scope(List.of()).get());
        assertEquals(
                "invalid_value",
                AnswerHeartbeatPrompt.scope(List.of("a<b")).getLeft().errorCode());
    }

    private HeartbeatPromptAnswer.Install install(boolean execute) {
        var answer = run(new HeartbeatPromptRequest.RecordInstall(
                bootstrap("g1", "builder"), HostSurface.CODEX_APP, "", execute));
        return assertInstanceOf(HeartbeatPromptAnswer.Wrapper.class, answer)
                .install()
                .orElseThrow();
    }

    private java.util.Optional<?> lastInstall() {
        var answer = run(
                new HeartbeatPromptRequest.RecordInstall(bootstrap("g1", "builder"), HostSurface.CODEX_APP, "", false));
        return assertInstanceOf(HeartbeatPromptAnswer.Wrapper.class, answer)
                .install()
                .orElseThrow()
                .lastInstall();
    }

    private static HeartbeatPromptRequest.Bootstrap bootstrap(String goalId, String agentId) {
        return new HeartbeatPromptRequest.Bootstrap(goalId, agentId, "loopx", List.of());
    }

    private HeartbeatPromptAnswer run(HeartbeatPromptRequest request) {
        return AnswerHeartbeatPrompt.run(invocation, request).get();
    }
}
