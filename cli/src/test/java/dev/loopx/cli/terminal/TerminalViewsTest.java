package dev.loopx.cli.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a person at a terminal sees: the fixed scenario ({@link TerminalScenario}) run under a real
 * pseudo-terminal, compared with {@code src/test/resources/terminal/scenario.golden.txt} (every
 * command's text view, errors with their hints, progress with its erase sequences). Run with
 * {@code -Dgolden.update=true} to rewrite the golden file, then review the diff.
 */
class TerminalViewsTest {
    private static final Path GOLDEN = Path.of("src", "test", "resources", "terminal", "scenario.golden.txt");
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    @TempDir
    Path sandbox;

    private Map<String, String> env() throws IOException {
        return Map.of(
                "HOME", Files.createDirectories(sandbox.resolve("home")).toString(),
                "LOOPX_HOME",
                        Files.createDirectories(sandbox.resolve("loopx-home")).toString());
    }

    private Path project() throws IOException {
        return Files.createDirectories(sandbox.resolve("weather-app"));
    }

    @Test
    void everyCommandOfTheScenario_showsItsGoldenTextViewOnATerminal() throws Exception {
        Pty.Shown shown = Pty.java(project(), env(), null, TerminalScenario.class.getName());
        assertEquals(0, shown.exit(), shown.text());
        String actual = Pty.normalized(shown.text());
        if (UPDATE) {
            Files.writeString(GOLDEN, actual, StandardCharsets.UTF_8);
        }
        assertEquals(
                Files.readString(GOLDEN, StandardCharsets.UTF_8),
                actual,
                GOLDEN + " differs (run with -Dgolden.update=true, then review the diff)");
    }

    @Test
    void onATerminal_progressIsErasedBeforeTheAnswer_andJsonModeDrawsNone() throws Exception {
        String text = Pty.normalized(Pty.java(project(), env(), null, TerminalScenario.class.getName())
                .text());
        String verify = section(text, "$ loopx ledger verify\n");
        assertTrue(verify.startsWith("<CR><ESC>[Kverify: "), verify);
        assertTrue(verify.contains("<CR><ESC>[Kledger intact"), "erased before the answer: " + verify);
        String export = section(text, "$ loopx ledger export events.jsonl\n");
        assertTrue(export.startsWith("<CR><ESC>[Kexport: "), export);
        assertTrue(export.contains("<CR><ESC>[K"), "erased before the answer: " + export);
        String imported = section(text, "$ loopx --runtime-root copy ledger import events.jsonl\n");
        assertTrue(imported.startsWith("<CR><ESC>[Kcheck: 14 / 14 events"), imported);
        assertTrue(imported.contains("<CR><ESC>[Kimport: 14 / 14 events"), imported);
        assertTrue(imported.contains("<CR><ESC>[Krebuild: 14 / 14 events"), imported);
        String json = section(text, "$ loopx --format json ledger verify\n");
        assertFalse(json.contains("<ESC>") || json.contains("<CR>"), json);
    }

    @Test
    void whenStderrIsNotATerminal_noProgressIsDrawn() throws Exception {
        Path stderr = sandbox.resolve("stderr.txt");
        Pty.Shown shown = Pty.java(project(), env(), stderr, TerminalScenario.class.getName());
        String err = Files.readString(stderr, StandardCharsets.UTF_8);
        assertFalse(err.contains("\u001b") || err.contains("\r"), err);
        assertFalse(shown.text().contains("\u001b[K"), "no erase sequence anywhere: " + shown.text());
        assertTrue(Pty.normalized(shown.text()).contains("ledger intact: "), shown.text());
    }

    @Test
    void everyCommandOfTheScenario_hasADesignedView_notTheGenericOutline() throws Exception {
        // The generic form's first line is "<schema words>: done|preview, nothing written|…".
        java.util.regex.Pattern generic = java.util.regex.Pattern.compile(
                "^[a-z ]+: (done|preview, nothing written|already so, nothing new recorded|refused.*)$",
                java.util.regex.Pattern.MULTILINE);
        java.util.regex.Matcher m = generic.matcher(Files.readString(GOLDEN, StandardCharsets.UTF_8));
        assertFalse(m.find(), () -> "a step shows the generic outline: " + m.group());
    }

    @Test
    void everyCommandTheViewsPrint_pastesIntoAShellAsPrinted() throws Exception {
        java.util.List<String> commands = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(GOLDEN, StandardCharsets.UTF_8)) {
            String command = line.replaceFirst("^(hint: |\\s+([a-z][a-z ]{0,11}[a-z]\\s{2,})?(\\d+\\. )?)", "");
            if (command.startsWith("loopx ") && !line.startsWith("$ ")) {
                commands.add(command);
            }
        }
        assertTrue(commands.size() > 40, "commands found: " + commands.size());
        for (String command : commands) {
            assertFalse(command.contains("<") || command.contains(">"), "a redirection: " + command);
            Process sh = new ProcessBuilder("sh", "-n", "-c", command)
                    .redirectErrorStream(true)
                    .start();
            String said = new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, sh.waitFor(), () -> command + " does not paste: " + said);
        }
    }

    @Test
    void noCommandTheViewsOffer_holdsAPlaceholder() throws Exception {
        // Anywhere on a screen (a table cell, after a label or a sentence): a `loopx …` it offers has
        // no value for the reader to fill in ('NEW_ROOT', <dir>); such a value is named beside it.
        java.util.regex.Pattern offered = java.util.regex.Pattern.compile("(?<![/\\w-])loopx [^│]*");
        java.util.regex.Pattern placeholder = java.util.regex.Pattern.compile("'[A-Z][A-Z_-]+'|<[a-z][a-z -]*>");
        int seen = 0;
        for (String line : Files.readAllLines(GOLDEN, StandardCharsets.UTF_8)) {
            if (line.startsWith("$ ") || line.contains("\u001b") || line.contains("<ESC>")) {
                continue; // what the scenario typed; help pages (their usage lines name values in capitals)
            }
            java.util.regex.Matcher m = offered.matcher(line);
            while (m.find()) {
                seen++;
                String command = m.group();
                assertFalse(placeholder.matcher(command).find(), () -> "a placeholder in: " + command);
            }
        }
        assertTrue(seen > 60, "commands found: " + seen);
    }

    private static String section(String text, String header) {
        int at = text.indexOf(header);
        assertTrue(at >= 0, "no step " + header + " in " + text);
        int end = text.indexOf("[exit", at);
        return text.substring(at + header.length(), end);
    }
}
