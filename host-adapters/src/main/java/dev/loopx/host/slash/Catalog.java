package dev.loopx.host.slash;

import java.util.List;
import java.util.Objects;

/**
 * The slash-command catalog as one caller sees it ({@link SlashCommandCatalog#of}): the commands in
 * catalog order, the CLI their {@code cli_reference} names, and whether the legacy
 * {@code /loop-global-*} aliases are shown.
 */
public record Catalog(String cliBin, boolean legacyAliases, List<SlashCommand> commands) {
    public Catalog {
        Objects.requireNonNull(cliBin, "cliBin");
        commands = List.copyOf(commands);
    }

    /** The prefix every LoopX slash command starts with. */
    public String canonicalPrefix() {
        return SlashCommandCatalog.CANONICAL_PREFIX;
    }

    /** What a host does with an unknown command in LoopX's namespace. */
    public String unknownCommandPolicy() {
        return SlashCommandCatalog.UNKNOWN_COMMAND_POLICY;
    }
}
