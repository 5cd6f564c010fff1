package dev.loopx.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.Set;

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
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
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
                lowerFloorsNeverCallUp(),
                theApplicationNeverSeesTheCli(),
                applicationReachesAdaptersOnlyThroughPorts(),
                cliReachesTheDomainOnlyThroughTheApplication(),
                documentsAreShapedOnlyInTheCli(),
                domainNeverReadsTheClockRandomnessOrEnvironment(),
                domainNeverTouchesTheFileSystem(),
                noMutableStaticStateAboveTheLedgers());
    }

    static ArchRule noPackageCycles() {
        return slices().matching("dev.loopx.(**)")
                .should()
                .beFreeOfCycles()
                .allowEmptyShould(true)
                .because("packages are features; a cycle means two features are one");
    }

    static ArchRule onlyTheChronicleAdapterTouchesChronicle() {
        return noClasses()
                .that()
                .resideOutsideOfPackage("dev.loopx.ledger.chronicle..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("net.openhft..")
                .allowEmptyShould(true)
                .because("nothing of Chronicle may leak past the Ledger port (ADR 0001)");
    }

    static ArchRule onlyTheCliTouchesPicocli() {
        return noClasses()
                .that()
                .resideOutsideOfPackages("dev.loopx.cli..", "dev.loopx.bench..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("picocli..")
                .allowEmptyShould(true)
                .because("the CLI is an adapter; commands and projections know nothing of argument parsing");
    }

    static ArchRule onlyStoreAdaptersTouchSql() {
        return noClasses()
                .that()
                .resideOutsideOfPackages("..store..", "dev.loopx.cli..", "dev.loopx.ledger.postgres..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.sql..", "org.sqlite..", "org.postgresql..")
                .allowEmptyShould(true)
                .because("SQL belongs to store adapters (and the PostgreSQL ledger adapter, ADR 0006)");
    }

    static ArchRule lowerModulesNeverSeeUpperModules() {
        return noClasses()
                .that()
                .resideInAPackage("dev.loopx.ledger..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.loopx.projections..",
                        "dev.loopx.commands..",
                        "dev.loopx.host..",
                        "dev.loopx.application..",
                        "dev.loopx.cli..")
                .orShould()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.loopx.fixtures..")
                .allowEmptyShould(true);
    }

    static ArchRule lowerFloorsNeverCallUp() {
        return noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.loopx.ledger..", "dev.loopx.projections..", "dev.loopx.commands..", "dev.loopx.host..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.loopx.application..", "dev.loopx.cli..")
                .allowEmptyShould(true)
                .because("the application layer sits between host-adapters and cli: lower floors never call up");
    }

    static ArchRule theApplicationNeverSeesTheCli() {
        return noClasses()
                .that()
                .resideInAPackage("dev.loopx.application..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.loopx.cli..", "picocli..")
                .allowEmptyShould(true)
                .because("services take typed requests and return typed results; parsing and rendering are the CLI's");
    }

    /**
     * Use cases name ports ({@code Ledger}, {@code ProjectionStore}, {@code ProjectionStorage});
     * the composition root ({@code dev.loopx.application.composition}) alone names the adapters.
     */
    public static ArchRule applicationReachesAdaptersOnlyThroughPorts() {
        return noClasses()
                .that()
                .resideInAPackage("dev.loopx.application..")
                .and()
                .resideOutsideOfPackage("dev.loopx.application.composition..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.loopx.ledger.chronicle..",
                        "dev.loopx.ledger.memory..",
                        "dev.loopx.ledger.postgres..",
                        "dev.loopx.projections.store..")
                .allowEmptyShould(true)
                .because(
                        "a second Ledger or ProjectionStore backend is chosen in the composition root and nowhere else");
    }

    /**
     * The CLI translates: it parses, makes one application call, renders. Values cross the
     * boundary — the records, enums and sealed interfaces that requests and results are made of
     * (commands, views, events, {@code Rejection}), exceptions it maps to exit codes, and the shared
     * kernel: the ledger's JSON helpers, the privacy redactor, and the pure grammar of ids, resume
     * conditions and RRULEs ({@link #GRAMMAR}) that the parser needs to refuse bad input before
     * anything is opened. The MCP server ({@code dev.loopx.host.mcp}) is a driving adapter like the
     * CLI: the CLI starts it and hands it the use cases through its port, and it reaches nothing
     * below. Behaviour does not: a runtime, a
     * decider, a fold or query, a store, a ledger, an audit or a host adapter is reached only
     * through {@code dev.loopx.application}, so the MCP tools and a dashboard run the same use cases.
     */
    static ArchRule cliReachesTheDomainOnlyThroughTheApplication() {
        return noClasses()
                .that()
                .resideInAPackage("dev.loopx.cli..")
                .should()
                .dependOnClassesThat(DOMAIN_BEHAVIOUR)
                .allowEmptyShould(true)
                .because("use cases live in the application layer, so the MCP tools and a dashboard run the same ones");
    }

    /**
     * Queries and use cases answer records; every {@code loopx_*_v0} document is rendered in the
     * CLI. JSON below it is persistence only (the ledger's events, the projection store, the
     * Codex store, migration journal and plan file, {@code projects.json}, host files, an
     * operation's intent arguments, a child process's answer), which lives outside these packages
     * ({@code application.heartbeat} and {@code .automation} build intent arguments and the plan
     * file, so they are not listed; their results are records all the same).
     */
    static ArchRule documentsAreShapedOnlyInTheCli() {
        return noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.loopx.projections.query..",
                        "dev.loopx.projections.quota..",
                        "dev.loopx.host.heartbeat..",
                        "dev.loopx.host.pack..",
                        "dev.loopx.host.slash..",
                        "dev.loopx.application.status..",
                        "dev.loopx.application.quota..",
                        "dev.loopx.application.todo..",
                        "dev.loopx.application.host..",
                        "dev.loopx.application.ledger..",
                        "dev.loopx.application.ops..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("com.fasterxml.jackson.databind..")
                .allowEmptyShould(true)
                .because("a document is rendered in one place, in the CLI, from result records");
    }

    /** Pure functions over input text (no state, no I/O) that the CLI may call to refuse bad input early. */
    private static final Set<String> GRAMMAR = Set.of(
            "dev.loopx.commands.Ids",
            "dev.loopx.commands.todo.TodoIds",
            "dev.loopx.commands.todo.ResumeCondition",
            "dev.loopx.commands.scheduler.Rrule");

    /**
     * A resource of the process rather than behaviour: its sessions on server ledgers, which the
     * CLI's entry point gets from the composition root, hands to every call and closes (ADR 0010).
     * What they do is reached through the composition root all the same.
     */
    private static final Set<String> PROCESS_RESOURCES = Set.of("dev.loopx.ledger.remote.ServerSessions");

    /** A class of a lower floor that does something (not a value the application hands over). */
    private static final DescribedPredicate<JavaClass> DOMAIN_BEHAVIOUR =
            new DescribedPredicate<>(
                    "domain behaviour (not a record, enum, sealed interface, exception or shared kernel)") {
                @Override
                public boolean test(JavaClass c) {
                    String name = c.getName();
                    boolean domain = name.startsWith("dev.loopx.commands.")
                            || name.startsWith("dev.loopx.projections.")
                            || name.startsWith("dev.loopx.host.")
                            || name.startsWith("dev.loopx.ledger.");
                    if (!domain
                            || GRAMMAR.contains(name)
                            || PROCESS_RESOURCES.contains(name)
                            || name.startsWith("dev.loopx.ledger.json.")
                            || name.startsWith("dev.loopx.commands.privacy.")
                            || name.startsWith("dev.loopx.host.mcp.")) {
                        return false;
                    }
                    JavaClass top = c;
                    while (top.getEnclosingClass().isPresent() && (top.isAnonymousClass() || top.isLocalClass())) {
                        top = top.getEnclosingClass().get();
                    }
                    if (top.isRecord() || top.isEnum() || top.isAssignableTo(Throwable.class)) {
                        return false;
                    }
                    return !(top.isInterface() && top.reflect().isSealed());
                }
            };

    static ArchRule domainNeverReadsTheClockRandomnessOrEnvironment() {
        return noClasses()
                .that()
                .resideInAnyPackage("dev.loopx.commands..", "dev.loopx.projections..")
                .and()
                .resideOutsideOfPackages(ADAPTER_PACKAGES)
                .should()
                .callMethod(java.time.Instant.class, "now")
                .orShould()
                .callMethod(System.class, "currentTimeMillis")
                .orShould()
                .callMethod(System.class, "nanoTime")
                .orShould()
                .callMethod(java.util.UUID.class, "randomUUID")
                .orShould()
                .callMethod(Math.class, "random")
                .orShould()
                .callMethod(System.class, "getenv")
                .orShould()
                .callMethod(System.class, "getenv", String.class)
                .orShould()
                .callMethod(java.time.Clock.class, "systemUTC")
                .orShould()
                .dependOnClassesThat()
                .areAssignableTo(java.util.Random.class)
                .allowEmptyShould(true)
                .because(
                        "folds and deciders must be deterministic: time comes from event envelopes or an explicit now");
    }

    static ArchRule domainNeverTouchesTheFileSystem() {
        return noClasses()
                .that()
                .resideInAnyPackage("dev.loopx.commands..", "dev.loopx.projections..")
                .and()
                .resideOutsideOfPackages(ADAPTER_PACKAGES)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.nio.file..", "java.io..")
                .allowEmptyShould(true)
                .because("I/O belongs to adapters (store, runtime)");
    }

    /**
     * Issue 34: no mutable static fields in the application, the CLI or the server-ledger client
     * ({@code ledger.remote}). State a process keeps across calls (its server-ledger sessions, the
     * head holder it asked) is an instance the composition root makes and the entry point owns, so
     * tests that play several processes in one JVM never share it and nothing needs resetting.
     */
    static ArchRule noMutableStaticStateAboveTheLedgers() {
        return fields().that()
                .areStatic()
                .and()
                .areDeclaredInClassesThat()
                .resideInAnyPackage("dev.loopx.application..", "dev.loopx.cli..", "dev.loopx.ledger.remote..")
                .should()
                .beFinal()
                .allowEmptyShould(true)
                .because("a process's state is an instance its entry point owns (ServerSessions), not a static field");
    }
}
