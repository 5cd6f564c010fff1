package dev.loopx.host.codexapp.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CodexHomeTest {
    private static final Path USER_HOME = Path.of("/home/someone");
    private static final Path CWD = Path.of("/work/project");

    @Test
    void theFlagWinsOverTheEnvironmentWhichWinsOverTheDefault() {
        assertEquals(
                new CodexHome(Path.of("/flag"), CodexHome.Source.FLAG),
                CodexHome.resolve(Optional.of("/flag"), Optional.of("/env"), USER_HOME, CWD));
        assertEquals(
                new CodexHome(Path.of("/env"), CodexHome.Source.ENVIRONMENT),
                CodexHome.resolve(Optional.empty(), Optional.of("/env"), USER_HOME, CWD));
        assertEquals(
                new CodexHome(Path.of("/home/someone/.codex"), CodexHome.Source.DEFAULT),
                CodexHome.resolve(Optional.of(" "), Optional.of(""), USER_HOME, CWD));
        assertEquals(
                Path.of("/work/project/rel"),
                CodexHome.resolve(Optional.of("rel"), Optional.empty(), USER_HOME, CWD)
                        .root());
    }

    @Test
    void storePathsStayInsideTheHome() {
        CodexHome home = new CodexHome(Path.of("/h"), CodexHome.Source.FLAG);
        assertEquals(Path.of("/h/sqlite/codex-dev.db"), home.database());
        assertEquals(Path.of("/h/automations/a.b-1/automation.toml"), home.automationToml("a.b-1"));
        assertThrows(IllegalArgumentException.class, () -> home.automationToml("../etc"));
        assertThrows(IllegalArgumentException.class, () -> home.automationToml("a/b"));
        assertThrows(IllegalArgumentException.class, () -> home.automationToml(""));
    }
}
