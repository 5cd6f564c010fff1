package dev.loopx.arch;

import org.junit.jupiter.api.Test;

/** The shared rule set over the ledger module's production classes. */
class ArchitectureTest {
    @Test
    void ledgerModuleFollowsTheArchitectureRules() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.ledger");
        LoopxArchitectureRules.all().forEach(rule -> rule.check(classes));
    }
}
