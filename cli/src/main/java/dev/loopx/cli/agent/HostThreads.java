package dev.loopx.cli.agent;

import dev.loopx.cli.support.IdOptions;
import java.util.Locale;

/**
 * The two values that name a host thread: {@code --thread-id} (the host's opaque id, checked as
 * an id and by the privacy guard, so never a path or a credential) and {@code --host-surface}
 * (default {@code codex-app}; lower case, {@code _} read as {@code -}, so {@code codex_app} is the
 * same surface).
 */
public final class HostThreads {
    public static final String DEFAULT_SURFACE = "codex-app";
    public static final String THREAD_ID_HELP =
            "The host's opaque thread id (e.g. the Codex App thread id); an id by the id rule, never a path.";
    public static final String SURFACE_HELP =
            "The host the thread belongs to: codex-app (default), codex-cli, claude-code, pi, opencode or another"
                    + " id; codex_app and codex-app are the same.";

    private HostThreads() {}

    public static String threadId(String value) {
        return IdOptions.requireId("--thread-id", value);
    }

    public static String surface(String value) {
        if (value == null) {
            return DEFAULT_SURFACE;
        }
        IdOptions.requireId("--host-surface", value);
        return value.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
