package dev.loopx.host.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.host.surface.HostSurface;
import dev.loopx.ledger.files.AtomicReplace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The installer's ownership rules on real folders (SPEC §S13). */
class HostFileInstallerTest {
    @TempDir
    Path dir;

    HostLocations at;

    @BeforeEach
    void locations() throws IOException {
        at = new HostLocations(
                dir.resolve("codex"),
                dir.resolve("claude"),
                dir.resolve("opencode"),
                null,
                Files.createDirectories(dir.resolve("project")));
    }

    private List<ManagedFile> files(Set<HostSurface> surfaces) {
        return HostFiles.of(surfaces, at, "loopx", true, new McpLane("g1", "builder", false)).stream()
                .filter(f -> !f.retired())
                .toList();
    }

    private static List<FileStatus> statuses(List<FileResult> results) {
        return results.stream().map(FileResult::status).toList();
    }

    @Test
    void everyInstalledFileCarriesTheMarkerForItsCommandAndSurface() throws IOException {
        List<ManagedFile> all = files(EnumSet.allOf(HostSurface.class));
        HostFileInstaller.install(all, false);
        for (ManagedFile f : all) {
            String text = Files.readString(f.target());
            assertTrue(text.contains(ManagedMarker.of(f.name(), f.surface())), f.relativePath());
            assertTrue(ManagedMarker.isManaged(text), f.relativePath());
        }
        ManagedFile ts = all.stream()
                .filter(f -> f.relativePath().endsWith("loopx-goal.ts"))
                .findFirst()
                .orElseThrow();
        assertTrue(Files.readString(ts.target())
                .startsWith("// <!-- loopx-managed-slash-command:v1 command=loopx-goal surface=pi -->\n"));
        assertTrue(
                Files.readString(ts.target()).endsWith(HostFiles.resource(HostFiles.PI_EXTENSION)),
                "the resource is copied after the marker line");
    }

    @Test
    void secondInstallIsUnchanged_andLeavesNoTemporaryFiles() throws IOException {
        List<ManagedFile> all = files(EnumSet.allOf(HostSurface.class));
        assertTrue(statuses(HostFileInstaller.install(all, false)).stream().allMatch(s -> s == FileStatus.CREATED));
        assertTrue(statuses(HostFileInstaller.install(all, false)).stream().allMatch(s -> s == FileStatus.UNCHANGED));
        try (Stream<Path> walk = Files.walk(dir)) {
            assertFalse(walk.anyMatch(p -> p.getFileName().toString().contains(".loopx-")
                    && p.getFileName().toString().endsWith(AtomicReplace.TEMP_SUFFIX)));
        }
    }

    @Test
    void aManagedFileWithOtherContentIsUpdated_aFileWithoutMarkerIsNeverTouched() throws IOException {
        List<ManagedFile> codex = files(EnumSet.of(HostSurface.OPENCODE)).subList(0, 2);
        HostFileInstaller.install(codex, false);
        Path summary = codex.get(1).target();
        Files.writeString(summary, ManagedMarker.of("loopx-global-summary", HostSurface.OPENCODE) + "\nold text\n");
        Path first = codex.get(0).target();
        Files.writeString(first, "my own /loopx prompt\n");
        List<FileResult> again = HostFileInstaller.install(codex, false);
        assertEquals(FileStatus.SKIPPED_USER_FILE, again.get(0).status());
        assertEquals(FileStatus.UPDATED, again.get(1).status());
        assertEquals("my own /loopx prompt\n", Files.readString(first));
        assertEquals(codex.get(1).content(), Files.readString(summary));
        assertEquals(
                FileStatus.SKIPPED_USER_FILE,
                HostFileInstaller.uninstall(codex, false).get(0).status());
        assertTrue(Files.exists(first));
        assertFalse(Files.exists(summary));
    }

    @Test
    void aUserOwnedHalfOfThePiPairBlocksBothFiles() throws IOException {
        List<ManagedFile> pi = files(EnumSet.of(HostSurface.PI));
        Path runtime = pi.get(1).target();
        Files.createDirectories(runtime.getParent());
        Files.writeString(runtime, "// my runtime\n");
        List<FileResult> results = HostFileInstaller.install(pi, false);
        assertEquals(
                List.of(FileStatus.BLOCKED_USER_OWNED_PI_FILE, FileStatus.BLOCKED_USER_OWNED_PI_FILE),
                statuses(results));
        assertFalse(Files.exists(pi.get(0).target()), "nothing of the pair is written");
        assertEquals("// my runtime\n", Files.readString(runtime));
    }

    @Test
    void aSymbolicLinkIsTheUsers() throws IOException {
        List<ManagedFile> codex = files(EnumSet.of(HostSurface.CODEX_CLI));
        Path target = codex.get(0).target();
        Files.createDirectories(target.getParent());
        Path elsewhere =
                Files.writeString(dir.resolve("elsewhere.md"), ManagedMarker.of("loopx", HostSurface.CODEX_CLI) + "\n");
        Files.createSymbolicLink(target, elsewhere);
        assertEquals(
                FileStatus.SKIPPED_USER_FILE,
                HostFileInstaller.install(codex, false).get(0).status());
        assertEquals(
                FileStatus.SKIPPED_USER_FILE,
                HostFileInstaller.uninstall(codex, false).get(0).status());
        assertTrue(Files.isSymbolicLink(target));
    }

    @Test
    void theMcpRegistrationIsJsonWithTheMarkerAsAKey() throws IOException {
        String json = HostFiles.mcpRegistration("loopx", new McpLane(null, null, true));
        var doc = dev.loopx.ledger.json.Json.mapper().readTree(json);
        assertEquals(
                ManagedMarker.of("loopx-mcp", HostSurface.CLAUDE_CODE),
                doc.path(ManagedMarker.JSON_KEY).asText());
        assertEquals("loopx", doc.at("/mcpServers/loopx/command").asText());
        assertEquals("[\"mcp\",\"serve\"]", doc.at("/mcpServers/loopx/args").toString());
        var bound = dev.loopx.ledger.json.Json.mapper()
                .readTree(HostFiles.mcpRegistration("loopx", new McpLane("g1", "builder", false)));
        assertEquals(
                "[\"mcp\",\"serve\",\"--goal-id\",\"g1\",\"--agent-id\",\"builder\"]",
                bound.at("/mcpServers/loopx/args").toString());
    }

    @Test
    void aRetiredFileIsRemovedWhileManaged_keptWhenTheUsers_andUnreportedWhenAbsent() throws IOException {
        List<ManagedFile> pi = HostFiles.of(EnumSet.of(HostSurface.PI), at, "loopx", true);
        ManagedFile retired =
                pi.stream().filter(ManagedFile::retired).findFirst().orElseThrow();
        assertEquals(".pi/extensions/pi-goal-loop-runtime.mjs", retired.relativePath());
        assertEquals(2, HostFileInstaller.install(pi, false).size(), "absent: not reported");
        Files.writeString(
                retired.target(), "// " + ManagedMarker.of("pi-goal-loop-runtime", HostSurface.PI) + "\nold\n");
        List<FileResult> upgrade = HostFileInstaller.install(pi, false);
        assertEquals(List.of(FileStatus.UNCHANGED, FileStatus.UNCHANGED, FileStatus.REMOVED), statuses(upgrade));
        assertFalse(Files.exists(retired.target()));
        Files.writeString(retired.target(), "// my own file\n");
        assertEquals(
                FileStatus.SKIPPED_USER_FILE,
                HostFileInstaller.install(pi, false).get(2).status());
        assertEquals(
                FileStatus.SKIPPED_USER_FILE,
                HostFileInstaller.uninstall(pi, false).get(2).status());
        assertTrue(Files.exists(retired.target()));
    }
}
