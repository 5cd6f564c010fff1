package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36 item 7 through the real CLI: a project whose folder was deleted or moved after
 * {@code connect} does not fail the global views (they answer for the others, ok, exit 0, and
 * name it by label with the command that forgets it; {@code global-risks} reports
 * {@code project_missing}); {@code projects list} shows it, {@code projects forget} previews by
 * default (projects.json byte-identical) and removes only its entry with {@code --execute},
 * never touching a project's files.
 */
class MissingProjectsTest {
    private static final List<String> GLOBALS =
            List.of("global-summary", "global-gates", "global-todos", "global-risks");

    @TempDir
    Path sandbox;

    CliRunner cli;
    Path app;
    Path web;

    @BeforeEach
    void twoProjects() throws Exception {
        cli = new CliRunner(sandbox);
        app = Files.createDirectories(cli.workingDirectory().resolve("app"));
        web = Files.createDirectories(cli.workingDirectory().resolve("web"));
        ok(cli.run("connect", "--project", app.toString(), "--goal-id", "g1"));
        ok(cli.run("connect", "--project", web.toString(), "--goal-id", "g2"));
    }

    @Test
    void aDeletedProject_isReportedAsMissing_andTheGlobalViewsAnswerForTheOther() throws Exception {
        deleteTree(web);
        for (String command : GLOBALS) {
            var result = cli.run(command);
            assertEquals(0, result.exit(), command + ": " + result);
            JsonNode doc = result.json();
            assertTrue(doc.get("ok").asBoolean(), command);
            assertNull(doc.get("error_code"), command);
            assertEquals(2, doc.get("project_count").asInt(), command);
            assertEquals("app", doc.at("/projects/0/project_label").asText(), command);
            assertEquals(0, doc.get("unavailable_projects").size(), command);
            JsonNode missing = doc.at("/missing_projects/0");
            assertEquals(1, doc.get("missing_projects").size(), command);
            assertEquals("web", missing.get("project_label").asText(), command);
            assertEquals("runtime_root_missing", missing.get("reason").asText(), command);
            assertEquals("loopx projects forget web", missing.get("fix").asText(), command);
            assertEquals("loopx connect --project .", missing.get("if_moved").asText(), command);
            assertFalse(result.stdout().contains(sandbox.toString()), "no path: " + result.stdout());
            assertFalse(result.stdout().contains("redacted"), "nothing to redact: " + result.stdout());
        }
        assertEquals(
                "g1",
                cli.run("global-summary")
                        .json()
                        .at("/projects/0/goals/0/goal_id")
                        .asText());

        JsonNode risks = cli.run("global-risks").json();
        assertEquals(
                "matches_views",
                risks.at("/projects/0/ledger_check/head_marker").asText());
        JsonNode gone = risks.at("/projects/1");
        assertEquals("web", gone.get("project_label").asText());
        assertTrue(gone.get("ledger_check").isNull());
        assertEquals("project_missing", gone.at("/risks/0/kind").asText());
        assertEquals("loopx projects forget web", gone.at("/risks/0/fix").asText());
        assertEquals(1, risks.get("risk_count").asInt(), risks.toString());

        String text = cli.run("--format", "text", "global-risks").stdout();
        assertTrue(text.contains("project missing"), text);
        assertTrue(text.contains("loopx projects forget web"), text);
        String summary = cli.run("--format", "text", "global-summary").stdout();
        assertTrue(summary.contains("missing: web (folder moved or deleted)"), summary);
        assertTrue(summary.contains("loopx projects forget web"), summary);
    }

    @Test
    void aMovedProject_isMissingAtItsOldPlace_andForgettingItsLabelAfterReconnecting_dropsOnlyTheStaleEntry()
            throws Exception {
        Path moved = Files.createDirectories(cli.workingDirectory().resolve("elsewhere"));
        Files.move(web, moved.resolve("web"));
        var before = cli.run("global-todos");
        assertEquals(0, before.exit(), before.toString());
        assertEquals(
                "web", before.json().at("/missing_projects/0/project_label").asText());

        // connected again in its new place: same label, two entries, the old one missing
        ok(cli.runIn(moved.resolve("web"), "connect", "--project", "."));
        JsonNode list = ok(cli.run("projects", "list")).json();
        assertEquals(List.of("app", "web", "web"), labels(list.get("projects")));
        assertFalse(list.at("/projects/1/runtime_root_present").asBoolean());
        assertTrue(list.at("/projects/2/runtime_root_present").asBoolean());

        JsonNode forgot = ok(cli.run("projects", "forget", "web", "--execute")).json();
        assertEquals(1, forgot.get("removed").size());
        assertFalse(forgot.at("/removed/0/runtime_root_present").asBoolean(), "the stale entry went");
        assertEquals(2, forgot.get("remaining_count").asInt());
        JsonNode after = ok(cli.run("projects", "list")).json();
        assertEquals(List.of("app", "web"), labels(after.get("projects")));
        assertTrue(after.at("/projects/1/runtime_root_present").asBoolean());
        JsonNode risks = ok(cli.run("global-risks")).json();
        assertEquals(0, risks.get("missing_projects").size());
        assertFalse(risks.toString().contains("project_missing"), risks.toString());
    }

    @Test
    void aProjectThatIsThereButUnreadable_stillMakesTheGlobalViewsUnavailable() throws Exception {
        deleteTree(web);
        deleteTree(app.resolve(".loopx/ledger"));
        var result = cli.run("global-risks");
        assertEquals(1, result.exit(), result.toString());
        JsonNode doc = result.json();
        assertEquals("status_collection_unavailable", doc.get("error_code").asText());
        assertEquals("app", doc.at("/unavailable_projects/0/project_label").asText());
        assertEquals("web", doc.at("/missing_projects/0/project_label").asText());
    }

    @Test
    void projectsList_namesEveryProjectByLabel_withItsStateAndGoalCount() throws Exception {
        ok(cli.run("connect", "--project", app.toString(), "--goal-id", "g3"));
        deleteTree(web);
        var result = ok(cli.run("projects", "list"));
        JsonNode doc = result.json();
        assertEquals("loopx_projects_list_v0", doc.get("schema_version").asText());
        assertTrue(doc.get("read_only").asBoolean());
        assertEquals(2, doc.get("project_count").asInt());
        assertEquals(1, doc.get("missing_count").asInt());
        JsonNode first = doc.at("/projects/0");
        assertEquals("app", first.get("project_label").asText());
        assertTrue(first.get("runtime_root_present").asBoolean());
        assertTrue(first.get("readable").asBoolean());
        assertEquals(2, first.get("goal_count").asInt());
        JsonNode second = doc.at("/projects/1");
        assertEquals("web", second.get("project_label").asText());
        assertFalse(second.get("runtime_root_present").asBoolean());
        assertTrue(second.get("goal_count").isNull());
        assertEquals("loopx projects forget web", second.get("fix").asText());
        assertFalse(result.stdout().contains(sandbox.toString()), result.stdout());
        String text = ok(cli.run("--format", "text", "projects", "list")).stdout();
        assertTrue(text.startsWith("2 projects recorded, 1 missing"), text);
        assertTrue(text.contains("missing (moved or deleted): loopx projects forget web"), text);
    }

    @Test
    void projectsForget_previewsByDefault_andWritesNothing() throws Exception {
        Path index = cli.loopxHome().resolve("projects.json");
        byte[] before = Files.readAllBytes(index);
        var snapshot = CliRunner.snapshot(sandbox);
        var result = ok(cli.run("projects", "forget", "web"));
        JsonNode doc = result.json();
        assertEquals("loopx_projects_forget_v0", doc.get("schema_version").asText());
        assertTrue(doc.get("dry_run").asBoolean());
        assertEquals("web", doc.at("/preview/would_remove/0/project_label").asText());
        assertTrue(doc.at("/preview/would_remove/0/runtime_root_present").asBoolean());
        assertEquals(1, doc.get("remaining_count").asInt());
        assertEquals(
                "add --execute to remove it from projects.json",
                doc.get("next_step").asText());
        assertArrayEquals(before, Files.readAllBytes(index), "projects.json byte-identical");
        assertEquals(snapshot, CliRunner.snapshot(sandbox), "no file changed");
        String text =
                ok(cli.run("--format", "text", "projects", "forget", "web")).stdout();
        assertTrue(text.startsWith("preview: would forget web (nothing written)"), text);
        assertTrue(text.contains("repeat the command with --execute"), text);
    }

    @Test
    void projectsForgetExecute_removesOnlyThatEntry_andNeverTouchesTheProject() throws Exception {
        var projectFiles = CliRunner.snapshot(web);
        JsonNode doc =
                ok(cli.run("projects", "forget", web.toString(), "--execute")).json();
        assertTrue(doc.get("changed").asBoolean());
        assertEquals("web", doc.at("/removed/0/project_label").asText());
        assertFalse(doc.get("project_files_touched").asBoolean());
        assertEquals(projectFiles, CliRunner.snapshot(web), "the project's files are untouched");
        JsonNode list = ok(cli.run("projects", "list")).json();
        assertEquals(List.of("app"), labels(list.get("projects")));
        JsonNode summary = ok(cli.run("global-summary")).json();
        assertEquals(1, summary.get("project_count").asInt());
        // connecting again records it again
        ok(cli.run("connect", "--project", web.toString()));
        assertEquals(
                List.of("app", "web"),
                labels(ok(cli.run("projects", "list")).json().get("projects")));
    }

    @Test
    void projectsForget_anUnknownProject_isARefusal_andWritesNothing() throws Exception {
        var snapshot = CliRunner.snapshot(sandbox);
        for (String unknown : List.of("nope", "./not-a-project")) {
            var result = cli.run("projects", "forget", unknown, "--execute");
            assertEquals(1, result.exit(), result.toString());
            JsonNode doc = result.json();
            assertFalse(doc.get("ok").asBoolean());
            assertEquals("project_not_recorded", doc.get("error_code").asText());
            assertEquals("loopx projects list", doc.get("hint").asText());
            assertFalse(result.stdout().contains("not-a-project"), "the value is not echoed: " + result.stdout());
        }
        assertEquals(snapshot, CliRunner.snapshot(sandbox), "nothing written");
    }

    @Test
    void projectsForget_aLabelTwoPresentProjectsShare_isAmbiguous() throws Exception {
        Path other = Files.createDirectories(cli.workingDirectory().resolve("other/web"));
        ok(cli.run("connect", "--project", other.toString()));
        var snapshot = CliRunner.snapshot(cli.loopxHome());
        var result = cli.run("projects", "forget", "web", "--execute");
        assertEquals(1, result.exit(), result.toString());
        assertEquals("project_label_ambiguous", result.json().get("error_code").asText());
        assertEquals(snapshot, CliRunner.snapshot(cli.loopxHome()), "nothing written");
        JsonNode byFolder =
                ok(cli.run("projects", "forget", "other/web", "--execute")).json();
        assertEquals("web", byFolder.at("/removed/0/project_label").asText());
        assertEquals(2, byFolder.get("remaining_count").asInt());
    }

    private static CliRunner.Result ok(CliRunner.Result result) {
        assertEquals(0, result.exit(), result::toString);
        return result;
    }

    private static List<String> labels(JsonNode projects) {
        List<String> out = new ArrayList<>();
        projects.forEach(p -> out.add(p.get("project_label").asText()));
        return out;
    }

    private static void deleteTree(Path dir) throws Exception {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
