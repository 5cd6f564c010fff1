package dev.loopx.ledger.postgres.arch;

import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import dev.loopx.arch.LoopxArchitectureRules;
import org.junit.jupiter.api.Test;

/** The shared rule set over the PostgreSQL ledger adapter, and that only it sees the driver. */
class ArchitectureTest {
    @Test
    void postgresLedgerModuleFollowsTheArchitectureRules() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.ledger.postgres");
        LoopxArchitectureRules.all().forEach(rule -> rule.check(classes));
    }

    @Test
    void nothingButTheAdapterNamesTheDriver() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx");
        ArchRuleDefinition.noClasses()
                .that()
                .resideOutsideOfPackage("dev.loopx.ledger.postgres..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.postgresql..")
                .allowEmptyShould(true)
                .because("the driver lives in lib/postgresql, loaded only for a PostgreSQL runtime root (ADR 0006)")
                .check(classes);
    }
}
