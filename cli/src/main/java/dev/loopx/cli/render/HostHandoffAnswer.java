package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.slash.Handoff;
import dev.loopx.host.slash.HostCommandHandoff;
import dev.loopx.host.slash.SlashCommand;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx host parse}'s answer, {@code codex_app_host_command_handoff_v0} (SPEC §S10), from a
 * {@link Handoff}: which command a chat message selected, the task text exactly as typed, the
 * authority the command carries (read always; project-local writes only through the guided goal
 * start; never global control writes, production actions or gate approvals) and the one CLI call
 * the host makes next. An unknown command in LoopX's namespace is a refusal (ok=false) with the
 * catalog as {@code slash_help}.
 *
 * <p>Its text names the command, what it asks for and whether it may write, then the goal text,
 * the command to run and what to do after it.
 */
public record HostHandoffAnswer(Handoff handoff) implements RenderedAnswer {
    static final String SCHEMA = "codex_app_host_command_handoff_v0";
    static final String UNKNOWN_COMMAND = "unknown_slash_command";
    private static final String ROUTE = "start-goal --guided: plan first, write only through its confirmed steps";
    private static final String IF_CLI_UNAVAILABLE =
            "Report an install blocker (run loopx doctor); do not invent, assume or remember goal state.";

    public HostHandoffAnswer {
        Objects.requireNonNull(handoff, "handoff");
    }

    @Override
    public boolean ok() {
        return !(handoff instanceof Handoff.Unknown);
    }

    @Override
    public ObjectNode json() {
        return switch (handoff) {
            case Handoff.Matched m -> matched(m);
            case Handoff.Unknown u -> unknown(u);
            case Handoff.NotACommand n -> notACommand(n);
        };
    }

    private static ObjectNode base(boolean ok, boolean matched) {
        ObjectNode doc = Documents.answer(SCHEMA, ok);
        doc.put("matched", matched);
        return doc;
    }

    private static void where(ObjectNode doc, HostCommandHandoff.Context context) {
        doc.put("host_surface", context.hostSurface());
        doc.put("project_root_label", context.projectLabel());
        doc.put("goal_id", context.goalId());
        doc.put("agent_id", context.agentId());
    }

    private static ObjectNode matched(Handoff.Matched m) {
        SlashCommand entry = m.entry();
        ObjectNode doc = base(true, true);
        doc.put("command", m.message().typedToken());
        doc.put("canonical_command", entry.command());
        doc.put("legacy_alias_used", m.message().legacyAlias());
        doc.put("scope", entry.scope());
        doc.put("intent", entry.intent());
        doc.put("mutation_policy", entry.mutationPolicy());
        doc.put("task_text", m.message().taskText());
        where(doc, m.context());
        boolean goalStart = m.goalStart();
        ObjectNode authority = doc.putObject("authority");
        authority.put("read_allowed", true);
        authority.put("project_local_write_allowed", goalStart);
        authority.put("project_local_write_route", goalStart ? ROUTE : "none");
        authority.put("writes_now", false);
        authority.put("global_control_write_allowed", false);
        authority.put("production_action_allowed", false);
        authority.put("gate_approval", false);
        doc.put("cli_fallback", m.fallbackLine());
        ArrayNode argv = doc.putArray("cli_fallback_args");
        m.fallbackArgs().forEach(argv::add);
        ObjectNode next = doc.putObject("next_step");
        next.put("kind", m.nextStepKind());
        next.put("instruction", m.instruction());
        next.put("if_cli_unavailable", IF_CLI_UNAVAILABLE);
        return doc;
    }

    private static ObjectNode unknown(Handoff.Unknown u) {
        ObjectNode doc = base(false, false);
        doc.put("error_code", UNKNOWN_COMMAND);
        doc.put("command", u.command());
        doc.put("message", u.message());
        doc.put("hint", u.context().cliBin() + " slash-commands");
        doc.put("unknown_command_policy", u.help().unknownCommandPolicy());
        where(doc, u.context());
        doc.set("slash_help", new SlashCatalogAnswer(u.help()).json());
        return doc;
    }

    private static ObjectNode notACommand(Handoff.NotACommand n) {
        ObjectNode doc = base(true, false);
        where(doc, n.context());
        ObjectNode next = doc.putObject("next_step");
        next.put("kind", "ordinary_chat");
        next.put("instruction", "Not a LoopX slash command: treat the message as ordinary chat. LoopX does nothing.");
        return doc;
    }

    void text(PrintWriter out) {
        if (!(handoff instanceof Handoff.Matched m)) {
            // an unknown LoopX command (ok=false) reads the same: its JSON has matched=false too
            out.println("no LoopX slash command in the message: the host handles it as ordinary chat");
            return;
        }
        SlashCommand entry = m.entry();
        out.println(m.message().typedToken() + " → " + entry.intent().replace('_', ' ') + " (" + authority(m) + ")");
        new Lines(out)
                .add("goal text", m.message().taskText())
                .add("run", Words.pasteable(m.fallbackLine()))
                .add("then", m.instruction())
                .add("if no cli", IF_CLI_UNAVAILABLE)
                .print();
    }

    private static String authority(Handoff.Matched m) {
        String policy = m.entry().mutationPolicy();
        if (policy.equals("read_only")) {
            return "read only";
        }
        return m.goalStart() ? "may write to this project through " + ROUTE : policy.replace('_', ' ');
    }
}
