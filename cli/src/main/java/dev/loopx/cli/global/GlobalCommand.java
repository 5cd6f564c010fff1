package dev.loopx.cli.global;

import dev.loopx.application.project.ScanProjects;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import java.time.Instant;

/**
 * Base of {@code global-summary | global-gates | global-todos | global-risks}: one
 * {@link ScanProjects} call over every project of {@code projects.json}, each readable project read
 * into facts of type {@code T}, answered as
 * {@code {schema_version, ok, read_only: true, project_count, projects[{project_label, …}],
 * unavailable_projects[{project_label, error_code, message}]}}. Any unreadable project makes
 * {@code ok=false} with {@code error_code=status_collection_unavailable} (exit 1); readable
 * projects are still reported. Projects are named by label, never by path. These commands can
 * only read.
 *
 * @param <T> what the command reads of one project
 */
abstract class GlobalCommand<T> extends LoopxSubcommand {
    /** One readable project's facts; runs while the scan has the project open (a failure makes it unavailable). */
    protected abstract T read(ScanProjects.Project project, Instant now);

    /** The command's answer over the whole scan. */
    protected abstract RenderedAnswer answer(Instant now, ScanProjects.Scan<T> scan);

    @Override
    protected final int execute(CliContext context) {
        return context.emit(answer(context));
    }

    /** The command's answer as a function of the call alone (it has no options): one scan, its record. */
    final RenderedAnswer answer(CliContext context) {
        // The scan is about the LoopX home's index, not one runtime root (and must not resolve --runtime-root).
        ScanProjects.Scan<T> scan =
                ScanProjects.run(context.invocation(context.loopxHome()), project -> read(project, context.now()));
        return answer(context.now(), scan);
    }
}
