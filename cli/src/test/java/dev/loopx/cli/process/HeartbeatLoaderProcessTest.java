package dev.loopx.cli.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import dev.loopx.host.shell.ShellWords;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The managed wrapper's loader command, run as a real process the way a host's shell would run
 * it (from another working directory), loads the same thin body as a direct call (SPEC §S11).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HeartbeatLoaderProcessTest extends ChildProcessTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Test
    void theWrappersLoaderLoadsTheSameBodyAsADirectThinCall() throws Exception {
        Path project = Files.createDirectories(cli.workDir().resolve("my project"));
        String root = project.resolve(".loopx").toString();
        cli.run(TIMEOUT, "connect", "--project", project.toString(), "--goal-id", "g1")
                .assertExit(0, TIMEOUT);
        cli.run(
                        TIMEOUT,
                        "--runtime-root",
                        root,
                        "register-agent",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "builder",
                        "--execute")
                .assertExit(0, TIMEOUT);
        ChildCli raw = cli.run(
                TIMEOUT,
                "--runtime-root",
                root,
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--bootstrap",
                "--available-capability",
                "shell",
                "--raw");
        raw.assertExit(0, TIMEOUT);
        String wrapper = raw.stdout();
        assertTrue(WrapperRecognizer.recognize(wrapper).isPresent(), wrapper);

        List<String> words = ShellWords.split(wrapper.split("\n")[2]).orElseThrow();
        ChildCli loaded = cli.run(TIMEOUT, words.subList(1, words.size()).toArray(String[]::new));
        loaded.assertExit(0, TIMEOUT);
        ChildCli direct = cli.run(
                TIMEOUT,
                "--runtime-root",
                root,
                "heartbeat-prompt",
                "--goal-id",
                "g1",
                "--agent-id",
                "builder",
                "--codex-app",
                "--available-capability",
                "shell");
        direct.assertExit(0, TIMEOUT);
        JsonNode body = loaded.singleJsonDocument();
        assertEquals(direct.singleJsonDocument(), body);
        assertTrue(body.get("ok").asBoolean(), loaded.describe());
        assertTrue(body.get("task_body").asText().contains("should-run --goal-id g1 --agent-id builder"));
    }
}
