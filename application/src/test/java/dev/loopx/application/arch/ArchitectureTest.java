package dev.loopx.application.arch;

import dev.loopx.arch.LoopxArchitectureRules;
import org.junit.jupiter.api.Test;

/** The shared rule set (ledger test jar) over this module's production classes. */
class ArchitectureTest {
    @Test
    void applicationModuleFollowsTheArchitectureRules() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.application");
        LoopxArchitectureRules.all().forEach(rule -> rule.check(classes));
    }
}
