package dev.loopx.host.codexapp.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vavr.control.Either;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The prompt-only TOML rewrite: every string form, the traps, and every refusal. */
class TomlPromptRewriterTest {
    private static final String HEAD = "# Codex automation — edited by hand\nversion = 1\nid = \"a1\"\n"
            + "cwds = [\n  \"x\", # prompt = \"no\"\n  'y',\n]\nlimits = { note = \"prompt = no\", n = 2 }\n"
            + "when = 1979-05-27 07:32:00Z\n\n";
    private static final String TAIL = "   # trailing comment\nunknown_key = true\n\n[ui]\nprompt = \"table key\"\n";

    private static String doc(String promptLiteral) {
        return HEAD + "prompt = " + promptLiteral + TAIL;
    }

    /** Rewrites and checks: only the literal's bytes change, and the parser sees exactly the new prompt. */
    private static String rewriteOk(String document, String oldLiteral, String newPrompt) {
        byte[] original = document.getBytes(StandardCharsets.UTF_8);
        Either<StoreProblem, byte[]> result = TomlPromptRewriter.rewrite(original, newPrompt);
        assertTrue(result.isRight(), () -> "refused: " + result.getLeft());
        String out = new String(result.get(), StandardCharsets.UTF_8);
        int at = document.indexOf("prompt = " + oldLiteral) + "prompt = ".length();
        assertEquals(document.substring(0, at), out.substring(0, at), "bytes before the value");
        assertTrue(out.endsWith(document.substring(at + oldLiteral.length())), "bytes after the value");
        AutomationToml parsed = AutomationToml.parse(result.get()).get();
        assertEquals(newPrompt, parsed.string("prompt").orElseThrow());
        ObjectNode a = AutomationToml.parse(original).get().tree();
        ObjectNode b = parsed.tree();
        a.remove("prompt");
        b.remove("prompt");
        assertEquals(a, b);
        return out;
    }

    @Test
    void aBasicStringPromptIsRewrittenInPlace() {
        String literal = "\"old \\\"quoted\\\" \\u00e9 prompt\"";
        rewriteOk(doc(literal), literal, "new single line");
        rewriteOk(doc(literal), literal, "new\nmulti-line\n");
    }

    @Test
    void aLiteralStringPromptIsRewrittenInPlace() {
        String literal = "'C:\\path\\with \"quotes\"'";
        rewriteOk(doc(literal), literal, "new \"quoted\" \\ prompt");
    }

    @Test
    void aMultiLineBasicStringPromptIsRewrittenInPlace() {
        String literal = "\"\"\"\nline one\\\n   continued\nline \"two\" \"\"\"";
        rewriteOk(
                doc(literal),
                literal,
                "LoopX managed heartbeat bootstrap v2\n```sh\nloopx heartbeat-prompt\n```\nstop.");
    }

    @Test
    void aMultiLineLiteralStringPromptIsRewrittenInPlace() {
        String literal = "'''\nraw \\n text\nwith 'single' quotes'''";
        rewriteOk(doc(literal), literal, "replacement");
    }

    @Test
    void anOldMultiLinePromptWithLinesLookingLikeTomlIsReplacedWhole() {
        String literal =
                "\"\"\"\nnotes\nprompt = \"decoy\"\n[automation]\nid = 'decoy'\n\"\"\\\" and ''' inside\n\"\"\"";
        String out = rewriteOk(doc(literal), literal, "clean");
        assertTrue(!out.contains("decoy"), out);
        String literal2 = "'''\nprompt = \"decoy\"\n[table]\n'''";
        rewriteOk(doc(literal2), literal2, "clean");
    }

    @Test
    void quotesJustInsideTheClosingDelimiterBelongToTheValue() {
        String literal = "\"\"\"ends with two quotes\"\"\"\"\"";
        assertEquals(
                "ends with two quotes\"\"",
                AutomationToml.parse(doc(literal).getBytes(StandardCharsets.UTF_8))
                        .get()
                        .string("prompt")
                        .orElseThrow());
        rewriteOk(doc(literal), literal, "x");
        String lit = "'''two'''''";
        rewriteOk(doc(lit), lit, "y");
    }

    @Test
    void aQuotedPromptKeyAndCrlfLineEndingsArePreserved() {
        String document = "id = \"a\"\r\n\"prompt\" = 'old'\r\nafter = 1\r\n";
        byte[] out = TomlPromptRewriter.rewrite(document.getBytes(StandardCharsets.UTF_8), "two\nlines")
                .get();
        assertEquals(
                "id = \"a\"\r\n\"prompt\" = \"\"\"\ntwo\nlines\"\"\"\r\nafter = 1\r\n",
                new String(out, StandardCharsets.UTF_8));
    }

    @Test
    void everyPromptValueSurvivesTheRoundTrip() {
        Random random = new Random(42);
        String alphabet = "ab \"'\\\n\r\t`#=[]{}é✓\u0000\u001f\u007f\ud83d\ude00";
        String literal = "'''\nold'''";
        for (int i = 0; i < 400; i++) {
            StringBuilder p = new StringBuilder();
            int len = random.nextInt(40);
            for (int k = 0; k < len; k++) {
                int at = random.nextInt(alphabet.length());
                char c = alphabet.charAt(at);
                if (Character.isHighSurrogate(c)) {
                    p.append(c).append(alphabet.charAt(at + 1));
                } else if (!Character.isLowSurrogate(c)) {
                    p.append(c);
                }
            }
            rewriteOk(doc(literal), literal, p.toString());
        }
        for (String edge : new String[] {"", "\"", "\\", "\"\"\"", "'''", "\n", "x\"", "x\\", "\"\"\"\"\"\"", "\r\n"}) {
            rewriteOk(doc(literal), literal, edge);
        }
    }

    private static void refused(String document, StoreProblem.Code code) {
        byte[] original = document.getBytes(StandardCharsets.UTF_8);
        Either<StoreProblem, byte[]> result = TomlPromptRewriter.rewrite(original, "new");
        assertTrue(result.isLeft(), "expected a refusal for:\n" + document);
        assertEquals(code, result.getLeft().code(), result.getLeft().message());
        assertArrayEquals(document.getBytes(StandardCharsets.UTF_8), original);
    }

    @Test
    void encodingsThatCannotBeRewrittenSafelyAreRefused() {
        refused("prompt.text = \"dotted\"\n", StoreProblem.Code.TOML_PROMPT_UNREWRITABLE);
        refused("prompt = { text = \"inline\" }\n", StoreProblem.Code.TOML_PROMPT_UNREWRITABLE);
        refused("prompt = 3\n", StoreProblem.Code.TOML_PROMPT_UNREWRITABLE);
        refused("prompt = [\"a\"]\n", StoreProblem.Code.TOML_PROMPT_UNREWRITABLE);
        refused("id = \"a\"\n", StoreProblem.Code.TOML_PROMPT_UNREWRITABLE);
        refused("[prompt]\ntext = \"table\"\n", StoreProblem.Code.TOML_PROMPT_UNREWRITABLE);
        refused("[ui]\nprompt = \"only in a table\"\n", StoreProblem.Code.TOML_PROMPT_UNREWRITABLE);
        refused("prompt = \"a\"\nprompt = \"b\"\n", StoreProblem.Code.TOML_INVALID);
        refused("prompt = \"unterminated\n", StoreProblem.Code.TOML_INVALID);
        refused("\ufeffprompt = \"bom\"\n", StoreProblem.Code.TOML_INVALID);
        byte[] notUtf8 = {'p', 'r', 'o', 'm', 'p', 't', '=', '"', (byte) 0xc3, '"', '\n'};
        assertEquals(
                StoreProblem.Code.TOML_INVALID,
                TomlPromptRewriter.rewrite(notUtf8, "x").getLeft().code());
        assertEquals(
                StoreProblem.Code.PROMPT_NOT_ENCODABLE,
                TomlPromptRewriter.rewrite("prompt = 'a'\n".getBytes(StandardCharsets.UTF_8), "lone \ud800")
                        .getLeft()
                        .code());
    }

    @Test
    void theLocatorRefusesADottedPromptKeyEvenBeforeTheParserIsAsked() {
        assertEquals(
                "prompt is defined through a dotted key",
                TomlPromptLocator.locate("prompt.a = 'x'\n").getLeft());
        assertEquals(
                "prompt is defined more than once",
                TomlPromptLocator.locate("prompt = 'x'\n'prompt' = 'y'\n").getLeft());
    }
}
