package dev.loopx.host.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Printed commands are exact: argv verbatim, and a shell line that a POSIX shell parses back to it. */
class CliCallTest {
    @Test
    void safeWordsStayBare_everythingElseIsSingleQuoted() {
        CliCall call = CliCall.loopx(List.of("todo", "add", "--text", "it's $HOME `x` \"q\"", "--priority", "P0", ""));
        assertEquals("loopx todo add --text 'it'\\''s $HOME `x` \"q\"' --priority P0 ''", call.line("loopx"));
        assertEquals(
                List.of("lx", "todo", "add", "--text", "it's $HOME `x` \"q\"", "--priority", "P0", ""),
                call.argv("lx"));
    }

    @Test
    void claudeRegistrationWrapsTheLoopxServeCommand() {
        CliCall call = CliCall.claudeMcpAdd(List.of("mcp", "serve", "--goal-id", "g"));
        assertEquals("claude mcp add loopx -- loopx mcp serve --goal-id g", call.line("loopx"));
    }

    @Test
    void theShellLineRoundTripsThroughARealShell() throws Exception {
        String text = "Fix the \"triage\" bot's labels — don't close (P0!) $HOME `id` \\ end";
        CliCall call = CliCall.loopx(List.of("--text", text));
        Process parsed =
                new ProcessBuilder("sh", "-c", "set -- " + call.line("loopx") + "; printf '%s' \"$3\"").start();
        String out = new String(parsed.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, parsed.waitFor());
        assertEquals(text, out);
    }
}
