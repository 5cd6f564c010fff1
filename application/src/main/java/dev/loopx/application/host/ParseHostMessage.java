package dev.loopx.application.host;

import dev.loopx.application.InvalidRequest;
import dev.loopx.commands.Ids;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.commands.privacy.PublicText;
import dev.loopx.commands.privacy.PublicTextViolation;
import dev.loopx.host.slash.Handoff;
import dev.loopx.host.slash.HostCommandHandoff;
import dev.loopx.host.slash.ParsedMessage;
import dev.loopx.host.slash.SlashCommandParser;
import dev.loopx.projections.next.Flag;
import io.vavr.control.Either;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Use case "which LoopX command did this chat message select" (SPEC §S10, the host command
 * registry): matches the message against the slash-command catalog and answers the
 * {@link Handoff}. Reads nothing but the request and the name of the project folder; writes
 * nothing, ever. Task text that is not public-safe (credentials, transcripts, control characters;
 * paths are redacted on output, not refused) is the left answer.
 */
public final class ParseHostMessage {
    private ParseHostMessage() {}

    /**
     * @param message the chat message, unchanged
     * @param hostSurface the host surface's wire name, or {@code null}
     * @param project the project folder as given ({@code null}: the working directory); only its name is used
     * @param goalId the bound goal, or {@code null}
     * @param agentId the bound agent, or {@code null}
     * @param cliBin the CLI the fallback call names
     */
    public record Request(
            String message, String hostSurface, String project, String goalId, String agentId, String cliBin) {
        public Request {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(cliBin, "cliBin");
        }
    }

    /** Checks the CLI name and the project folder (exit 2), then parses. */
    public static Either<PublicTextViolation, Handoff> run(HostEnvironment environment, Request request) {
        HostCliBin.require(request.cliBin());
        String label = projectLabel(environment, request.project());
        ParsedMessage parsed = SlashCommandParser.parse(request.message());
        if (parsed instanceof ParsedMessage.Matched m && !m.taskText().isBlank()) {
            var violation = PublicText.check("message", PathRedactor.redact(m.taskText()));
            if (violation.isPresent()) {
                return Either.left(violation.get());
            }
        }
        return Either.right(HostCommandHandoff.of(
                parsed,
                new HostCommandHandoff.Context(
                        request.hostSurface(), label, request.goalId(), request.agentId(), request.cliBin())));
    }

    private static String projectLabel(HostEnvironment environment, String project) {
        Path dir;
        try {
            dir = project == null
                    ? environment.workingDirectory()
                    : environment.workingDirectory().resolve(project).normalize();
        } catch (InvalidPathException e) {
            throw new InvalidRequest("project_not_found", Flag.PROJECT, "is not an existing folder");
        }
        if (!Files.isDirectory(dir)) {
            throw new InvalidRequest("project_not_found", Flag.PROJECT, "is not an existing folder");
        }
        return Ids.sanitise(
                dir.getFileName() == null ? "project" : dir.getFileName().toString(), "project");
    }
}
