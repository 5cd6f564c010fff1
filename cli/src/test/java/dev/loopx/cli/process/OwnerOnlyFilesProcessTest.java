package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything under a runtime root is owner-only (folders 0700, files 0600) whatever the umask:
 * real processes started under {@code umask 000} create the root, write, read and rebuild; an
 * existing 0755 root given to {@code connect} is tightened.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class OwnerOnlyFilesProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    @Test
    void underUmask000EveryFileOfTheRuntimeRootIsOwnerOnly() throws IOException {
        try (ChildCli.Launcher cli = new ChildCli.Launcher(temp).umask("000")) {
            Path project = Files.createDirectories(cli.workDir().resolve("p"));
            Path root = project.resolve(".loopx");
            Path existing = Files.createDirectories(cli.workDir().resolve("q/.loopx"));
            Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rwxr-xr-x"));
            String r = root.toString();
            cli.run(TIMEOUT, "connect", "--project", project.toString(), "--goal-id", "g")
                    .assertExit(0, TIMEOUT);
            cli.run(TIMEOUT, "--runtime-root", r, "register-agent", "--goal-id", "g", "--agent-id", "a", "--execute")
                    .assertExit(0, TIMEOUT);
            cli.run(TIMEOUT, "--runtime-root", r, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "t")
                    .assertExit(0, TIMEOUT);
            cli.run(TIMEOUT, "--runtime-root", r, "status", "--goal-id", "g").assertExit(0, TIMEOUT);
            cli.run(TIMEOUT, "--runtime-root", r, "projections", "rebuild").assertExit(0, TIMEOUT);
            cli.run(
                            TIMEOUT,
                            "connect",
                            "--project",
                            existing.getParent().toString(),
                            "--goal-id",
                            "g2",
                            "--runtime-root",
                            existing.toString())
                    .assertExit(0, TIMEOUT);
            for (Path checked : List.of(root, existing)) {
                Map<String, String> modes = modes(checked);
                assertTrue(modes.containsKey("ledger/19700101F.cq4") || checked == existing, modes.toString());
                modes.forEach((name, mode) -> assertEquals(
                        name.endsWith("/") ? "rwx------" : "rw-------",
                        mode,
                        checked.getFileName() + ": " + name + " in " + modes));
            }
        }
    }

    private static Map<String, String> modes(Path root) throws IOException {
        Map<String, String> modes = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.toList()) {
                if (Files.isSymbolicLink(p)) {
                    continue;
                }
                String name = root.relativize(p) + (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "/" : "");
                modes.put(
                        name,
                        PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS)));
            }
        }
        return modes;
    }
}
