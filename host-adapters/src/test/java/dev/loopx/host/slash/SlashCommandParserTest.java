package dev.loopx.host.slash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.host.shell.ShellWords;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The host command registry's matching rules (SPEC §S10). */
class SlashCommandParserTest {
    private static ParsedMessage.Matched matched(String message) {
        return assertInstanceOf(ParsedMessage.Matched.class, SlashCommandParser.parse(message), message);
    }

    @Test
    void loopxAloneIsTheReadFirstPack_andLoopxWithTextIsTheExplicitGoalStart() {
        assertEquals("/loopx", matched("/loopx").entry().command());
        assertEquals("", matched("/loopx").taskText());
        assertEquals("/loopx", matched("/loopx   ").entry().command(), "blank text is no goal text");
        assertEquals(
                "/loopx <goal text>", matched("/loopx fix issue triage").entry().command());
        assertEquals("fix issue triage", matched("/loopx fix issue triage").taskText());
    }

    @Test
    void onlyAnExactTokenAtTheVeryStartMatches() {
        assertInstanceOf(ParsedMessage.NotACommand.class, SlashCommandParser.parse(" /loopx"));
        assertInstanceOf(ParsedMessage.NotACommand.class, SlashCommandParser.parse("please run /loopx"));
        assertInstanceOf(ParsedMessage.NotACommand.class, SlashCommandParser.parse("/help me"));
        assertInstanceOf(ParsedMessage.NotACommand.class, SlashCommandParser.parse(""));
        assertInstanceOf(ParsedMessage.NotACommand.class, SlashCommandParser.parse("/loop"));
        assertEquals(
                "/loopx-global-summary",
                matched("/loopx-global-summary extra words").entry().command());
        assertEquals("extra words", matched("/loopx-global-summary extra words").taskText());
    }

    @Test
    void tokensInLoopxNamespaceThatAreNotCommands_failClosed() {
        for (String m : List.of(
                "/loopxfoo",
                "/loopx-debug-me now",
                "/loop-global-unknown",
                "/LOOPX",
                "/Loopx-global-summary",
                "/loopx-global-summary?")) {
            assertInstanceOf(ParsedMessage.Unknown.class, SlashCommandParser.parse(m), m);
        }
        assertEquals(
                "/loopx-debug-me",
                ((ParsedMessage.Unknown) SlashCommandParser.parse("/loopx-debug-me now")).typedToken());
    }

    @Test
    void legacyAliasesCanonicalise() {
        for (String what : List.of("summary", "gates", "todos", "risks")) {
            ParsedMessage.Matched m = matched("/loop-global-" + what);
            assertEquals("/loopx-global-" + what, m.entry().command());
            assertEquals("/loop-global-" + what, m.typedToken());
            assertTrue(m.legacyAlias());
        }
        assertFalse(matched("/loopx-global-todos").legacyAlias());
    }

    @Test
    void taskTextIsEverythingAfterOneSeparator_byteForByte() {
        String text = "  Fix \u00e9t\u00e9 \u2713 \u65e5\u672c \uD83D\uDE80\n\tsecond line  \n";
        assertEquals(text, matched("/loopx " + text).taskText());
        assertEquals(text, matched("/loopx\n" + text).taskText());
        assertEquals(text, matched("/loopx\r\n" + text).taskText(), "a CRLF is one separator");
        assertEquals(" x", matched("/loopx\t x").taskText());
    }

    @Test
    void shellWordsReproduceTheArguments() {
        assertEquals("loopx", ShellWords.quote("loopx"));
        assertEquals("''", ShellWords.quote(""));
        assertEquals("'it'\\''s'", ShellWords.quote("it's"));
        assertEquals("' a\nb '", ShellWords.quote(" a\nb "));
    }
}
