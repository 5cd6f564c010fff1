package dev.loopx.host.slash;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The slash-command catalog (SPEC §S10; the CLI renders it as {@code loopx_slash_command_catalog_v0}): six commands in a
 * fixed order under the canonical prefix {@code /loopx}. Only the explicit goal start may lead to
 * project-local writes (through {@code start-goal --guided}); everything else is read-only. The
 * global commands keep their legacy {@code /loop-global-*} spellings as aliases unless a caller
 * drops them. Pure and immutable.
 */
public final class SlashCommandCatalog {
    public static final String CANONICAL_PREFIX = "/loopx";
    public static final String UNKNOWN_COMMAND_POLICY = "fail_closed_with_slash_help";
    public static final String LEGACY_PREFIX = "/loop-global-";
    public static final String DEFAULT_CLI_BIN = "loopx";

    /** A usable {@code --cli-bin}: a command name or path without spaces, quotes or shell syntax. */
    private static final Pattern CLI_BIN = Pattern.compile("[A-Za-z0-9_./\\\\~+:@%=,-]{1,300}");

    public static final List<SlashCommand> COMMANDS = List.of(
            new SlashCommand(
                    "/loopx",
                    "/loopx",
                    "project",
                    "read_first_command_pack",
                    "read_only",
                    List.of("bootstrap-command-pack", "--project", "."),
                    List.of(),
                    false,
                    "Read-first: status and the next step for this project; writes nothing."),
            new SlashCommand(
                    "/loopx <goal text>",
                    "/loopx",
                    "project",
                    "explicit_goal_start",
                    "project_local_write_via_guided_goal_start",
                    List.of(
                            "start-goal",
                            "--guided",
                            "--project",
                            ".",
                            "--goal-text",
                            "<text>",
                            "--host-surface",
                            "<surface>"),
                    List.of(),
                    true,
                    "Explicit goal start: previews a plan (writes_now=false); todos are written only through the guided flow."),
            global("summary", "A read-only digest of every connected project."),
            global("gates", "Open owner gates across every connected project (read-only)."),
            global("todos", "Open todos across every connected project (read-only)."),
            global(
                    "risks",
                    "Risks across every connected project: stopped, paused or throttled goals, blockers, gaps (read-only)."));

    private SlashCommandCatalog() {}

    private static SlashCommand global(String what, String summary) {
        return new SlashCommand(
                "/loopx-global-" + what,
                "/loopx-global-" + what,
                "global",
                "global_" + what,
                "read_only",
                List.of("global-" + what),
                List.of(LEGACY_PREFIX + what),
                false,
                summary);
    }

    /** Why {@code cliBin} is not usable as {@code --cli-bin}, if it is not. */
    public static Optional<String> cliBinProblem(String cliBin) {
        if (cliBin == null || !CLI_BIN.matcher(cliBin).matches()) {
            return Optional.of(
                    "--cli-bin must be a command name or path (letters, digits and _ . / \\ ~ + : @ % = , -; no spaces or quotes)");
        }
        return Optional.empty();
    }

    /** The catalog for {@code cliBin}; {@code legacyAliases=false} leaves the {@code /loop-global-} aliases out. */
    public static Catalog of(String cliBin, boolean legacyAliases) {
        return new Catalog(cliBin, legacyAliases, COMMANDS);
    }
}
