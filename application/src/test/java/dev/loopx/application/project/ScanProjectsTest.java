package dev.loopx.application.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.Invocation;
import dev.loopx.application.Invocations;
import dev.loopx.ledger.Head;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The global scan: every project of the index, the broken ones by label with their error, never a path. */
class ScanProjectsTest {
    @TempDir
    Path sandbox;

    Path loopxHome;

    @BeforeEach
    void setUp() throws Exception {
        loopxHome = sandbox.resolve("loopx-home");
        for (String name : List.of("api", "web", "broken")) {
            Path project = Files.createDirectories(sandbox.resolve(name));
            var request = new ConnectProject.Request(project, name + "-goal", "", null, null, false);
            assertTrue(ConnectProject.run(invocation(), request).isRight());
        }
    }

    @Test
    void everyReadableProjectIsRead_andAnUnreadableOneIsReportedByLabelWithoutItsPath() throws Exception {
        deleteTree(sandbox.resolve("broken/.loopx/ledger"));

        ScanProjects.Scan<String> scan = ScanProjects.run(invocation(), project -> {
            assertTrue(project.ledgerCheck().confirmed(), "a current store matches the committed head marker");
            return project.goals().stream().map(s -> s.goal().goalId()).toList().toString();
        });

        assertEquals(3, scan.projectCount());
        assertEquals(
                List.of(new ScanProjects.Read<>("api", "[api-goal]"), new ScanProjects.Read<>("web", "[web-goal]")),
                scan.readable());
        assertEquals(1, scan.unavailable().size());
        ScanProjects.Unavailable broken = scan.unavailable().get(0);
        assertEquals("broken", broken.label());
        assertEquals("runtime_root_not_initialized", broken.errorCode());
        assertFalse(broken.message().contains(sandbox.toString()), broken.message());
    }

    @Test
    void aReaderThatFails_makesOnlyThatProjectUnavailable() {
        ScanProjects.Scan<String> scan = ScanProjects.run(invocation(), project -> {
            if (project.label().equals("web")) {
                throw new IllegalStateException("cannot summarise");
            }
            return project.label().toUpperCase();
        });

        assertEquals(
                List.of("API", "BROKEN"),
                scan.readable().stream().map(ScanProjects.Read::facts).toList());
        assertEquals(
                List.of(new ScanProjects.Unavailable("web", "project_unreadable", "IllegalStateException")),
                scan.unavailable());
    }

    @Test
    void aMarkerThatDoesNotConfirmTheViews_isTheFirstRisk_andAConfirmingOneIsNoRisk() {
        Head views = new Head(3, "a".repeat(64));
        var missing = new ScanProjects.LedgerCheck(views, Optional.empty());
        var differs = new ScanProjects.LedgerCheck(views, Optional.of(new Head(4, "b".repeat(64))));
        var matches = new ScanProjects.LedgerCheck(views, Optional.of(views));

        assertEquals("missing_or_pending", missing.state().wire());
        assertEquals("differs_from_views", differs.state().wire());
        assertEquals("matches_views", matches.state().wire());
        assertEquals(3, missing.headSeq());
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        var risks = ProjectDigests.risks(new ScanProjects.Project("p", List.of(), differs), now);
        assertEquals(
                List.of("ledger_head_unconfirmed"),
                risks.stream().map(r -> r.kind()).toList());
        assertEquals(List.of(), ProjectDigests.risks(new ScanProjects.Project("p", List.of(), matches), now));
    }

    @Test
    void noIndex_meansNoProjects() {
        var empty = Invocations.sandboxed(
                Instant.parse("2026-01-01T00:00:00Z"), sandbox, sandbox.resolve("other-home"), sandbox);

        assertEquals(0, ScanProjects.run(empty, ScanProjects.Project::label).projectCount());
    }

    private Invocation invocation() {
        return Invocations.sandboxed(Instant.parse("2026-01-01T00:00:00Z"), loopxHome, loopxHome, sandbox);
    }

    private static void deleteTree(Path dir) throws Exception {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p :
                    paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
    }
}
