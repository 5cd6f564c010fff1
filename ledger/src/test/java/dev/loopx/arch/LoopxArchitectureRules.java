package dev.loopx.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/**
 * The one architecture rule set (ARCHITECTURE.md), shared by every module through the ledger's
 * test jar: each module's {@code ArchitectureTest} imports its own production classes and checks
 * all of these. Module edges are enforced by the poms; these rules guard what poms cannot.
 */
public final class LoopxArchitectureRules {
    /** Packages where adapters live: they may touch files, SQL, the clock and the environment. */
    private static final String[] ADAPTER_PACKAGES = {"..store..", "..runtime.."};

    private LoopxArchitectureRules() {}

    public static JavaClasses productionClassesOf(String rootPackage) {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(rootPackage);
    }

    public static List<ArchRule> all() {
        return List.of(
                noPackageCycles(),
                onlyTheChronicleAdapterTouchesChronicle(),
                onlyTheCliTouchesPicocli(),
                onlyStoreAdaptersTouchSql(),
                lowerModulesNeverSeeUpperModules(),
                domainNeverReadsTheClockRandomnessOrEnvironment(),
                domainNeverTouchesTheFileSystem());
    }

    static ArchRule noPackageCycles() {
        return slices().matching("dev.loopx.(**)").should().beFreeOfCycles().allowEmptyShould(true)
                .because("packages are features; a cycle means two features are one");
    }

    static ArchRule onlyTheChronicleAdapterTouchesChronicle() {
        return noClasses().that().resideOutsideOfPackage("dev.loopx.ledger.chronicle..")
                .should().dependOnClassesThat().resideInAPackage("net.openhft..")
                .allowEmptyShould(true)
                .because("nothing of Chronicle may leak past the Ledger port (ADR 0001)");
    }

    static ArchRule onlyTheCliTouchesPicocli() {
        return noClasses().that().resideOutsideOfPackages("dev.loopx.cli..", "dev.loopx.bench..")
                .should().dependOnClassesThat().resideInAPackage("picocli..")
                .allowEmptyShould(true)
                .because("the CLI is an adapter; commands and projections know nothing of argument parsing");
    }

    static ArchRule onlyStoreAdaptersTouchSql() {
        return noClasses().that().resideOutsideOfPackages("..store..", "dev.loopx.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "org.sqlite..")
                .allowEmptyShould(true)
                .because("SQL belongs to store adapters");
    }

    static ArchRule lowerModulesNeverSeeUpperModules() {
        return noClasses().that().resideInAPackage("dev.loopx.ledger..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.loopx.projections..", "dev.loopx.commands..",
                        "dev.loopx.host..", "dev.loopx.cli..")
                .orShould().dependOnClassesThat().resideInAnyPackage("dev.loopx.fixtures..")
                .allowEmptyShould(true);
    }

    static ArchRule domainNeverReadsTheClockRandomnessOrEnvironment() {
        return noClasses().that().resideInAnyPackage("dev.loopx.commands..", "dev.loopx.projections..")
                .and().resideOutsideOfPackages(ADAPTER_PACKAGES)
                .should().callMethod(java.time.Instant.class, "now")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(System.class, "nanoTime")
                .orShould().callMethod(java.util.UUID.class, "randomUUID")
                .orShould().callMethod(Math.class, "random")
                .orShould().callMethod(System.class, "getenv")
                .orShould().callMethod(System.class, "getenv", String.class)
                .orShould().callMethod(java.time.Clock.class, "systemUTC")
                .orShould().dependOnClassesThat().areAssignableTo(java.util.Random.class)
                .allowEmptyShould(true)
                .because("folds and deciders must be deterministic: time comes from event envelopes or an explicit now");
    }

    static ArchRule domainNeverTouchesTheFileSystem() {
        return noClasses().that().resideInAnyPackage("dev.loopx.commands..", "dev.loopx.projections..")
                .and().resideOutsideOfPackages(ADAPTER_PACKAGES)
                .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.io..")
                .allowEmptyShould(true)
                .because("I/O belongs to adapters (store, runtime)");
    }
}
