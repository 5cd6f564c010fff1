package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ForgetProject;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx projects forget}'s answer, {@code loopx_projects_forget_v0} (ADR 0008). A preview:
 * {@code dry_run: true}, {@code preview {would_remove[{project_label, runtime_root_present}]}},
 * {@code remaining_count} (what the index would keep) and {@code next_step}. A write:
 * {@code changed: true}, {@code removed[…]} (same shape) and {@code remaining_count}. Both say
 * {@code project_files_touched: false}: only {@code projects.json} changes. Named by label, never
 * by path.
 *
 * <p>Its text: {@code preview: would forget app (nothing written)} or {@code forgot app}, then
 * what stays and, for a preview, how to write it.
 */
public record ProjectsForgetAnswer(ForgetProject.Outcome outcome) implements RenderedAnswer {
    private static final String SCHEMA = "loopx_projects_forget_v0";
    private static final String NEXT_STEP = "add --execute to remove it from projects.json";

    public ProjectsForgetAnswer {
        Objects.requireNonNull(outcome, "outcome");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(SCHEMA, true);
        ArrayNode list;
        if (outcome.executed()) {
            doc.put("changed", true);
            list = doc.putArray("removed");
        } else {
            doc.put("dry_run", true);
            list = doc.putObject("preview").putArray("would_remove");
        }
        outcome.projects()
                .forEach(p -> list.addObject()
                        .put("project_label", p.label())
                        .put("runtime_root_present", p.runtimeRootPresent()));
        doc.put("remaining_count", outcome.remainingCount());
        doc.put("project_files_touched", false);
        if (!outcome.executed()) {
            doc.put("next_step", NEXT_STEP);
        }
        return doc;
    }

    private String labels() {
        return String.join(
                ", ",
                outcome.projects().stream()
                        .map(p -> p.label() + (p.runtimeRootPresent() ? "" : " (missing)"))
                        .toList());
    }

    void text(PrintWriter out) {
        out.println(
                outcome.executed()
                        ? "forgot " + labels() + " (projects.json only; no project file was touched)"
                        : "preview: would forget " + labels() + " (nothing written)");
        new Lines(out)
                .add("remaining", Words.count(outcome.remainingCount(), "project") + " in projects.json")
                .add("next", outcome.executed() ? "" : Previews.next(SCHEMA, NEXT_STEP))
                .print();
    }
}
