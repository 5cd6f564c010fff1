package dev.loopx.cli.arch;

import com.tngtech.archunit.library.freeze.FreezingArchRule;
import dev.loopx.arch.LoopxArchitectureRules;
import org.junit.jupiter.api.Test;

/** The shared rule set (ledger test jar) over this module's production classes. */
class ArchitectureTest {
    @Test
    void cliModuleFollowsTheArchitectureRules() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.cli");
        LoopxArchitectureRules.all().forEach(rule -> rule.check(classes));
    }

    /**
     * Frozen: the recorded dependencies of the CLI on the domain are the use cases still to move
     * below it (issue 17); a new one fails here. See src/test/resources/archunit.properties.
     */
    @Test
    void cliReachesTheDomainOnlyThroughTheApplication_noNewDependency() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.cli");
        FreezingArchRule.freeze(LoopxArchitectureRules.cliReachesTheDomainOnlyThroughTheApplication())
                .check(classes);
    }
}
