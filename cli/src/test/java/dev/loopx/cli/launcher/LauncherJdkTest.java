package dev.loopx.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's JDK selection when no JDK is new enough (src/dist/bin/loopx-jdk.sh, run by
 * {@code sh}): each JDK it looked at is named once however it was reached (JAVA_HOME, a link to
 * it, the same folder again), and the install it suggests exists on that system (Debian 12 has no
 * {@code openjdk-21-jdk-headless}).
 */
class LauncherJdkTest {
    private static final Path SCRIPT = Path.of("src", "dist", "bin", "loopx-jdk.sh");

    @TempDir
    Path sandbox;

    private Path fakeJdk17() throws IOException {
        Path home = Files.createDirectories(sandbox.resolve("jdk-17/bin"));
        Path java = home.resolve("java");
        Files.writeString(java, "#!/bin/sh\nexit 0\n");
        assertTrue(java.toFile().setExecutable(true));
        Files.writeString(sandbox.resolve("jdk-17/release"), "JAVA_VERSION=\"17.0.9\"\n");
        Files.createSymbolicLink(sandbox.resolve("default-java"), sandbox.resolve("jdk-17"));
        return sandbox.resolve("jdk-17");
    }

    private String sh(String script, String osRelease) throws IOException, InterruptedException {
        Path release = sandbox.resolve("os-release");
        Files.writeString(release, osRelease);
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", ". " + SCRIPT.toAbsolutePath() + "; " + script)
                .redirectErrorStream(true);
        pb.environment().put("LOOPX_OS_RELEASE", release.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return out;
    }

    @Test
    void aJdkReachedThreeWays_isNamedOnce() throws Exception {
        Path jdk = fakeJdk17();
        String out = sh(
                "loopx_tried=; loopx_tried_homes=; loopx_try_jdk " + sandbox.resolve("default-java")
                        + "; loopx_try_jdk " + jdk + "; loopx_try_jdk " + jdk + "/; printf '%s' \"$loopx_tried\"",
                "ID=debian\nVERSION_ID=\"12\"\n");
        assertEquals(1, out.split("Java 17", -1).length - 1, out);
        assertTrue(out.contains(jdk.toRealPath().toString()), out);
    }

    @Test
    void theSuggestedInstallExistsOnThatSystem() throws Exception {
        String debian12 = sh(
                "loopx_install_suggestion",
                "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\nVERSION_ID=\"12\"\n");
        assertFalse(debian12.contains("openjdk-21-jdk-headless"), debian12);
        assertTrue(debian12.contains("temurin-21-jdk"), debian12);
        String ubuntu = sh("loopx_install_suggestion", "ID=ubuntu\nVERSION_ID=\"24.04\"\n");
        assertTrue(ubuntu.contains("openjdk-21-jdk-headless"), ubuntu);
        String fedora = sh("loopx_install_suggestion", "ID=fedora\nVERSION_ID=40\n");
        assertTrue(fedora.contains("dnf install java-21-openjdk-headless"), fedora);
    }
}
