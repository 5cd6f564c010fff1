package dev.loopx.projections.query;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The execution context a host asks should-run from (SPEC §S7: {@code --runtime-profile}, JSON
 * {@code runtime_profile}). A should-run request without one fails closed; a Codex profile
 * ({@link #codex}) also gets the scheduler hint's {@code codex_app} mirror, and only
 * {@link #CODEX_APP_HEARTBEAT} lanes have a Codex App prompt binding.
 */
public enum RuntimeProfile {
    CODEX_APP_HEARTBEAT("codex_app_heartbeat", true),
    CODEX_CLI("codex_cli", true),
    CODEX_APP_SSH_GOAL("codex_app_ssh_goal", true),
    CLAUDE_CODE("claude_code", false),
    GENERIC_CLI("generic_cli", false);

    private final String wire;
    private final boolean codex;

    RuntimeProfile(String wire, boolean codex) {
        this.wire = wire;
        this.codex = codex;
    }

    /** The spelling of {@code --runtime-profile} and of JSON {@code runtime_profile}. */
    public String wire() {
        return wire;
    }

    /** A Codex host: the scheduler hint mirrors its app object as {@code codex_app}. */
    public boolean codex() {
        return codex;
    }

    public static Optional<RuntimeProfile> fromWire(String value) {
        return Arrays.stream(values()).filter(p -> p.wire.equals(value)).findFirst();
    }

    /** Every spelling, sorted (the order errors and the read-path training list them in). */
    public static List<String> wireNames() {
        return Arrays.stream(values()).map(RuntimeProfile::wire).sorted().toList();
    }
}
