package dev.loopx.host.install;

import dev.loopx.host.slash.SlashCommand;
import dev.loopx.host.slash.SlashCommandCatalog;
import dev.loopx.host.surface.HostSurface;
import java.util.List;

/**
 * The text of the command facade files: each tells the agent exactly which {@code loopx} command to
 * run, to follow its JSON, and to report a blocker instead of inventing state when the CLI cannot
 * run. Pure.
 */
final class Facades {
    private Facades() {}

    /** The facade for one file stem: {@code loopx} (both {@code /loopx} forms) or {@code loopx-global-*}. */
    static String command(String stem, HostSurface surface, String cliBin, boolean frontMatterHint) {
        SlashCommand first = SlashCommandCatalog.COMMANDS.stream()
                .filter(c -> c.token().equals("/" + stem))
                .findFirst()
                .orElseThrow();
        StringBuilder b = new StringBuilder();
        b.append("---\n");
        b.append("description: ")
                .append(
                        stem.equals("loopx")
                                ? "LoopX: read-first status and next step, or start a goal with /loopx <goal text>"
                                : "LoopX: " + first.summary())
                .append('\n');
        if (frontMatterHint && stem.equals("loopx")) {
            b.append("argument-hint: [goal text]\n");
        }
        b.append("---\n");
        b.append(ManagedMarker.of(stem, surface)).append("\n\n");
        b.append("# /").append(stem).append(" (LoopX)\n\n");
        b.append(
                "LoopX keeps this project's goal state: objective, todos, owner gates, quota and schedule. You keep\n");
        b.append("none of it yourself: run the LoopX CLI and follow the JSON it prints.\n\n");
        if (stem.equals("loopx")) {
            b.append("Arguments: $ARGUMENTS\n\n");
            b.append("1. If the arguments are empty, run this read-only command:\n\n");
            b.append("       ")
                    .append(cliBin)
                    .append(" bootstrap-command-pack --project . --host-surface ")
                    .append(surface.wire())
                    .append("\n\n");
            b.append("   Follow its `recommended_next_step`. Write nothing before it tells you how.\n");
            b.append("2. Otherwise the arguments are goal text. Pass them exactly, as one quoted shell argument:\n\n");
            b.append("       ")
                    .append(cliBin)
                    .append(" start-goal --guided --project . --goal-text '<the arguments>' --host-surface ")
                    .append(surface.wire())
                    .append("\n\n");
            b.append(
                    "   It previews an ordered plan and writes nothing (`writes_now=false`). Show the plan; todos are\n");
            b.append("   written only through the confirmed steps it lists, never directly.\n\n");
        } else {
            b.append("Run this read-only command:\n\n");
            b.append("    ").append(first.cliReference(cliBin)).append("\n\n");
            b.append("Show its digest. It reads every connected project and cannot approve, add, spend or pause\n");
            b.append("anything; neither may you as part of this command.\n\n");
        }
        rules(b, surface, cliBin);
        return b.toString();
    }

    /**
     * OpenCode's {@code /loopx-goal} facade. The goal bridge plugin intercepts the command
     * ({@code command.execute.before}) and replaces this text, so the model reads it only when the
     * plugin is not loaded — then it must report that, not act.
     */
    static String opencodeGoalBridgeCommand(String cliBin) {
        StringBuilder b = new StringBuilder();
        b.append("---\n");
        b.append("description: LoopX goal bridge - start, status, pause, resume or stop this session's goal loop\n");
        b.append("---\n");
        b.append(ManagedMarker.of("loopx-goal", HostSurface.OPENCODE)).append("\n\n");
        b.append("# /loopx-goal (LoopX goal bridge)\n\n");
        b.append("Arguments: $ARGUMENTS\n\n");
        b.append(
                "The LoopX goal bridge plugin handles this command before you see it (`start --goal-id G --agent-id A`,\n");
        b.append(
                "`status`, `pause`, `resume`, `stop`). If you are reading this text, the plugin is not loaded: stop and\n");
        b.append("report an install blocker (\"LoopX goal bridge not loaded: reinstall with `")
                .append(cliBin)
                .append(" slash-commands --install\n");
        b.append(
                "--surface opencode --goal-bridge`\"). Do not start a loop, invent goal state or run anything else.\n\n");
        b.append("Managed by LoopX: `")
                .append(cliBin)
                .append(" slash-commands --uninstall --surface opencode` removes this file.\n");
        return b.toString();
    }

    /**
     * The LoopX skill of Claude Code ({@code <claude-home>/skills/loopx/SKILL.md}) or Codex
     * ({@code <codex-home>/skills/loopx/SKILL.md}): when to use LoopX and which command answers what.
     * Both hosts read the {@code name} and {@code description} front matter into the model-visible
     * skill list and the body when the skill is used.
     */
    static String skill(String cliBin, HostSurface surface) {
        StringBuilder b = new StringBuilder();
        b.append("---\n");
        b.append("name: loopx\n");
        b.append(
                "description: Use the LoopX CLI for this project's long-running goal. Use it when the user types /loopx or\n");
        b.append("  /loopx-global-*, or asks about the goal's status, todos, owner gates, quota or next step.\n");
        b.append("---\n");
        b.append(ManagedMarker.of("loopx-skill", surface)).append("\n\n");
        b.append("# LoopX\n\n");
        b.append("LoopX owns the goal's durable state; you never keep a state machine of your own. Run the CLI and\n");
        b.append("follow its JSON (`ok`, `recommended_next_step`, `interaction_contract`).\n\n");
        if (surface == HostSurface.CODEX_CLI) {
            b.append(
                    "When the user writes `/loopx` or `/loopx <goal text>` (or names this skill), run the command of\n");
            b.append("that row below; `<goal text>` is passed exactly, as one quoted shell argument.\n\n");
        }
        b.append("| slash command | run |\n|---|---|\n");
        for (SlashCommand c : SlashCommandCatalog.COMMANDS) {
            String ref = c.cliReference(cliBin).replace("<surface>", surface.wire());
            b.append("| `").append(c.command()).append("` | `").append(ref).append("` |\n");
        }
        if (surface == HostSurface.CLAUDE_CODE) {
            b.append(
                    "\nWhen the `loopx` MCP server is connected, its tools (`should_run`, `claim_task`, `complete_task`,\n");
            b.append(
                    "`host_prompt`) answer the same questions; a structured blocker from them means stop and report it.\n");
        }
        b.append("\n");
        rules(b, surface, cliBin);
        return b.toString();
    }

    private static void rules(StringBuilder b, HostSurface surface, String cliBin) {
        b.append("Rules:\n\n");
        b.append("- If `")
                .append(cliBin)
                .append("` cannot be executed (not found, not executable, or it fails before printing\n");
        b.append("  JSON), stop and report an install blocker: \"LoopX CLI unavailable: run `")
                .append(cliBin)
                .append(" doctor` or reinstall with\n");
        b.append("  `")
                .append(cliBin)
                .append(" slash-commands --install --surface ")
                .append(surface.filesName())
                .append("`\". Do not invent, assume or remember goal state.\n");
        b.append("- Never edit files under `.loopx/` yourself. A slash command is never an owner gate approval.\n\n");
        b.append("Managed by LoopX: `")
                .append(cliBin)
                .append(" slash-commands --uninstall --surface ")
                .append(surface.filesName())
                .append("` removes this file. To keep\n");
        b.append("your own edits, delete the marker line; LoopX then never touches the file again.\n");
    }

    /** The file stems of the command facades, in catalog order ({@code /loopx} once). */
    static List<String> commandStems() {
        return SlashCommandCatalog.COMMANDS.stream()
                .map(SlashCommand::token)
                .distinct()
                .map(t -> t.substring(1))
                .toList();
    }
}
