package dev.loopx.cli.global;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.goal.ProjectRegistry;
import dev.loopx.cli.support.CliContext;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads every runtime root of {@code projects.json} for the global manager commands (SPEC §S9):
 * opens each with {@link LoopxRuntime#open} (which refuses a missing or uninitialised root
 * before touching a file), reads its views, and hands the goals to a per-project reader. A
 * project that cannot be read is reported by label with its error (paths redacted); the others
 * are still read. Never appends, never takes the write lock.
 */
final class ProjectScan {
    /** One readable project while its runtime is open. */
    record Project(String label, LoopxRuntime runtime, List<GoalState> goals) {}

    /** Per-project facts ({@code project_label} is added by the scan). */
    @FunctionalInterface
    interface Reader {
        void read(Project project, ObjectNode into);
    }

    record Result(List<ObjectNode> projects, List<ObjectNode> unavailable) {}

    private ProjectScan() {}

    static Result scan(CliContext context, Reader reader) {
        List<ObjectNode> projects = new ArrayList<>();
        List<ObjectNode> unavailable = new ArrayList<>();
        for (ProjectRegistry.Entry entry : new ProjectRegistry(context.loopxHome()).entries()) {
            ObjectNode facts = Json.object().put("project_label", entry.projectLabel());
            try (LoopxRuntime runtime = LoopxRuntime.open(entry.runtimeRoot(), context.syncPolicy())) {
                List<GoalState> goals = GoalState.loadAll(runtime.views());
                reader.read(new Project(entry.projectLabel(), runtime, goals), facts);
                projects.add(facts);
            } catch (LedgerException e) {
                unavailable.add(unreadable(entry.projectLabel(), e.errorCode(), e.getMessage()));
            } catch (RuntimeException e) {
                unavailable.add(unreadable(entry.projectLabel(), "project_unreadable", e.getClass().getSimpleName()));
            }
        }
        return new Result(projects, unavailable);
    }

    private static ObjectNode unreadable(String label, String code, String message) {
        return Json.object().put("project_label", label).put("error_code", code)
                .put("message", PathRedactor.redact(String.valueOf(message)));
    }
}
