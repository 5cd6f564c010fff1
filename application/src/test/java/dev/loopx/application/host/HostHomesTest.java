package dev.loopx.application.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.loopx.application.InvalidRequest;
import dev.loopx.projections.next.Flag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host folders: the flag, else the variable, else the default under the user's home; sources name where, never the path. */
class HostHomesTest {
    @TempDir
    Path sandbox;

    @Test
    void flagBeatsVariable_variableBeatsDefault_andPiHasNoDefault() throws Exception {
        Path work = Files.createDirectories(sandbox.resolve("work"));
        Path home = sandbox.resolve("home");
        var environment = new HostEnvironment(Map.of("CODEX_HOME", "codex-env", "CLAUDE_HOME", " "), work, home);

        HostHomes.Resolved resolved = HostHomes.resolve(environment, new HostHomes.Flags(null, null, "oc", null, null));

        assertEquals(work.resolve("codex-env"), resolved.locations().codexHome());
        assertEquals(home.resolve(".claude"), resolved.locations().claudeHome(), "a blank variable counts as unset");
        assertEquals(work.resolve("oc"), resolved.locations().opencodeConfigDir());
        assertNull(resolved.locations().piAgentDir());
        assertEquals(work, resolved.locations().project());
        assertEquals(
                List.of(
                        new HostHomes.Source("codex_home", "env:CODEX_HOME"),
                        new HostHomes.Source("claude_home", "default"),
                        HostHomes.Source.flag("opencode_config_dir", Flag.OPENCODE_CONFIG_DIR),
                        new HostHomes.Source("pi_agent_dir", "unset"),
                        new HostHomes.Source("project", "working_directory")),
                resolved.sources());
    }

    @Test
    void anUnusablePathOrAMissingProjectIsRefusedBeforeAnythingIsRead() {
        var environment = new HostEnvironment(Map.of(), sandbox, sandbox.resolve("home"));

        InvalidRequest blank = assertThrows(
                InvalidRequest.class,
                () -> HostHomes.resolve(environment, new HostHomes.Flags("", null, null, null, null)));
        assertEquals("invalid_value", blank.errorCode());
        // the use case names the input; the CLI spells it as its flag (--codex-home)
        assertEquals(Optional.of(Flag.CODEX_HOME), blank.input());
        assertEquals("is not a usable path", blank.problem());

        InvalidRequest missing = assertThrows(
                InvalidRequest.class,
                () -> HostHomes.resolve(environment, new HostHomes.Flags(null, null, null, null, "nope")));
        assertEquals("project_not_found", missing.errorCode());
    }
}
