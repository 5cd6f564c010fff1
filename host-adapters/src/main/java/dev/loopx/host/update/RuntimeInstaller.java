package dev.loopx.host.update;

import dev.loopx.ledger.files.AtomicReplace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The runtimes installed under one LoopX home (SPEC §S12 {@code update apply}):
 * <pre>
 * &lt;loopx-home&gt;/runtimes/&lt;version&gt;-&lt;sha12&gt;/   one unpacked distribution each (bin/, conf/, lib/, native/)
 * &lt;loopx-home&gt;/current -&gt; runtimes/&lt;id&gt;          the active one (a symbolic link, switched by one rename)
 * &lt;loopx-home&gt;/bin/loopx                        a managed launcher that runs current/bin/loopx
 * </pre>
 * A distribution is unpacked into a hidden {@code runtimes/.incoming-*} folder, checked, and only
 * then renamed to its final name, so a failed or interrupted install never changes
 * {@code current}. Earlier runtimes are kept (switching back is one {@link #activate}). Not
 * thread-safe; the caller runs one install at a time.
 */
public final class RuntimeInstaller {
    /** The first line after the shebang of the managed launcher; a launcher without it is the user's. */
    public static final String LAUNCHER_MARKER = "# loopx-managed-launcher v1";
    /** Files every distribution has; {@code lib/loopx-cli-*.jar} is checked separately. */
    static final List<String> REQUIRED =
            List.of("bin/loopx", "bin/loopx-jdk.sh", "conf/jvm-common.args", "conf/jvm-startup.args");

    private static final Pattern VERSION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]{0,63}");
    private static final String INCOMING = ".incoming-";

    private final Path home;

    public RuntimeInstaller(Path loopxHome) {
        this.home = loopxHome.toAbsolutePath().normalize();
    }

    public Path runtimes() {
        return home.resolve("runtimes");
    }

    public Path currentLink() {
        return home.resolve("current");
    }

    public Path launcher() {
        return home.resolve("bin").resolve("loopx");
    }

    /** The runtime folder name for a version and archive digest, e.g. {@code 0.2.0-1a2b3c4d5e6f}. */
    public static String runtimeId(String version, String archiveSha256) throws DistributionException {
        if (!VERSION.matcher(version).matches()) {
            throw new DistributionException(
                    "runtime_start_failed", "the new runtime reported a version that is not a plain version string");
        }
        return version + "-" + archiveSha256.substring(0, 12);
    }

    /**
     * Unpacks {@code archive} into a fresh hidden folder under {@link #runtimes()} and checks that
     * it is a complete distribution. Returns the distribution's root (the folder itself, or its one
     * top-level folder). On any failure the folder is removed and nothing else changed.
     */
    public Path unpack(Path archive) throws IOException, DistributionException {
        Files.createDirectories(runtimes());
        Path incoming = Files.createTempDirectory(runtimes(), INCOMING);
        try {
            TarGzExtractor.extract(archive, incoming);
            Path root = distributionRoot(incoming);
            checkLayout(root);
            return root;
        } catch (IOException | DistributionException | RuntimeException e) {
            deleteTree(incoming);
            throw e;
        }
    }

    /**
     * Moves an unpacked distribution to {@code runtimes/<id>}. When that folder exists already (the
     * same archive installed before) the existing one is kept and the new copy removed.
     */
    public Path place(Path unpackedRoot, String id) throws IOException {
        Path target = runtimes().resolve(id);
        Path incoming = incomingFolder(unpackedRoot);
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            deleteTree(incoming);
            return target;
        }
        Files.move(unpackedRoot, target, StandardCopyOption.ATOMIC_MOVE);
        if (!incoming.equals(unpackedRoot)) {
            deleteTree(incoming);
        }
        fsyncDirectory(runtimes());
        return target;
    }

    /** Removes an unpacked (or placed) distribution that will not be installed (or did not become current). */
    public void discard(Path unpackedRoot) throws IOException {
        deleteTree(incomingFolder(unpackedRoot));
    }

    /** The id {@code current} points at, if it is a link into {@link #runtimes()}. */
    public Optional<String> current() throws IOException {
        Path link = currentLink();
        if (!Files.isSymbolicLink(link)) {
            return Optional.empty();
        }
        Path target = Files.readSymbolicLink(link);
        return Optional.of(target.getFileName().toString());
    }

    /**
     * Points {@code current} at {@code runtimes/<id>} with one atomic rename of a new link over
     * the old one. Refuses to replace a {@code current} that is a real folder or file.
     */
    public void activate(String id) throws IOException, DistributionException {
        if (!Files.isDirectory(runtimes().resolve(id), LinkOption.NOFOLLOW_LINKS)) {
            throw new DistributionException("runtime_missing", "runtime " + id + " is not installed");
        }
        Path link = currentLink();
        if (Files.exists(link, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(link)) {
            throw new DistributionException(
                    "current_not_a_link",
                    "the LoopX home's current entry is not a link made by update apply; move it away first");
        }
        Path tmp = home.resolve(".current-" + id + "-" + ProcessHandle.current().pid());
        Files.deleteIfExists(tmp);
        Files.createSymbolicLink(tmp, Path.of("runtimes", id));
        try {
            Files.move(tmp, link, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        fsyncDirectory(home);
    }

    /**
     * Writes the managed launcher {@code bin/loopx} (0755) when it is missing or managed; a file
     * there without {@link #LAUNCHER_MARKER} is the user's and is left alone.
     *
     * @return {@code written}, {@code unchanged} or {@code user_owned_kept}
     */
    public String writeLauncher() throws IOException {
        Path target = launcher();
        byte[] text = launcherText().getBytes(StandardCharsets.UTF_8);
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            byte[] existing = Files.readAllBytes(target);
            if (Arrays.equals(existing, text)) {
                return "unchanged";
            }
            if (!new String(existing, StandardCharsets.UTF_8).contains(LAUNCHER_MARKER)) {
                return "user_owned_kept";
            }
        }
        Files.createDirectories(target.getParent());
        AtomicReplace.withMode("rwxr-xr-x").replace(target, text);
        return "written";
    }

    static String launcherText() {
        return "#!/bin/sh\n"
                + LAUNCHER_MARKER
                + " (written by loopx update apply; runs the runtime <loopx-home>/current points at)\n"
                + "home=$(dirname \"$(dirname \"$(readlink -f \"$0\")\")\")\n"
                + "if [ ! -x \"$home/current/bin/loopx\" ]; then\n"
                + "  echo \"loopx: no active runtime under the LoopX home (run loopx update apply --archive DIST)\" >&2\n"
                + "  exit 3\n"
                + "fi\n"
                + "exec \"$home/current/bin/loopx\" \"$@\"\n";
    }

    /** Lower-case hex SHA-256 of a file's bytes, streamed. */
    public static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static Path distributionRoot(Path incoming) throws IOException {
        if (Files.exists(incoming.resolve("bin/loopx"))) {
            return incoming;
        }
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(incoming)) {
            ds.forEach(children::add);
        }
        if (children.size() == 1 && Files.isDirectory(children.get(0), LinkOption.NOFOLLOW_LINKS)) {
            return children.get(0);
        }
        return incoming;
    }

    private static void checkLayout(Path root) throws IOException, DistributionException {
        for (String file : REQUIRED) {
            if (!Files.isRegularFile(root.resolve(file), LinkOption.NOFOLLOW_LINKS)) {
                throw new DistributionException(
                        "incomplete_distribution", "the archive is not a LoopX distribution: " + file + " is missing");
            }
        }
        if (!Files.isExecutable(root.resolve("bin/loopx"))) {
            throw new DistributionException("incomplete_distribution", "bin/loopx in the archive is not executable");
        }
        try (Stream<Path> lib = Files.list(root.resolve("lib"))) {
            if (lib.noneMatch(p -> p.getFileName().toString().matches("loopx-cli-.+\\.jar"))) {
                throw new DistributionException(
                        "incomplete_distribution",
                        "the archive is not a LoopX distribution: lib/loopx-cli-*.jar is missing");
            }
        } catch (NoSuchFileException e) {
            throw new DistributionException(
                    "incomplete_distribution", "the archive is not a LoopX distribution: lib/ is missing");
        }
    }

    private Path incomingFolder(Path unpackedRoot) {
        Path rel = runtimes().relativize(unpackedRoot.toAbsolutePath().normalize());
        return runtimes().resolve(rel.getName(0));
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static void fsyncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }
}
