package dev.loopx.cli.arch;

import dev.loopx.arch.LoopxArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The shared rule set (ledger test jar) over this module's production classes, including
 * {@code cliReachesTheDomainOnlyThroughTheApplication}: the CLI holds the domain's values but
 * reaches its behaviour only through {@code dev.loopx.application}.
 */
class ArchitectureTest {
    @Test
    void cliModuleFollowsTheArchitectureRules() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.cli");
        LoopxArchitectureRules.all().forEach(rule -> rule.check(classes));
    }
}
