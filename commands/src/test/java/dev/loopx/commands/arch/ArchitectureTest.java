package dev.loopx.commands.arch;

import dev.loopx.arch.LoopxArchitectureRules;
import org.junit.jupiter.api.Test;

/** The shared rule set (ledger test jar) over this module's production classes. */
class ArchitectureTest {
    @Test
    void commandsModuleFollowsTheArchitectureRules() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.commands");
        LoopxArchitectureRules.all().forEach(rule -> rule.check(classes));
    }
}
