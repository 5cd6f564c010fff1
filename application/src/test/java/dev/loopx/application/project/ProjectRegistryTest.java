package dev.loopx.application.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.LedgerException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** projects.json: private, idempotent, never written through a link, and loud when it is not ours. */
class ProjectRegistryTest {
    @TempDir
    Path sandbox;

    @Test
    void theIndexIsCreatedPrivate_0600InA0700Folder() throws Exception {
        Path home = sandbox.resolve("loopx-home");
        assertTrue(new ProjectRegistry(home).record(sandbox.resolve("p/.loopx"), "p", "p-goal"));

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(home)));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("projects.json"))));
        assertEquals(
                List.of(new ProjectRegistry.Entry(sandbox.resolve("p/.loopx"), "p")),
                new ProjectRegistry(home).entries());
    }

    @Test
    void recordingTheSameGoalAgain_changesNothing_andAnotherGoalIsAdded() throws Exception {
        ProjectRegistry registry = new ProjectRegistry(sandbox);
        Path root = sandbox.resolve("p/.loopx");
        registry.record(root, "p", "g1");
        String once = Files.readString(sandbox.resolve("projects.json"));

        assertFalse(registry.record(root, "p", "g1"));
        assertEquals(once, Files.readString(sandbox.resolve("projects.json")));
        assertFalse(registry.records(root, "g2"));
        assertTrue(registry.record(root, "p", "g2"));
        assertTrue(registry.records(root, "g2"));
        assertEquals(1, registry.entries().size());
    }

    @Test
    void anIndexThatIsASymbolicLink_isNeverWrittenThrough() throws Exception {
        Path target = Files.writeString(sandbox.resolve("elsewhere.json"), "{\"projects\":[]}", StandardCharsets.UTF_8);
        Path home = Files.createDirectories(sandbox.resolve("home"));
        Files.createSymbolicLink(home.resolve("projects.json"), target);

        LedgerException e = assertThrows(
                LedgerException.class, () -> new ProjectRegistry(home).record(sandbox.resolve("p/.loopx"), "p", "g"));

        assertEquals("project_index_unwritable", e.errorCode());
        assertEquals("{\"projects\":[]}", Files.readString(target));
        assertTrue(Files.isSymbolicLink(home.resolve("projects.json")));
    }

    @Test
    void anIndexThatIsNotALoopxIndex_isUnreadable() throws Exception {
        Files.writeString(sandbox.resolve("projects.json"), "[1, 2]", StandardCharsets.UTF_8);

        LedgerException e = assertThrows(LedgerException.class, () -> new ProjectRegistry(sandbox).entries());

        assertEquals("project_index_unreadable", e.errorCode());
    }
}
