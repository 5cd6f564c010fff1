package dev.loopx.application.project;

import dev.loopx.application.Invocation;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Use case "forget a project": removes its entry from {@code $LOOPX_HOME/projects.json}, so the
 * global views stop reporting it. Only the index changes: the project's folder, its runtime root
 * and its ledger are never touched (connecting it again records it again). A preview (the
 * default) reads the index and writes nothing; {@code execute} removes the entry in one locked
 * read-modify-write ({@link ProjectRegistry#remove}), choosing again under the lock.
 *
 * <p>Which entries {@code project} names ({@link #select}):
 *
 * <ul>
 *   <li>a path (it contains {@code /}, or is {@code .} or {@code ..}; relative to the working
 *       directory): the entry whose runtime root is that folder or that folder's {@code .loopx};
 *   <li>otherwise a label: the entry with that label. When several entries share it (a project
 *       moved and connected again in its new place keeps its folder's name), the ones whose runtime
 *       root is missing are named; when none is missing the label is {@link Refusal.Ambiguous}.
 * </ul>
 */
public final class ForgetProject {
    private ForgetProject() {}

    /**
     * @param project a label or a path (never printed)
     * @param execute remove the entry; false: preview only
     */
    public record Request(String project, boolean execute) {
        public Request {
            Objects.requireNonNull(project, "project");
        }
    }

    /** One forgotten (or, in a preview, to be forgotten) project: its label and whether its runtime root is there. */
    public record Forgotten(String label, boolean runtimeRootPresent) {
        public Forgotten {
            Objects.requireNonNull(label, "label");
        }
    }

    /**
     * What was (or would be) forgotten and how many projects the index keeps.
     *
     * @param executed whether the index was changed; false: a preview, nothing written
     */
    public record Outcome(List<Forgotten> projects, int remainingCount, boolean executed) {
        public Outcome {
            projects = List.copyOf(projects);
        }
    }

    /** Why nothing was forgotten; nothing was written. */
    public sealed interface Refusal {
        /** No entry of the index has that label or that folder. */
        record NotRecorded() implements Refusal {}

        /** Several present projects share the label: name the folder instead. */
        record Ambiguous(String label, int count) implements Refusal {}

        default String errorCode() {
            return switch (this) {
                case NotRecorded r -> "project_not_recorded";
                case Ambiguous r -> "project_label_ambiguous";
            };
        }
    }

    /** Previews or forgets; index failures are {@code LedgerException}s with the index's codes. */
    public static Either<Refusal, Outcome> run(Invocation invocation, Request request) {
        ProjectRegistry registry = new ProjectRegistry(invocation.loopxHome());
        Path workingDirectory = invocation.workingDirectory();
        List<ProjectRegistry.Entry> entries = registry.entries();
        Either<Refusal, List<ProjectRegistry.Entry>> picked = select(entries, request.project(), workingDirectory);
        if (picked.isLeft() || !request.execute()) {
            // a refusal takes no lock, so an unknown project writes nothing, not even the lock file
            return picked.map(p -> outcome(p, entries.size(), false));
        }
        AtomicInteger recorded = new AtomicInteger(); // the index's size under the lock
        return registry.<Refusal>remove(current -> {
                    recorded.set(current.size());
                    return select(current, request.project(), workingDirectory);
                })
                .map(p -> outcome(p, recorded.get(), true));
    }

    private static Outcome outcome(List<ProjectRegistry.Entry> picked, int recorded, boolean executed) {
        return new Outcome(
                picked.stream()
                        .map(e -> new Forgotten(e.projectLabel(), !ScanProjects.missing(e.runtimeRoot())))
                        .toList(),
                recorded - picked.size(),
                executed);
    }

    /** The entries {@code project} names among {@code entries} (see the class comment); never empty when right. */
    static Either<Refusal, List<ProjectRegistry.Entry>> select(
            List<ProjectRegistry.Entry> entries, String project, Path workingDirectory) {
        List<ProjectRegistry.Entry> named;
        if (isPath(project)) {
            Path folder = workingDirectory.resolve(project).normalize();
            named = entries.stream().filter(e -> names(folder, e.runtimeRoot())).toList();
        } else {
            named = entries.stream()
                    .filter(e -> e.projectLabel().equals(project))
                    .toList();
            if (named.size() > 1) {
                List<ProjectRegistry.Entry> missing = named.stream()
                        .filter(e -> ScanProjects.missing(e.runtimeRoot()))
                        .toList();
                if (missing.isEmpty()) {
                    return Either.left(new Refusal.Ambiguous(project, named.size()));
                }
                named = missing;
            }
        }
        return named.isEmpty() ? Either.left(new Refusal.NotRecorded()) : Either.right(named);
    }

    /** Labels are ids (no {@code /}); anything with a {@code /}, and {@code .} or {@code ..}, is a folder. */
    static boolean isPath(String project) {
        return project.indexOf('/') >= 0 || project.equals(".") || project.equals("..");
    }

    /** Whether {@code folder} is the runtime root or its project folder (as spelled, or the same file on disk). */
    private static boolean names(Path folder, Path runtimeRoot) {
        if (runtimeRoot.equals(folder) || runtimeRoot.equals(folder.resolve(".loopx"))) {
            return true;
        }
        return same(folder, runtimeRoot) || same(folder.resolve(".loopx"), runtimeRoot);
    }

    private static boolean same(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}
