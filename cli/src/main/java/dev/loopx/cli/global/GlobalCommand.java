package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import java.util.List;

/**
 * Base of {@code global-summary | global-gates | global-todos | global-risks}: one
 * {@link ScanProjects} call over every project of {@code projects.json}, rendered as
 * {@code {schema_version, ok, read_only: true, project_count, projects[{project_label, …}],
 * unavailable_projects[{project_label, error_code, message}]}}. Any unreadable project makes
 * {@code ok=false} with {@code error_code=status_collection_unavailable} (exit 1); readable
 * projects are still reported. Projects are named by label, never by path. These commands can
 * only read.
 */
abstract class GlobalCommand extends LoopxSubcommand {
    /** The answer's schema id, e.g. {@code loopx_global_summary_v0}. */
    protected abstract String schemaVersion();

    /** Adds one readable project's facts; runs while the scan has the project open (a failure makes it unavailable). */
    protected abstract void read(ScanProjects.Project project, ObjectNode into, CliContext context);

    /** Totals over the readable projects' facts (optional). */
    protected void totals(ObjectNode doc, List<ObjectNode> projects) {}

    @Override
    protected final int execute(CliContext context) {
        ObjectNode doc = CliContext.document(schemaVersion(), true);
        // The scan is about the LoopX home's index, not one runtime root (and must not resolve --runtime-root).
        ScanProjects.Scan<ObjectNode> scan = ScanProjects.run(context.invocation(context.loopxHome()), project -> {
            ObjectNode facts = doc.objectNode().put("project_label", project.label());
            read(project, facts, context);
            return facts;
        });
        List<ObjectNode> projects =
                scan.readable().stream().map(ScanProjects.Read::facts).toList();
        boolean ok = scan.unavailable().isEmpty();
        doc.put("ok", ok);
        if (!ok) {
            doc.put("error_code", "status_collection_unavailable");
            doc.put("message", scan.unavailable().size() + " project(s) could not be read; the others are reported");
            doc.put("hint", "reconnect or remove the project: loopx connect --project <dir>");
        }
        doc.put("read_only", true);
        doc.put("now", context.now().toString());
        doc.put("project_count", scan.projectCount());
        totals(doc, projects);
        ArrayNode readable = doc.putArray("projects");
        projects.forEach(readable::add);
        ArrayNode unavailable = doc.putArray("unavailable_projects");
        scan.unavailable()
                .forEach(u -> unavailable
                        .addObject()
                        .put("project_label", u.label())
                        .put("error_code", u.errorCode())
                        .put("message", u.message()));
        return context.emit(doc);
    }
}
