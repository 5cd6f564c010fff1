package dev.loopx.application.host;

import dev.loopx.application.InvalidRequest;
import dev.loopx.host.slash.SlashCommandCatalog;

/**
 * The {@code --cli-bin} that slash-command catalogs, installed host files and handoff packets
 * name: a command name or path without spaces, quotes or shell syntax.
 */
public final class HostCliBin {
    /** The CLI hosts call unless told otherwise. */
    public static final String DEFAULT = SlashCommandCatalog.DEFAULT_CLI_BIN;

    private HostCliBin() {}

    /** Refuses an unusable value ({@code invalid_value}, exit 2); returns it otherwise. */
    public static String require(String cliBin) {
        SlashCommandCatalog.cliBinProblem(cliBin).ifPresent(p -> {
            throw new InvalidRequest("invalid_value", p);
        });
        return cliBin;
    }
}
