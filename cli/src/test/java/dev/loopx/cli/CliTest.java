package dev.loopx.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Only the invoked command is built; help and unknown words get every command. */
class CliTest {
    @Test
    void theCommandWordIsFoundAfterGlobalOptionsAndTheirValues() {
        assertEquals(Optional.of("quota"), Cli.invokedCommand(new String[] {"--runtime-root", "x", "--format", "json", "quota", "should-run"}));
        assertEquals(Optional.of("todo"), Cli.invokedCommand(new String[] {"--now=2026-01-01T00:00:00Z", "todo", "--help"}));
        assertEquals(Optional.of("connect"), Cli.invokedCommand(new String[] {"bootstrap", "--project", "."}));
    }

    @Test
    void helpNoCommandAndUnknownWordsRegisterEverything() {
        assertEquals(Optional.empty(), Cli.invokedCommand(new String[] {"--help"}));
        assertEquals(Optional.empty(), Cli.invokedCommand(new String[] {}));
        assertEquals(Optional.empty(), Cli.invokedCommand(new String[] {"--format", "json", "frobnicate"}));
    }
}
