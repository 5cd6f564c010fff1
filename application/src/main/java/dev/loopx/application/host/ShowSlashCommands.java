package dev.loopx.application.host;

import dev.loopx.host.slash.Catalog;
import dev.loopx.host.slash.SlashCommandCatalog;

/**
 * Use case "the slash-command catalog" (SPEC §S10): the LoopX slash commands with the exact CLI
 * call behind each, for one {@code --cli-bin}. Reads nothing.
 */
public final class ShowSlashCommands {
    private ShowSlashCommands() {}

    /** The catalog; {@code legacyAliases=false} leaves the {@code /loop-global-*} aliases out. */
    public static Catalog run(String cliBin, boolean legacyAliases) {
        return SlashCommandCatalog.of(HostCliBin.require(cliBin), legacyAliases);
    }
}
