package dev.loopx.application.host;

import dev.loopx.host.pack.BootstrapCommandPack;
import dev.loopx.host.pack.CommandPack;

/**
 * Use case "what does {@code /loopx} run first" ({@code bootstrap-command-pack}, SPEC §S10): is the
 * project connected, which goal and agent, and the one command the host should call next.
 * Strictly read-only: it creates no runtime root, no projection store and no registry entry.
 */
public final class BuildCommandPack {
    private BuildCommandPack() {}

    public static CommandPack run(HostEnvironment environment, PackQuery query) {
        return BootstrapCommandPack.of(query.request(environment), query.snapshot(environment));
    }
}
