package dev.loopx.application.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.InvalidRequest;
import dev.loopx.host.slash.Handoff;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host command registry: exact tokens match, LoopX's namespace fails closed, task text stays as typed. */
class ParseHostMessageTest {
    @TempDir
    Path sandbox;

    @Test
    void theGoalStartKeepsTheTextAndNamesTheGuidedPreview_withTheProjectByNameOnly() throws Exception {
        Path project = Files.createDirectories(sandbox.resolve("Weather App"));
        var handoff = (Handoff.Matched)
                ParseHostMessage.run(environment(), request("/loopx fix it's triage", "claude_code", "Weather App"))
                        .get();
        assertTrue(handoff.goalStart());
        assertEquals("fix it's triage", handoff.message().taskText());
        assertEquals("preview_guided_goal_start", handoff.nextStepKind());
        assertEquals(
                List.of(
                        "lx",
                        "start-goal",
                        "--guided",
                        "--project",
                        ".",
                        "--goal-text",
                        "fix it's triage",
                        "--host-surface",
                        "claude_code"),
                handoff.fallbackArgs());
        assertEquals(
                "lx start-goal --guided --project . --goal-text 'fix it'\\''s triage' --host-surface claude_code",
                handoff.fallbackLine());
        assertEquals("Weather-App", handoff.context().projectLabel(), "the folder's name, sanitised: never " + project);
    }

    @Test
    void anUnknownLoopxToken_failsClosedWithTheCatalog_andChatIsNotACommand() {
        var unknown = (Handoff.Unknown) ParseHostMessage.run(environment(), request("/loopx-nope", null, null))
                .get();
        assertEquals("/loopx-nope", unknown.command());
        assertEquals(6, unknown.help().commands().size());
        assertTrue(unknown.help().legacyAliases());

        var longToken =
                (Handoff.Unknown) ParseHostMessage.run(environment(), request("/loopx-" + "x".repeat(70), null, null))
                        .get();
        assertNull(longToken.command(), "a long token is not echoed");

        assertInstanceOf(
                Handoff.NotACommand.class,
                ParseHostMessage.run(environment(), request(" /loopx", null, null))
                        .get());
    }

    @Test
    void secretsInTheTaskTextAreTheLeftAnswer_badOptionsAreInvalidRequests() {
        var refused = ParseHostMessage.run(
                environment(), request("/loopx use ghp_abcdefghijklmnopqrstuvwxyz0123456789", null, null));
        assertTrue(refused.isLeft());

        assertEquals(
                "project_not_found",
                assertThrows(
                                InvalidRequest.class,
                                () -> ParseHostMessage.run(environment(), request("/loopx", null, "missing")))
                        .errorCode());
        assertEquals(
                "invalid_value",
                assertThrows(
                                InvalidRequest.class,
                                () -> ParseHostMessage.run(
                                        environment(),
                                        new ParseHostMessage.Request("/loopx", null, null, null, null, "a b")))
                        .errorCode());
    }

    private HostEnvironment environment() {
        return new HostEnvironment(Map.of(), sandbox, sandbox.resolve("home"));
    }

    private static ParseHostMessage.Request request(String message, String surface, String project) {
        return new ParseHostMessage.Request(message, surface, project, null, null, "lx");
    }
}
