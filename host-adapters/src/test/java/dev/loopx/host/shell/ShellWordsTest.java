package dev.loopx.host.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one quoter: which words stay bare, how the rest is quoted, and that a real shell and {@link ShellWords#split} read it back. */
class ShellWordsTest {
    @Test
    void safeWordsStayBare_everyOtherWordIsSingleQuoted() {
        assertEquals("A-z_0.9/x=y:z,w+v@u%t", ShellWords.quote("A-z_0.9/x=y:z,w+v@u%t"));
        assertEquals("''", ShellWords.quote(""));
        assertEquals("'it'\\''s'", ShellWords.quote("it's"));
        for (String unsafe : List.of(
                " ", "$HOME", "`id`", "\"", "*", "?", "[a]", "~", ";", "&", "|", "<", ">", "(", ")", "#", "!", "{a,b}",
                "\\", "\t", "\n", "é")) {
            assertEquals("'" + unsafe.replace("'", "'\\''") + "'", ShellWords.quote(unsafe), unsafe);
        }
    }

    @Test
    void aJoinedLineIsReadBackAsTheSameWords_byAShellAndBySplit() throws Exception {
        List<String> words = List.of("loopx", "--text", "it's $HOME `id` \"q\" \\ end", "", "P0", "a,b+c%d@e");
        String line = ShellWords.join(words);
        assertEquals(Optional.of(words), ShellWords.split(line));
        Process sh = new ProcessBuilder("sh", "-c", "set -- " + line + "; printf '%s\\n' \"$#\" \"$3\" \"$4\" \"$6\"")
                .start();
        String out = new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, sh.waitFor());
        assertEquals("6\nit's $HOME `id` \"q\" \\ end\n\na,b+c%d@e\n", out);
    }
}
