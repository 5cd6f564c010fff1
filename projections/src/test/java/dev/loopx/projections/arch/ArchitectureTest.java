package dev.loopx.projections.arch;

import dev.loopx.arch.LoopxArchitectureRules;
import org.junit.jupiter.api.Test;

/** The shared rule set (ledger test jar) over this module's production classes. */
class ArchitectureTest {
    @Test
    void projectionsModuleFollowsTheArchitectureRules() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.projections");
        LoopxArchitectureRules.all().forEach(rule -> rule.check(classes));
    }
}
