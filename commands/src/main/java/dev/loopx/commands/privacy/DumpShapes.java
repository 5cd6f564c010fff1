package dev.loopx.commands.privacy;

import dev.loopx.commands.privacy.PublicTextViolation.Reason;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pasted transcripts and tool output (SPEC §S14 "raw transcripts or session dumps, tool output
 * dumps"). Judged by shape, line by line:
 *
 * <ul>
 *   <li><b>chat transcript</b>: at least two lines that start with a speaker role, among them a
 *       person or system role ({@code User:}, {@code Human:}, {@code System:}) and an assistant
 *       role ({@code Assistant:}, {@code AI:}, {@code Claude:}, {@code Codex:}…). Requiring both
 *       sides keeps use-case prose ({@code User: clicks / System: responds}) and per-agent task
 *       lists ({@code Codex: implement / Claude: review}) acceptable;
 *   <li><b>message JSON</b>: a {@code "role": "user|assistant|…"} member next to a
 *       {@code "content"} or {@code "parts"} member, even a single message;
 *   <li><b>shell or REPL session</b>: at least {@value #MIN_PROMPT_LINES} lines that start with a
 *       prompt ({@code $ }, {@code % }, {@code >>> }, {@code ❯ }, {@code PS …>}, {@code user@host:~$ });
 *       one or two commands in a todo are fine;
 *   <li><b>stack trace</b>: at least {@value #MIN_PROMPT_LINES} Java {@code at …(} frames or Python
 *       {@code File "…", line N} frames;
 *   <li><b>long output</b>: more than {@link PublicText#MAX_LINES} lines.
 * </ul>
 */
final class DumpShapes {
    static final int MIN_PROMPT_LINES = 3;

    private static final Pattern ROLE_LINE = Pattern.compile(
            "^\\s*(?:[*_#>-]+\\s*)?\\[?(user|human|system|assistant|ai|gpt|chatgpt|claude|codex|model|bot)\\]?[*_]*\\s*:",
            Pattern.CASE_INSENSITIVE);
    private static final Set<String> PERSON_OR_SYSTEM_ROLES = Set.of("user", "human", "system");
    private static final Pattern MESSAGE_ROLE = Pattern.compile(
            "\"role\"\\s*:\\s*\"(?:user|assistant|system|developer|tool|human|ai|model)\"", Pattern.CASE_INSENSITIVE);
    private static final Pattern MESSAGE_BODY = Pattern.compile("\"(?:content|parts)\"\\s*:");
    private static final Pattern PROMPT_LINE =
            Pattern.compile("^\\s*(?:\\$|%|>>>|❯|PS [^>\\n]*>|[\\w.-]+@[\\w.-]+:\\S*[$#])\\s+\\S");
    private static final Pattern STACK_FRAME = Pattern.compile("^\\s+at [\\w$.<>/]+\\(|^\\s*File \".*\", line \\d+");

    private DumpShapes() {}

    static Optional<Reason> find(String text) {
        List<String> lines = text.lines().toList();
        if (isChatTranscript(lines)
                || MESSAGE_ROLE.matcher(text).find()
                        && MESSAGE_BODY.matcher(text).find()) {
            return Optional.of(Reason.TRANSCRIPT);
        }
        if (lines.size() > PublicText.MAX_LINES
                || count(lines, PROMPT_LINE) >= MIN_PROMPT_LINES
                || count(lines, STACK_FRAME) >= MIN_PROMPT_LINES) {
            return Optional.of(Reason.TOOL_OUTPUT);
        }
        return Optional.empty();
    }

    private static boolean isChatTranscript(List<String> lines) {
        Set<String> roles = new HashSet<>();
        int roleLines = 0;
        for (String line : lines) {
            Matcher role = ROLE_LINE.matcher(line);
            if (role.find()) {
                roles.add(role.group(1).toLowerCase(Locale.ROOT));
                roleLines++;
            }
        }
        boolean personOrSystem = roles.stream().anyMatch(PERSON_OR_SYSTEM_ROLES::contains);
        boolean assistant = roles.stream().anyMatch(role -> !PERSON_OR_SYSTEM_ROLES.contains(role));
        return roleLines >= 2 && personOrSystem && assistant;
    }

    private static long count(List<String> lines, Pattern pattern) {
        return lines.stream().filter(line -> pattern.matcher(line).find()).count();
    }
}
