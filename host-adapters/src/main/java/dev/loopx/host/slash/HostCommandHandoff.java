package dev.loopx.host.slash;

import dev.loopx.host.shell.ShellWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The host command registry's answer as a {@link Handoff} (SPEC §S10; the CLI renders it as
 * {@code codex_app_host_command_handoff_v0}): which command a chat message selected, the task text
 * exactly as typed, the authority the command carries and the one CLI call the host makes next.
 * The packet itself grants nothing and is never an owner gate approval.
 *
 * <p>Authority: every command may read. Only the explicit goal start ({@code /loopx <goal text>})
 * sets {@code project_local_write_allowed=true}, and only by way of {@code start-goal --guided},
 * which previews first ({@code writes_now=false}) and writes todos in its own confirmed steps; the
 * packet says so in {@code project_local_write_route}. Global commands and the read-first
 * {@code /loopx} allow no write at all. Nothing ever allows global control writes or production
 * actions. Pure.
 */
public final class HostCommandHandoff {
    private static final Pattern ECHOABLE_TOKEN = Pattern.compile("/[A-Za-z0-9_.-]{1,63}");

    /**
     * Where the message came from.
     *
     * @param hostSurface the host surface ({@code codex_app}, {@code claude_code}…), or {@code null} when not given
     * @param projectLabel a public-safe project name (never a path)
     * @param goalId the bound goal, or {@code null}
     * @param agentId the bound agent, or {@code null}
     * @param cliBin the CLI binary name used in {@code cli_fallback}
     */
    public record Context(String hostSurface, String projectLabel, String goalId, String agentId, String cliBin) {
        public Context {
            Objects.requireNonNull(projectLabel, "projectLabel");
            Objects.requireNonNull(cliBin, "cliBin");
        }
    }

    private HostCommandHandoff() {}

    public static Handoff of(ParsedMessage parsed, Context context) {
        return switch (parsed) {
            case ParsedMessage.Matched m -> matched(m, context);
            case ParsedMessage.Unknown u -> unknown(u, context);
            case ParsedMessage.NotACommand n -> new Handoff.NotACommand(context);
        };
    }

    private static Handoff matched(ParsedMessage.Matched m, Context context) {
        SlashCommand entry = m.entry();
        List<String> args = fallbackArgs(m, context);
        String kind = switch (entry.intent()) {
            case "read_first_command_pack" -> "run_read_only_command_pack";
            case "explicit_goal_start" -> "preview_guided_goal_start";
            default -> "show_global_digest";
        };
        return new Handoff.Matched(m, context, args, ShellWords.join(args), kind, instruction(entry, context));
    }

    private static String instruction(SlashCommand entry, Context context) {
        return switch (entry.intent()) {
            case "read_first_command_pack" ->
                "Run cli_fallback (read-only) and follow its recommended_next_step. Write nothing before it says how.";
            case "explicit_goal_start" ->
                "Run cli_fallback: it previews the ordered plan and writes nothing (writes_now=false). Show the plan;"
                        + " todos are written only through the guided flow's confirmed steps, never directly."
                        + (context.hostSurface() == null
                                ? " Without --host-surface it answers with a surface selection gate first."
                                : "");
            default ->
                "Run cli_fallback and show its digest. It is read-only across every connected project and cannot approve,"
                        + " add, spend or pause anything.";
        };
    }

    private static List<String> fallbackArgs(ParsedMessage.Matched m, Context context) {
        List<String> args = new ArrayList<>();
        args.add(context.cliBin());
        SlashCommand entry = m.entry();
        switch (entry.intent()) {
            case "read_first_command_pack" -> {
                args.addAll(entry.cliArgs());
                if (context.agentId() != null) {
                    args.addAll(List.of("--agent-id", context.agentId()));
                }
                if (context.hostSurface() != null) {
                    args.addAll(List.of("--host-surface", context.hostSurface()));
                }
            }
            case "explicit_goal_start" -> {
                args.addAll(List.of("start-goal", "--guided", "--project", ".", "--goal-text", m.taskText()));
                if (context.hostSurface() != null) {
                    args.addAll(List.of("--host-surface", context.hostSurface()));
                }
            }
            default -> args.addAll(entry.cliArgs());
        }
        return args;
    }

    private static Handoff unknown(ParsedMessage.Unknown u, Context context) {
        String token = u.typedToken();
        boolean echo = ECHOABLE_TOKEN.matcher(token).matches();
        return new Handoff.Unknown(
                echo ? token : null,
                (echo ? token : "The command") + " is not a LoopX slash command; nothing was run."
                        + " The catalog of known commands is in slash_help.",
                context,
                SlashCommandCatalog.of(context.cliBin(), true));
    }
}
