package dev.loopx.application.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.host.install.FileResult;
import dev.loopx.host.install.FileStatus;
import dev.loopx.host.surface.HostSurface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The managed host files, on real folders: install writes only when the hosts can run the CLI,
 * installing twice changes nothing, uninstall removes what LoopX wrote; doctor's check sees them.
 */
class InstallSlashCommandsTest {
    @TempDir
    Path sandbox;

    Path project;
    HostEnvironment withCli;
    HostEnvironment withoutCli;

    @BeforeEach
    void setUp() throws Exception {
        project = Files.createDirectories(sandbox.resolve("project"));
        Path bin = Files.createDirectories(sandbox.resolve("bin"));
        Path loopx = Files.writeString(bin.resolve("loopx"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(loopx, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path home = sandbox.resolve("home");
        withCli = new HostEnvironment(Map.of("PATH", bin.toString()), project, home);
        withoutCli = new HostEnvironment(Map.of(), project, home);
    }

    @Test
    void installWritesOnlyWhenTheCliRuns_twiceChangesNothing_uninstallRemoves() throws Exception {
        var blocked = InstallSlashCommands.run(withoutCli, request(InstallSlashCommands.Action.INSTALL));
        assertFalse(blocked.cliAvailable());
        assertFalse(blocked.changed());
        assertTrue(blocked.files().stream().allMatch(f -> f.status() == FileStatus.WOULD_CREATE));
        assertFalse(Files.exists(sandbox.resolve("home/.codex")), "a blocked install writes nothing");

        var installed = InstallSlashCommands.run(withCli, request(InstallSlashCommands.Action.INSTALL));
        assertTrue(installed.cliAvailable());
        assertTrue(installed.changed());
        assertEquals(Map.of("created", installed.files().size()), installed.counts());
        for (FileResult f : installed.files()) {
            assertTrue(Files.isRegularFile(f.file().target()), f.file().relativePath());
        }

        var again = InstallSlashCommands.run(withCli, request(InstallSlashCommands.Action.INSTALL));
        assertFalse(again.changed());
        assertEquals(Map.of("unchanged", again.files().size()), again.counts());

        var removed = InstallSlashCommands.run(withoutCli, request(InstallSlashCommands.Action.UNINSTALL));
        assertTrue(removed.cliAvailable(), "uninstall does not need the CLI");
        assertEquals(Map.of("removed", removed.files().size()), removed.counts());
    }

    @Test
    void doctorCountsLoopxFilesPerSurface_andProbesTheDefaultCli() throws Exception {
        assertEquals(
                new CheckHostFiles.Finding.NoneInstalled(),
                CheckHostFiles.run(withCli, Optional.of(project.resolve(".loopx"))));

        int written = InstallSlashCommands.run(withCli, request(InstallSlashCommands.Action.INSTALL))
                .files()
                .size();

        var found = (CheckHostFiles.Finding.Installed) CheckHostFiles.run(withoutCli, Optional.empty());
        assertEquals(Map.of("codex", written), found.bySurface());
        assertEquals(written, found.current());
        assertEquals(Optional.of(false), found.cliAvailable());
        var withPath = (CheckHostFiles.Finding.Installed) CheckHostFiles.run(withCli, Optional.empty());
        assertEquals(Optional.of(true), withPath.cliAvailable());
    }

    private static InstallSlashCommands.Request request(InstallSlashCommands.Action action) {
        Set<HostSurface> codex = EnumSet.of(HostSurface.CODEX_CLI);
        return new InstallSlashCommands.Request(
                action, codex, HostCliBin.DEFAULT, false, false, new HostHomes.Flags(null, null, null, null, null));
    }
}
