package dev.loopx.host.slash;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.shell.ShellWords;
import dev.loopx.ledger.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The host command registry's answer, {@code codex_app_host_command_handoff_v0} (SPEC §S10): which
 * command a chat message selected, the task text exactly as typed, the authority the command
 * carries and the one CLI call the host makes next. The packet itself grants nothing and is never
 * an owner gate approval.
 *
 * <p>Authority: every command may read. Only the explicit goal start ({@code /loopx <goal text>})
 * sets {@code project_local_write_allowed=true}, and only by way of {@code start-goal --guided},
 * which previews first ({@code writes_now=false}) and writes todos in its own confirmed steps; the
 * packet says so in {@code project_local_write_route}. Global commands and the read-first
 * {@code /loopx} allow no write at all. Nothing ever allows global control writes or production
 * actions. Pure.
 */
public final class HostCommandHandoff {
    public static final String SCHEMA_VERSION = "codex_app_host_command_handoff_v0";
    public static final String UNKNOWN_COMMAND = "unknown_slash_command";
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

    public static ObjectNode of(ParsedMessage parsed, Context context) {
        return switch (parsed) {
            case ParsedMessage.Matched m -> matched(m, context);
            case ParsedMessage.Unknown u -> unknown(u, context);
            case ParsedMessage.NotACommand n -> notACommand(context);
        };
    }

    private static ObjectNode base(boolean ok, boolean matched) {
        ObjectNode doc = Json.object();
        doc.put("schema_version", SCHEMA_VERSION);
        doc.put("ok", ok);
        doc.put("matched", matched);
        return doc;
    }

    private static void where(ObjectNode doc, Context context) {
        doc.put("host_surface", context.hostSurface());
        doc.put("project_root_label", context.projectLabel());
        doc.put("goal_id", context.goalId());
        doc.put("agent_id", context.agentId());
    }

    private static ObjectNode matched(ParsedMessage.Matched m, Context context) {
        SlashCommand entry = m.entry();
        ObjectNode doc = base(true, true);
        doc.put("command", m.typedToken());
        doc.put("canonical_command", entry.command());
        doc.put("legacy_alias_used", m.legacyAlias());
        doc.put("scope", entry.scope());
        doc.put("intent", entry.intent());
        doc.put("mutation_policy", entry.mutationPolicy());
        doc.put("task_text", m.taskText());
        where(doc, context);
        boolean goalStart = entry.takesText();
        ObjectNode authority = doc.putObject("authority");
        authority.put("read_allowed", true);
        authority.put("project_local_write_allowed", goalStart);
        authority.put(
                "project_local_write_route",
                goalStart ? "start-goal --guided: plan first, write only through its confirmed steps" : "none");
        authority.put("writes_now", false);
        authority.put("global_control_write_allowed", false);
        authority.put("production_action_allowed", false);
        authority.put("gate_approval", false);
        List<String> args = fallbackArgs(m, context);
        doc.put("cli_fallback", ShellWords.join(args));
        ArrayNode argv = doc.putArray("cli_fallback_args");
        args.forEach(argv::add);
        ObjectNode next = doc.putObject("next_step");
        next.put(
                "kind",
                switch (entry.intent()) {
                    case "read_first_command_pack" -> "run_read_only_command_pack";
                    case "explicit_goal_start" -> "preview_guided_goal_start";
                    default -> "show_global_digest";
                });
        next.put("instruction", instruction(entry, context));
        next.put(
                "if_cli_unavailable",
                "Report an install blocker (run loopx doctor); do not invent, assume or remember goal state.");
        return doc;
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

    private static ObjectNode unknown(ParsedMessage.Unknown u, Context context) {
        ObjectNode doc = base(false, false);
        doc.put("error_code", UNKNOWN_COMMAND);
        String token = u.typedToken();
        boolean echo = ECHOABLE_TOKEN.matcher(token).matches();
        doc.put("command", echo ? token : null);
        doc.put(
                "message",
                (echo ? token : "The command") + " is not a LoopX slash command; nothing was run."
                        + " The catalog of known commands is in slash_help.");
        doc.put("hint", context.cliBin() + " slash-commands");
        doc.put("unknown_command_policy", SlashCommandCatalog.UNKNOWN_COMMAND_POLICY);
        where(doc, context);
        doc.set("slash_help", SlashCommandCatalog.toJson(context.cliBin(), true));
        return doc;
    }

    private static ObjectNode notACommand(Context context) {
        ObjectNode doc = base(true, false);
        where(doc, context);
        ObjectNode next = doc.putObject("next_step");
        next.put("kind", "ordinary_chat");
        next.put("instruction", "Not a LoopX slash command: treat the message as ordinary chat. LoopX does nothing.");
        return doc;
    }
}
