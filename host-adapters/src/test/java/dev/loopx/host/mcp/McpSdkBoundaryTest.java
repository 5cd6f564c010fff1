package dev.loopx.host.mcp;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import dev.loopx.arch.LoopxArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The shared rule set (ledger test jar) over this module's production classes, and the MCP SDK
 * boundary: only {@code dev.loopx.host.mcp} may see the SDK (and Reactor).
 */
class McpSdkBoundaryTest {
    @Test
    void hostAdaptersFollowTheArchitectureRules() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.host");
        LoopxArchitectureRules.all().forEach(rule -> rule.check(classes));
    }

    @Test
    void onlyTheMcpPackageSeesTheMcpSdk() {
        var classes = LoopxArchitectureRules.productionClassesOf("dev.loopx.host");
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.loopx.host.mcp..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.modelcontextprotocol..", "reactor..")
                .because("the MCP SDK loads only under `loopx mcp serve`")
                .check(classes);
    }
}
