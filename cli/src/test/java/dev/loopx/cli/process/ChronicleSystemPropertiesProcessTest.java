package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * chronicle-core loads {@code ./system.properties} (or {@code ../system.properties}) from the
 * working directory into the JVM's system properties unless {@code -Dsystem.properties} names
 * another file, and {@code chronicle.postinit.runnable} there names a class it instantiates and
 * runs. A host runs loopx inside the user's project, which may well hold such a file: a write must
 * not read it (conf/jvm-common.args points Chronicle at an empty file in the ledger jar).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ChronicleSystemPropertiesProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @TempDir
    Path temp;

    private ChildCli.Launcher cli;

    @AfterEach
    void tearDown() {
        if (cli != null) {
            cli.close();
        }
    }

    @Test
    void aWriteIgnoresSystemPropertiesInTheWorkingDirectory() throws Exception {
        cli = new ChildCli.Launcher(temp);
        Path project = Files.createDirectories(cli.workDir().resolve("app"));
        Files.writeString(
                cli.workDir().resolve("system.properties"),
                "chronicle.postinit.runnable=" + WorkingDirectoryMarker.class.getName() + "\n");
        cli.run(TIMEOUT, "connect", "--project", project.toString(), "--goal-id", "demo-goal")
                .assertExit(0, TIMEOUT);
        ChildCli add = cli.run(
                TIMEOUT,
                "--runtime-root",
                project.resolve(".loopx").toString(),
                "todo",
                "add",
                "--goal-id",
                "demo-goal",
                "--role",
                "agent",
                "--text",
                "first");
        add.assertExit(0, TIMEOUT);
        assertEquals(1, add.singleJsonDocument().at("/receipt/appended").asInt(), add.describe());
        assertFalse(
                Files.exists(cli.workDir().resolve("marker-ran")),
                "Chronicle ran a class named by ./system.properties");
    }
}
