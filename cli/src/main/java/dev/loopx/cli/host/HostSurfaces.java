package dev.loopx.cli.host;

import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.host.surface.HostSurface;

/** The one validation of {@code --host-surface} values, shared by every host command. */
final class HostSurfaces {
    private HostSurfaces() {}

    /** The named surface (wire name, or its {@code _} spelling); exit 2 {@code invalid_enum} otherwise. */
    static HostSurface require(String option, String value) {
        return HostSurface.parse(value)
                .orElseThrow(() -> CliError.badInput(
                        ErrorCode.INVALID_ENUM,
                        option + " must be one of: " + String.join(", ", HostSurface.wireNames())
                                + " (the same words joined by _ are accepted)"));
    }
}
