package dev.loopx.host.update;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive reader of {@code update apply}: plain content in, nothing outside the folder, ever. */
class TarGzExtractorTest {
    @TempDir
    Path dir;

    @Test
    void plainFilesFoldersModesGnuLongNamesAndPaxPathsAreExtracted() throws Exception {
        String longName = "lib/" + "x".repeat(120) + ".jar";
        Tar tar = new Tar()
                .dir("./bin/")
                .file("./bin/loopx", 0755, "#!/bin/sh\n")
                .gnuLongName(longName)
                .file("ignored-short-name", 0644, "long")
                .pax("conf/from-pax.args")
                .file("ignored", 0644, "pax");
        Path into = Files.createDirectories(dir.resolve("out"));
        List<TarGzExtractor.Entry> entries = TarGzExtractor.extract(tar.write(dir.resolve("a.tar.gz")), into);
        assertEquals(
                List.of("bin", "bin/loopx", longName, "conf/from-pax.args"),
                entries.stream().map(TarGzExtractor.Entry::name).toList());
        assertEquals("#!/bin/sh\n", Files.readString(into.resolve("bin/loopx")));
        assertTrue(Files.isExecutable(into.resolve("bin/loopx")));
        assertEquals("long", Files.readString(into.resolve(longName)));
        assertEquals("pax", Files.readString(into.resolve("conf/from-pax.args")));
    }

    @Test
    void entriesThatWouldLandOutsideTheFolderAreRefusedAndNothingIsWrittenOutside() throws Exception {
        for (String name : List.of("../evil", "bin/../../evil", "/etc/evil", "a\\..\\evil")) {
            Path into = Files.createDirectories(dir.resolve("out-" + Math.abs(name.hashCode())));
            Path archive = new Tar().file(name, 0644, "x").write(dir.resolve(Math.abs(name.hashCode()) + ".tar.gz"));
            DistributionException e =
                    assertThrows(DistributionException.class, () -> TarGzExtractor.extract(archive, into));
            assertEquals("unsafe_archive_entry", e.code(), name);
        }
        assertTrue(Files.notExists(dir.resolve("evil")));
    }

    @Test
    void linksAndDuplicatesAreRefused() throws Exception {
        Path symlink = new Tar().entry("bin/loopx", '2', 0777, new byte[0]).write(dir.resolve("s.tar.gz"));
        Path hardlink = new Tar().entry("bin/loopx", '1', 0644, new byte[0]).write(dir.resolve("h.tar.gz"));
        Path twice = new Tar().file("a", 0644, "1").file("./a", 0644, "2").write(dir.resolve("d.tar.gz"));
        for (Path archive : List.of(symlink, hardlink, twice)) {
            Path into = Files.createDirectories(dir.resolve("out-" + archive.getFileName()));
            assertEquals(
                    "unsafe_archive_entry",
                    assertThrows(DistributionException.class, () -> TarGzExtractor.extract(archive, into))
                            .code());
        }
    }

    @Test
    void aTruncatedStreamABadChecksumOrNoGzipIsCorrupt() throws Exception {
        byte[] whole =
                Files.readAllBytes(new Tar().file("a", 0644, "x".repeat(5000)).write(dir.resolve("w.tar.gz")));
        Path truncated = Files.write(dir.resolve("t.tar.gz"), Arrays.copyOf(whole, whole.length / 2));
        Tar damaged = new Tar().file("a", 0644, "x");
        damaged.blocks.toByteArray();
        byte[] raw = damaged.blocks.toByteArray();
        raw[10] ^= 1; // the name changes, the stored checksum does not
        Path badChecksum = gzip(dir.resolve("c.tar.gz"), raw);
        Path notGzip = Files.writeString(dir.resolve("n.tar.gz"), "plain text");
        for (Path archive : List.of(truncated, badChecksum, notGzip)) {
            Path into = Files.createDirectories(dir.resolve("out-" + archive.getFileName()));
            assertEquals(
                    "corrupt_archive",
                    assertThrows(DistributionException.class, () -> TarGzExtractor.extract(archive, into))
                            .code(),
                    archive.getFileName().toString());
        }
    }

    @Test
    void unpackRemovesItsFolderWhenTheArchiveIsNotADistribution() throws Exception {
        RuntimeInstaller installer = new RuntimeInstaller(dir.resolve("home"));
        Path archive = new Tar().file("bin/loopx", 0755, "#!/bin/sh\n").write(dir.resolve("i.tar.gz"));
        assertEquals(
                "incomplete_distribution",
                assertThrows(DistributionException.class, () -> installer.unpack(archive))
                        .code());
        try (Stream<Path> left = Files.list(installer.runtimes())) {
            assertEquals(0, left.count(), "no incoming folder left behind");
        }
    }

    @Test
    void activateSwitchesCurrentAtomicallyAndTheLauncherRespectsAUserFile() throws Exception {
        RuntimeInstaller installer = new RuntimeInstaller(dir.resolve("home"));
        Files.createDirectories(installer.runtimes().resolve("1.0-aaaaaaaaaaaa"));
        Files.createDirectories(installer.runtimes().resolve("2.0-bbbbbbbbbbbb"));
        installer.activate("1.0-aaaaaaaaaaaa");
        installer.activate("2.0-bbbbbbbbbbbb");
        assertEquals("2.0-bbbbbbbbbbbb", installer.current().orElseThrow());
        assertEquals(
                "runtime_missing",
                assertThrows(DistributionException.class, () -> installer.activate("3.0-x"))
                        .code());
        RuntimeInstaller foreign = new RuntimeInstaller(dir.resolve("foreign-home"));
        Files.createDirectories(foreign.runtimes().resolve("1.0-aaaaaaaaaaaa"));
        Files.createDirectories(foreign.currentLink());
        assertEquals(
                "current_not_a_link",
                assertThrows(DistributionException.class, () -> foreign.activate("1.0-aaaaaaaaaaaa"))
                        .code());
        assertTrue(Files.isDirectory(foreign.currentLink()), "a real current folder is left alone");
        assertEquals("written", installer.writeLauncher());
        assertEquals("unchanged", installer.writeLauncher());
        Files.writeString(installer.launcher(), "#!/bin/sh\necho mine\n");
        assertEquals("user_owned_kept", installer.writeLauncher());
        assertArrayEquals(
                "#!/bin/sh\necho mine\n".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(installer.launcher()));
    }

    private static Path gzip(Path target, byte[] tar) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(tar);
        }
        return Files.write(target, bytes.toByteArray());
    }

    /** A tiny ustar writer for test archives (including the malformed ones a real tar refuses to make). */
    static final class Tar {
        final ByteArrayOutputStream blocks = new ByteArrayOutputStream();

        Tar dir(String name) {
            return entry(name, '5', 0755, new byte[0]);
        }

        Tar file(String name, int mode, String content) {
            return entry(name, '0', mode, content.getBytes(StandardCharsets.UTF_8));
        }

        Tar gnuLongName(String name) {
            return entry("././@LongLink", 'L', 0644, (name + "\0").getBytes(StandardCharsets.UTF_8));
        }

        Tar pax(String path) {
            String body = "path=" + path + "\n";
            int len = body.length() + 3;
            len = body.length() + String.valueOf(len).length() + 1;
            return entry("PaxHeaders/x", 'x', 0644, (len + " " + body).getBytes(StandardCharsets.UTF_8));
        }

        Tar entry(String name, char type, int mode, byte[] content) {
            byte[] h = new byte[512];
            byte[] n = name.getBytes(StandardCharsets.UTF_8);
            System.arraycopy(n, 0, h, 0, Math.min(n.length, 100));
            octal(h, 100, 8, mode);
            octal(h, 108, 8, 0);
            octal(h, 116, 8, 0);
            octal(h, 124, 12, content.length);
            octal(h, 136, 12, 0);
            h[156] = (byte) type;
            System.arraycopy("ustar\u000000".getBytes(StandardCharsets.US_ASCII), 0, h, 257, 8);
            Arrays.fill(h, 148, 156, (byte) ' ');
            int sum = 0;
            for (byte b : h) {
                sum += b & 0xff;
            }
            octal(h, 148, 7, sum);
            blocks.writeBytes(h);
            blocks.writeBytes(content);
            blocks.writeBytes(new byte[(512 - content.length % 512) % 512]);
            return this;
        }

        Path write(Path target) throws IOException {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            all.writeBytes(blocks.toByteArray());
            all.writeBytes(new byte[1024]);
            return gzip(target, all.toByteArray());
        }

        private static void octal(byte[] h, int off, int len, long value) {
            String s = String.format("%0" + (len - 1) + "o", value);
            System.arraycopy(s.getBytes(StandardCharsets.US_ASCII), 0, h, off, len - 1);
            h[off + len - 1] = 0;
        }
    }
}
