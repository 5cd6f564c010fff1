package dev.loopx.cli.quota;

import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.projections.query.RuntimeProfile;
import java.util.Optional;

/**
 * The one reading of {@code -A/--codex-app} and {@code --runtime-profile}, shared by
 * {@code quota should-run} and {@code heartbeat-prompt}: the string is parsed here, once.
 */
public final class RuntimeProfiles {
    private RuntimeProfiles() {}

    /**
     * The profile the two options name: {@code codex_app_heartbeat} for {@code --codex-app}, else
     * the {@code --runtime-profile} value, else empty. Exit 2 {@code invalid_arguments} when they
     * contradict each other, {@code invalid_enum} for an unknown profile. A hyphen is read as an
     * underscore ({@code claude-code} = {@code claude_code}, ADR 0008).
     */
    public static Optional<RuntimeProfile> of(boolean codexApp, String given) {
        // one spelling per value: claude-code (the host's name, as --surface spells it) is claude_code
        String runtimeProfile = given == null ? null : given.replace('-', '_');
        if (codexApp && runtimeProfile != null && !runtimeProfile.equals(RuntimeProfile.CODEX_APP_HEARTBEAT.wire())) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS, "--codex-app contradicts --runtime-profile " + runtimeProfile);
        }
        if (codexApp) {
            return Optional.of(RuntimeProfile.CODEX_APP_HEARTBEAT);
        }
        if (runtimeProfile == null) {
            return Optional.empty();
        }
        return Optional.of(RuntimeProfile.fromWire(runtimeProfile)
                .orElseThrow(() -> CliError.badInput(
                        ErrorCode.INVALID_ENUM,
                        "--runtime-profile must be one of: " + String.join(", ", RuntimeProfile.wireNames()))));
    }
}
