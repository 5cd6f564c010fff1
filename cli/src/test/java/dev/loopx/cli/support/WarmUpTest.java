package dev.loopx.cli.support;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The warm-up runs for commands that open a store, not for version or help (where it would only compete for the CPU). */
class WarmUpTest {
    @Test
    void onlyForCommandsThatOpenAStore() {
        assertTrue(WarmUp.wanted(new String[] {"quota", "should-run", "--goal-id", "g"}));
        assertTrue(WarmUp.wanted(new String[] {"--runtime-root", "r", "todo", "add", "--text", "x"}));
        assertFalse(WarmUp.wanted(new String[] {}));
        assertFalse(WarmUp.wanted(new String[] {"version", "--format", "json"}));
        assertFalse(WarmUp.wanted(new String[] {"quota", "should-run", "--help"}));
        assertFalse(WarmUp.wanted(new String[] {"-h"}));
    }

    @Test
    void chronicleIsWarmedUpForCommandsThatOpenTheJournal() {
        assertTrue(WarmUp.opensJournal(new String[] {"todo", "add", "--goal-id", "g", "--text-file", "t"}));
        assertTrue(WarmUp.opensJournal(new String[] {"ledger", "verify"}));
        assertFalse(WarmUp.opensJournal(new String[] {"quota", "should-run", "--goal-id", "g"}));
        assertFalse(WarmUp.opensJournal(new String[] {"--runtime-root", "r", "status", "--goal-id", "g"}));
        assertFalse(WarmUp.opensJournal(new String[] {"todo", "list", "--goal-id", "g"}));
    }
}
