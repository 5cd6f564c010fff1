package dev.loopx.host.surface;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One vocabulary: every spelling accepted before the two surface enums were merged still reaches the same host. */
class HostSurfaceTest {
    @Test
    void hostSurfaceValues_acceptTheWireNameAndItsUnderscoreSpelling() {
        for (HostSurface s : HostSurface.values()) {
            assertEquals(Optional.of(s), HostSurface.parse(s.wire()), s.wire());
            assertEquals(Optional.of(s), HostSurface.parse(s.wire().replace('-', '_')), s.wire());
        }
        assertEquals(Optional.of(HostSurface.CLAUDE_CODE), HostSurface.parse("claude_code"));
        assertEquals(Optional.of(HostSurface.CODEX_CLI), HostSurface.parse("codex_cli"));
        assertEquals(
                Optional.empty(),
                HostSurface.parse("codex"),
                "codex alone stays ambiguous for --host-surface (App or CLI)");
        assertEquals(Optional.empty(), HostSurface.parse(null));
    }

    @Test
    void theListedNamesKeepTheirOrder() {
        assertEquals(
                List.of("codex-app", "codex-cli", "claude-code", "pi", "opencode", "shell"), HostSurface.wireNames());
    }

    @Test
    void slashCommandSurfaces_keepTheirNames_codexNamesCodexCli() {
        assertEquals(
                List.of(HostSurface.CODEX_CLI, HostSurface.CLAUDE_CODE, HostSurface.OPENCODE, HostSurface.PI),
                HostSurface.withHostFiles());
        assertEquals(
                List.of("codex", "claude-code", "opencode", "pi"),
                HostSurface.withHostFiles().stream().map(HostSurface::filesName).toList());
        for (String name : List.of("codex", "claude-code", "opencode", "pi")) {
            assertEquals(name, HostSurface.forHostFiles(name).orElseThrow().filesName());
        }
        assertEquals(Optional.of(HostSurface.CODEX_CLI), HostSurface.forHostFiles("codex-cli"));
        assertEquals(Optional.empty(), HostSurface.forHostFiles("codex-app"));
        assertEquals(Optional.empty(), HostSurface.forHostFiles("all"));
    }

    @Test
    void hostsWithoutFiles_haveNoFilesName() {
        assertFalse(HostSurface.CODEX_APP.hasHostFiles());
        assertFalse(HostSurface.SHELL.hasHostFiles());
        assertTrue(HostSurface.PI.hasHostFiles());
        assertThrows(IllegalStateException.class, HostSurface.CODEX_APP::filesName);
    }

    @Test
    void runtimeProfilesAreUnchanged() {
        assertEquals(
                List.of("codex_app_heartbeat", "codex_cli", "claude_code", "generic_cli", "generic_cli", "generic_cli"),
                List.of(HostSurface.values()).stream()
                        .map(s -> s.runtimeProfile().wire())
                        .toList());
    }
}
