package dev.loopx.ledger.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real files on the local file system: what {@link AtomicReplace} writes, keeps and refuses. */
class AtomicReplaceTest {
    private static final byte[] OLD = "old bytes\n".getBytes(StandardCharsets.UTF_8);
    private static final byte[] NEW = "new bytes\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void aRegularFileIsReplacedWhole_andNoTempFileRemains() throws IOException {
        Path file = Files.write(
                dir.resolve("state.json"),
                "a much longer old content than the new one\n".getBytes(StandardCharsets.UTF_8));
        AtomicReplace.keepingMode().replace(file, NEW);
        assertArrayEquals(NEW, Files.readAllBytes(file));
        assertEquals(List.of("state.json"), names(dir));
    }

    @Test
    void aMissingFileIsCreated() throws IOException {
        Path file = dir.resolve("new.json");
        AtomicReplace.privateFile().replace(file, NEW);
        assertArrayEquals(NEW, Files.readAllBytes(file));
        assertEquals(List.of("new.json"), names(dir));
    }

    @Test
    void aPrivateFileIs0600_evenWhenTheFileItReplacesWasWider() throws IOException {
        assertEquals("rw-------", modeAfterReplacing(AtomicReplace.privateFile(), "rw-r--r--"));
        assertEquals("rw-------", modeAfterReplacing(AtomicReplace.privateFile(), null));
    }

    @Test
    void keepingMode_keepsTheReplacedFilesMode_andANewFileIs0600() throws IOException {
        assertEquals("rw-r-----", modeAfterReplacing(AtomicReplace.keepingMode(), "rw-r-----"));
        assertEquals("rw-------", modeAfterReplacing(AtomicReplace.keepingMode(), null));
    }

    @Test
    void withMode_givesExactlyThatMode() throws IOException {
        assertEquals("rwxr-xr-x", modeAfterReplacing(AtomicReplace.withMode("rwxr-xr-x"), "rw-------"));
        assertEquals("rw-r--r--", modeAfterReplacing(AtomicReplace.withMode("rw-r--r--"), null));
    }

    @Test
    void aSymbolicLinkIsRefused_andNeitherTheLinkNorWhatItPointsToChanges() throws IOException {
        Path real = Files.write(dir.resolve("real.json"), OLD);
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), real.getFileName());
        NotARegularFileException refused = assertThrows(
                NotARegularFileException.class,
                () -> AtomicReplace.privateFile().replace(link, NEW));
        assertSame(NotARegularFileException.Found.SYMBOLIC_LINK, refused.found());
        assertEquals("not_a_regular_file", refused.errorCode());
        assertTrue(Files.isSymbolicLink(link), "the link is still a link");
        assertEquals(real.getFileName(), Files.readSymbolicLink(link));
        assertArrayEquals(OLD, Files.readAllBytes(real), "what it points to is untouched");
        assertEquals(List.of("link.json", "real.json"), names(dir), "no temp file left");
    }

    @Test
    void aDanglingSymbolicLinkIsRefused_andWhatItNamesIsNotCreated() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), Path.of("elsewhere.json"));
        assertThrows(
                NotARegularFileException.class,
                () -> AtomicReplace.keepingMode().replace(link, NEW));
        assertFalse(Files.exists(dir.resolve("elsewhere.json")));
        assertEquals(List.of("link.json"), names(dir));
    }

    @Test
    void aFolderIsRefused_andKeepsItsContent() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("ledger.head"));
        Files.write(folder.resolve("inside"), OLD);
        NotARegularFileException refused = assertThrows(
                NotARegularFileException.class,
                () -> AtomicReplace.privateFile().replace(folder, NEW));
        assertSame(NotARegularFileException.Found.DIRECTORY, refused.found());
        assertTrue(Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS));
        assertArrayEquals(OLD, Files.readAllBytes(folder.resolve("inside")));
        assertEquals(List.of("ledger.head"), names(dir));
    }

    @Test
    void aFifoIsRefused_withoutOpeningIt() throws Exception {
        Path fifo = dir.resolve("pipe");
        // coreutils' mkfifo is on every machine this runs on; without it the test fails, it never skips.
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor(), "mkfifo could not make the fifo this test needs");
        NotARegularFileException refused = assertThrows(
                NotARegularFileException.class,
                () -> AtomicReplace.privateFile().replace(fifo, NEW));
        assertSame(NotARegularFileException.Found.OTHER, refused.found());
        assertTrue(
                Files.exists(fifo, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS));
        assertEquals(List.of("pipe"), names(dir));
    }

    @Test
    void aFailingWriteDeletesItsTempFile_andLeavesTheTargetAsItWas() throws IOException {
        Path file = Files.write(dir.resolve("export.jsonl"), OLD);
        IOException failure = assertThrows(
                IOException.class,
                () -> AtomicReplace.privateFile().replace(file, out -> {
                    out.write("half of the new".getBytes(StandardCharsets.UTF_8));
                    throw new IOException("disk full");
                }));
        assertEquals("disk full", failure.getMessage());
        assertArrayEquals(OLD, Files.readAllBytes(file));
        assertEquals(List.of("export.jsonl"), names(dir));
    }

    @Test
    void streamedContent_isWrittenAndItsResultReturned() throws IOException {
        Path file = dir.resolve("export.jsonl");
        long lines = AtomicReplace.privateFile().replace(file, out -> {
            out.write("{\"seq\":1}\n{\"seq\":2}\n".getBytes(StandardCharsets.UTF_8));
            out.close(); // closing the stream early is allowed
            return 2L;
        });
        assertEquals(2L, lines);
        assertEquals("{\"seq\":1}\n{\"seq\":2}\n", Files.readString(file));
    }

    @Test
    void missingFolders_areCreated0700_onlyWhenAsked() throws IOException {
        Path existing = Files.createDirectory(dir.resolve("project"));
        Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path file = existing.resolve(".loopx").resolve("private").resolve("plan.json");
        assertThrows(
                NoSuchFileException.class, () -> AtomicReplace.privateFile().replace(file, NEW));
        assertFalse(Files.exists(existing.resolve(".loopx")), "nothing is created without creatingPrivateFolders");
        AtomicReplace.privateFile().creatingPrivateFolders().replace(file, NEW);
        assertArrayEquals(NEW, Files.readAllBytes(file));
        assertEquals("rwx------", mode(existing.resolve(".loopx")));
        assertEquals("rwx------", mode(existing.resolve(".loopx").resolve("private")));
        assertEquals("rwxr-xr-x", mode(existing), "an existing folder is left alone");
    }

    @Test
    void strayTempFilesOfOneTarget_areRemoved_othersAreNot() throws IOException {
        Path file = Files.write(dir.resolve("automation.toml"), OLD);
        Files.write(dir.resolve(AtomicReplace.tempPrefix(file) + "123" + AtomicReplace.TEMP_SUFFIX), OLD);
        Files.write(
                dir.resolve(AtomicReplace.tempPrefix(dir.resolve("other.toml")) + "123" + AtomicReplace.TEMP_SUFFIX),
                OLD);
        Files.write(dir.resolve("notes.tmp"), OLD);
        assertEquals(".automation.toml.loopx-", AtomicReplace.tempPrefix(file));
        assertEquals(1, AtomicReplace.removeStrayTemps(file));
        assertEquals(List.of(".other.toml.loopx-123.tmp", "automation.toml", "notes.tmp"), names(dir));
        assertEquals(0, AtomicReplace.removeStrayTemps(dir.resolve("missing").resolve("x")));
    }

    /** Replaces a file of {@code oldMode} (none when null) and returns the new file's mode. */
    private String modeAfterReplacing(AtomicReplace how, String oldMode) throws IOException {
        Path file = dir.resolve("file-" + System.nanoTime());
        if (oldMode != null) {
            Files.write(file, OLD);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(oldMode));
        }
        how.replace(file, NEW);
        assertArrayEquals(NEW, Files.readAllBytes(file));
        return mode(file);
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
