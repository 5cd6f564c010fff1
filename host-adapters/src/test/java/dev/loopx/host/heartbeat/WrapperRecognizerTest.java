package dev.loopx.host.heartbeat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WrapperRecognizerTest {
    static final String ROOT = "/home/dev/projects/weather app/.loopx";
    static final WrapperBinding V2 =
            new WrapperBinding(2, ROOT, "weather-goal", "builder", "loopx", List.of("shell", "browser"));
    static final WrapperBinding V1 = new WrapperBinding(1, ROOT, "weather-goal", "builder", "loopx", List.of());

    @Test
    void theCurrentWrapperHasTheFixedLayoutAndStaysUnderItsBudget() {
        String w = ManagedWrapper.render(V2);
        assertEquals("""
                LoopX managed heartbeat bootstrap v2
                ```sh
                loopx heartbeat-prompt --runtime-root '/home/dev/projects/weather app/.loopx' --format json \
                --goal-id weather-goal --agent-id builder --codex-app --available-capability browser \
                --available-capability shell
                ```
                Follow the loaded task_body only when ok=true. Never fall back to remembered rules. \
                If loading fails, stop: no work, no spend; report the blocker.""", w);
        assertTrue(ManagedWrapper.withinBudget(w), () -> ManagedWrapper.chars(w) + " chars");
        assertFalse(w.contains("--bootstrap"), "loading must not recurse");
        assertEquals(64, ManagedWrapper.sha256(w).length());
    }

    @Test
    void bothShippedVersionsAreRecognisedWithTheirBinding() {
        assertEquals(Optional.of(V2), WrapperRecognizer.recognize(ManagedWrapper.render(V2)));
        String v1 = ManagedWrapper.render(V1);
        assertTrue(v1.startsWith("LoopX managed heartbeat bootstrap v1\n"));
        assertFalse(v1.contains("--available-capability"));
        assertEquals(Optional.of(V1), WrapperRecognizer.recognize(v1));
    }

    @Test
    void aCanaryLoaderPassesItsBinaryThroughAndTheFirstShippedV2CanaryIsStillRecognised() {
        WrapperBinding canary =
                new WrapperBinding(2, ROOT, "weather-goal", "builder", "loopx-canary", List.of("shell"));
        String w = ManagedWrapper.render(canary);
        assertTrue(
                w.contains(" --codex-app --cli-bin loopx-canary --available-capability shell\n"),
                "the thin body the loader loads must name the canary too: " + w);
        assertTrue(w.split("\n")[2].startsWith("loopx-canary heartbeat-prompt "));
        assertEquals(Optional.of(canary), WrapperRecognizer.recognize(w));
        // the default binary needs no pass-through: the v2 text of loopx is unchanged
        assertFalse(ManagedWrapper.render(V2).contains("--cli-bin"));
        // a v2 canary as first shipped (no pass-through) is still a managed v2 wrapper, whose current text differs
        String firstShipped = WrapperVersion.V2_WITHOUT_CLI_PASS_THROUGH.render(canary);
        assertFalse(firstShipped.contains("--cli-bin"));
        assertEquals(Optional.of(canary), WrapperRecognizer.recognize(firstShipped));
        assertFalse(firstShipped.equals(w));
        // a pass-through naming another binary is custom
        assertEquals(
                Optional.empty(),
                WrapperRecognizer.recognize(w.replace("--cli-bin loopx-canary", "--cli-bin loopx-other")));
    }

    @Test
    void aQuoteInsideThePathSurvivesTheRoundTrip() {
        WrapperBinding odd =
                new WrapperBinding(2, "/tmp/it's here/.loopx", "g", "a", "/opt/loopx tools/bin/loopx", List.of());
        String w = ManagedWrapper.render(odd);
        assertTrue(w.contains("'/tmp/it'\\''s here/.loopx'"), w);
        assertEquals(Optional.of(odd), WrapperRecognizer.recognize(w));
    }

    @Test
    void anyEditMakesThePromptCustom() {
        String w = ManagedWrapper.render(V2);
        String cmd = w.split("\n")[2];
        Map<String, String> malformed = new LinkedHashMap<>();
        malformed.put("appended text", w + "\nAlso refactor the parser.");
        malformed.put("appended newline", w + "\n");
        malformed.put("prepended text", "Please:\n" + w);
        malformed.put("trailing whitespace", w + " ");
        malformed.put("trailing whitespace on the command", w.replace(cmd, cmd + " "));
        malformed.put("CRLF line ends", w.replace("\n", "\r\n"));
        malformed.put("duplicated flag", w.replace("--agent-id builder", "--agent-id builder --agent-id builder"));
        malformed.put(
                "duplicated capability",
                w.replace("--available-capability shell", "--available-capability shell --available-capability shell"));
        malformed.put(
                "reordered flags",
                w.replace("--goal-id weather-goal --agent-id builder", "--agent-id builder --goal-id weather-goal"));
        malformed.put(
                "reordered capabilities",
                w.replace(
                        "--available-capability browser --available-capability shell",
                        "--available-capability shell --available-capability browser"));
        malformed.put("missing subcommand", w.replace("loopx heartbeat-prompt ", "loopx "));
        malformed.put("--bootstrap inside", w.replace("--codex-app", "--codex-app --bootstrap"));
        malformed.put("edited instruction", w.replace("Never fall back", "Feel free to fall back"));
        malformed.put("edited header", w.replace("bootstrap v2", "bootstrap v3"));
        malformed.put("v2 header on a v1 body", ManagedWrapper.render(V1).replace("bootstrap v1", "bootstrap v2"));
        malformed.put("double space", w.replace("--goal-id weather-goal", "--goal-id  weather-goal"));
        malformed.put("needless quotes", w.replace("--goal-id weather-goal", "--goal-id 'weather-goal'"));
        malformed.put("shell expansion", w.replace("--agent-id builder", "--agent-id $AGENT"));
        malformed.put("chained command", w.replace("--codex-app", "--codex-app; rm -rf x"));
        malformed.put("invalid goal id", w.replace("--goal-id weather-goal", "--goal-id ../etc"));
        malformed.put("unbalanced quote", w.replace("'/home", "/home"));
        malformed.put("fence language changed", w.replace("```sh", "```bash"));
        malformed.put("missing format flag", w.replace(" --format json", ""));
        malformed.forEach((name, prompt) ->
                assertEquals(Optional.empty(), WrapperRecognizer.recognize(prompt), () -> name + " was recognised"));
        assertTrue(malformed.size() >= 8);
    }

    @Test
    void aChangedCliBinaryIsRecognisedButReportsItsOwnBinary() {
        // Recognition is exact about the text, not about who wrote it: a canary binary is a valid
        // managed wrapper, and callers compare the binding's cli bin with the one they expect.
        WrapperBinding canary =
                new WrapperBinding(2, ROOT, "weather-goal", "builder", "loopx-canary", List.of("browser", "shell"));
        Optional<WrapperBinding> seen = WrapperRecognizer.recognize(ManagedWrapper.render(canary));
        assertEquals("loopx-canary", seen.orElseThrow().cliBin());
        assertFalse(seen.get().equals(V2));
    }

    @Test
    void nullAndEmptyPromptsAreCustom() {
        assertEquals(Optional.empty(), WrapperRecognizer.recognize(null));
        assertEquals(Optional.empty(), WrapperRecognizer.recognize(""));
    }
}
