package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ListProjects;
import dev.loopx.application.project.ScanProjects;
import java.io.PrintWriter;
import java.util.List;

/**
 * {@code loopx projects list}'s answer, {@code loopx_projects_list_v0}: {@code read_only: true},
 * {@code project_count}, {@code missing_count}, and per recorded project in index order
 * {@code {project_label, runtime_root_present, readable, goal_count}} ({@code goal_count} null
 * when it cannot be read), with {@code error_code} for one that is there but unreadable and
 * {@code fix} for one that is missing. Always {@code ok}: a missing or unreadable project is a
 * fact about the index, not a failure of the listing. Named by label, never by path.
 *
 * <p>Its text: the count, then a table of label, state and goals.
 */
public record ProjectsListAnswer(List<ListProjects.Listed> projects) implements RenderedAnswer {
    public ProjectsListAnswer {
        projects = List.copyOf(projects);
    }

    private long missingCount() {
        return projects.stream().filter(p -> !p.runtimeRootPresent()).count();
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_projects_list_v0", true);
        doc.put("read_only", true);
        doc.put("project_count", projects.size());
        doc.put("missing_count", missingCount());
        ArrayNode list = doc.putArray("projects");
        for (ListProjects.Listed p : projects) {
            ObjectNode o = list.addObject();
            o.put("project_label", p.label());
            o.put("runtime_root_present", p.runtimeRootPresent());
            o.put("readable", p.goalCount().isPresent());
            if (p.goalCount().isPresent()) {
                o.put("goal_count", p.goalCount().getAsInt());
            } else {
                o.putNull("goal_count");
            }
            p.errorCode().ifPresent(code -> o.put("error_code", code));
            if (!p.runtimeRootPresent()) {
                o.put("fix", GlobalScanParts.fix(new ScanProjects.Missing(p.label())));
            }
        }
        return doc;
    }

    void text(PrintWriter out) {
        long missing = missingCount();
        out.println(
                projects.isEmpty()
                        ? "no project recorded yet: loopx connect --project ."
                        : Words.count(projects.size(), "project") + " recorded"
                                + (missing == 0 ? "" : ", " + missing + " missing"));
        Table t = new Table("  ", "PROJECT", "STATE", "GOALS");
        for (ListProjects.Listed p : projects) {
            t.row(
                    p.label(),
                    !p.runtimeRootPresent()
                            ? "missing (moved or deleted): " + GlobalScanParts.fix(new ScanProjects.Missing(p.label()))
                            : p.errorCode()
                                    .map(code -> "unreadable (" + code + ")")
                                    .orElse("present"),
                    p.goalCount().isPresent() ? String.valueOf(p.goalCount().getAsInt()) : "-");
        }
        if (!t.isEmpty()) {
            t.print(out);
        }
    }
}
