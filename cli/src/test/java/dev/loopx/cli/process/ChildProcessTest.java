package dev.loopx.cli.process;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** Base of the real-process tests: a temporary folder and a launcher whose children die with the test. */
abstract class ChildProcessTest {
    @TempDir
    Path temp;

    ChildCli.Launcher cli;

    @BeforeEach
    void startLauncher() {
        cli = new ChildCli.Launcher(temp);
    }

    @AfterEach
    void killChildren() {
        cli.close();
    }
}
