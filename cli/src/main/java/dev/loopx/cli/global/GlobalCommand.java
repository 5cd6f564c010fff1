package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;

/**
 * Base of {@code global-summary | global-gates | global-todos | global-risks}: scans every project
 * of {@code projects.json} and answers {@code {schema_version, ok, read_only: true,
 * project_count, projects[{project_label, …}], unavailable_projects[{project_label, error_code,
 * message}]}}. Any unreadable project makes {@code ok=false} with
 * {@code error_code=status_collection_unavailable} (exit 1); readable projects are still
 * reported. Projects are named by label, never by path. These commands can only read.
 */
abstract class GlobalCommand extends LoopxSubcommand {
    /** The answer's schema id, e.g. {@code loopx_global_summary_v0}. */
    protected abstract String schemaVersion();

    /** Adds one readable project's facts. */
    protected abstract void read(ProjectScan.Project project, ObjectNode into, CliContext context);

    /** Totals over the readable projects (optional). */
    protected void totals(ObjectNode doc, ProjectScan.Result result) {}

    @Override
    protected final int execute(CliContext context) {
        ProjectScan.Result result = ProjectScan.scan(context, (project, into) -> read(project, into, context));
        boolean ok = result.unavailable().isEmpty();
        ObjectNode doc = CliContext.document(schemaVersion(), ok);
        if (!ok) {
            doc.put("error_code", "status_collection_unavailable");
            doc.put("message", result.unavailable().size() + " project(s) could not be read; the others are reported");
            doc.put("hint", "reconnect or remove the project: loopx connect --project <dir>");
        }
        doc.put("read_only", true);
        doc.put("now", context.now().toString());
        doc.put("project_count", result.projects().size() + result.unavailable().size());
        totals(doc, result);
        ArrayNode projects = doc.putArray("projects");
        result.projects().forEach(projects::add);
        ArrayNode unavailable = doc.putArray("unavailable_projects");
        result.unavailable().forEach(unavailable::add);
        return context.emit(doc);
    }
}
