package dev.loopx.application.project;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.LedgerException;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.query.LedgerDamageNotice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Use case "read every known project" for the global read surfaces (SPEC §S9): opens each runtime
 * root of {@code projects.json} through the composition root (an uninitialised root is refused
 * before a file is touched), reads its views, and hands a {@link Project} to the caller's reader.
 * Each entry of the index ends as exactly one of three:
 *
 * <ul>
 *   <li>{@link Read}: opened and read;
 *   <li>{@link Missing}: its runtime root folder no longer exists (the project was moved or deleted
 *       after {@code connect}) — not a failure of the scan, the entry is merely stale;
 *   <li>{@link Unavailable}: the runtime root exists but cannot be opened or read (a deleted
 *       {@code ledger/}, a damaged or unreadable store, a root that is not a folder or cannot be
 *       looked at, a reader that fails) — reported by label with its error (paths redacted).
 * </ul>
 *
 * The others are still read whatever becomes of one. Projects are named by label, never by path.
 * Never appends, never takes the write lock.
 */
public final class ScanProjects {
    private ScanProjects() {}

    /**
     * One readable project: its label, its goals (goal-id order), and the cheap ledger check of its
     * views. Valid only while the reader it is handed to runs: the goals read the project's open
     * views lazily, and the runtime is closed when the reader returns.
     */
    public record Project(String label, List<GoalState> goals, LedgerCheck ledgerCheck) {
        public Project {
            Objects.requireNonNull(label, "label");
            goals = List.copyOf(goals);
            Objects.requireNonNull(ledgerCheck, "ledgerCheck");
        }
    }

    /**
     * The views' checkpoint against the committed head marker — not a full verify. {@code marker}
     * is empty when the marker is missing, pending or torn.
     */
    public record LedgerCheck(Head checkpoint, Optional<Head> marker, Optional<LedgerDamageNotice> damage) {
        public LedgerCheck {
            Objects.requireNonNull(checkpoint, "checkpoint");
            Objects.requireNonNull(marker, "marker");
            Objects.requireNonNull(damage, "damage");
        }

        /** A ledger not known to be damaged. */
        public LedgerCheck(Head checkpoint, Optional<Head> marker) {
            this(checkpoint, marker, Optional.empty());
        }

        /** What the marker says about the checkpoint. */
        public enum MarkerState {
            MATCHES_VIEWS,
            DIFFERS_FROM_VIEWS,
            MISSING_OR_PENDING;

            /** The contract's {@code head_marker} value, e.g. {@code matches_views}. */
            public String wire() {
                return name().toLowerCase(Locale.ROOT);
            }
        }

        /** Whether the marker confirms the checkpoint. */
        public boolean confirmed() {
            return marker.isPresent() && marker.get().equals(checkpoint);
        }

        public MarkerState state() {
            return confirmed()
                    ? MarkerState.MATCHES_VIEWS
                    : marker.isPresent() ? MarkerState.DIFFERS_FROM_VIEWS : MarkerState.MISSING_OR_PENDING;
        }

        /** The views' checkpoint seq (the ledger head the views were built to). */
        public long headSeq() {
            return checkpoint.seq();
        }
    }

    /** A project that could not be read: {@code message} is path-redacted. */
    public record Unavailable(String label, String errorCode, String message) {}

    /**
     * A project whose runtime root folder no longer exists: moved or deleted since {@code connect}
     * recorded it. Only a root known not to exist is missing; one that cannot be looked at (a
     * folder on the way is unreadable) is {@link Unavailable}.
     */
    public record Missing(String label) {
        public Missing {
            Objects.requireNonNull(label, "label");
        }
    }

    /** Per readable project what the reader made of it, the missing ones and the unreadable ones, each in index order. */
    public record Scan<T>(List<Read<T>> readable, List<Missing> missing, List<Unavailable> unavailable) {
        public Scan {
            readable = List.copyOf(readable);
            missing = List.copyOf(missing);
            unavailable = List.copyOf(unavailable);
        }

        /** All projects of the index: readable, missing or unreadable. */
        public int projectCount() {
            return readable.size() + missing.size() + unavailable.size();
        }
    }

    /** Where one entry's outcome goes: exactly one method is called per entry. */
    interface Sink<T> {
        void read(String label, T facts);

        void missing(String label);

        void unavailable(Unavailable project);
    }

    /** One readable project's label and what the reader answered for it. */
    public record Read<T>(String label, T facts) {}

    /**
     * Every project, each turned into facts by {@code reader} while its runtime is open (the facts
     * must not hold on to the {@link Project}). A reader that throws makes that project unavailable
     * ({@code project_unreadable}), as a failed read does.
     */
    public static <T> Scan<T> run(Invocation invocation, Function<Project, T> reader) {
        List<Read<T>> readable = new ArrayList<>();
        List<Missing> missing = new ArrayList<>();
        List<Unavailable> unavailable = new ArrayList<>();
        Sink<T> sink = new Sink<>() {
            @Override
            public void read(String label, T facts) {
                readable.add(new Read<>(label, facts));
            }

            @Override
            public void missing(String label) {
                missing.add(new Missing(label));
            }

            @Override
            public void unavailable(Unavailable project) {
                unavailable.add(project);
            }
        };
        for (ProjectRegistry.Entry entry : new ProjectRegistry(invocation.loopxHome()).entries()) {
            scan(entry, invocation, reader, sink);
        }
        return new Scan<>(readable, missing, unavailable);
    }

    /** One entry of the index, read by {@code reader}, handed to {@code sink} as read, missing or unavailable. */
    static <T> void scan(
            ProjectRegistry.Entry entry, Invocation invocation, Function<Project, T> reader, Sink<T> sink) {
        String label = entry.projectLabel();
        if (missing(entry.runtimeRoot())) {
            sink.missing(label);
            return;
        }
        T facts;
        try (LoopxRuntime runtime = Composition.open(entry.runtimeRoot(), invocation)) {
            facts = reader.apply(read(label, runtime));
        } catch (LedgerException e) {
            sink.unavailable(unavailable(label, e.errorCode(), e.getMessage()));
            return;
        } catch (RuntimeException e) {
            sink.unavailable(
                    unavailable(label, "project_unreadable", e.getClass().getSimpleName()));
            return;
        }
        sink.read(label, facts);
    }

    /**
     * Whether the runtime root is known not to exist (a dangling link counts as missing); false
     * when it exists or when whether it exists cannot be told (a folder on the way is unreadable).
     */
    static boolean missing(Path runtimeRoot) {
        return Files.notExists(runtimeRoot);
    }

    private static Project read(String label, LoopxRuntime runtime) {
        ProjectionStore views = runtime.views();
        List<GoalState> goals = GoalState.loadAll(views);
        // a server ledger keeps no local marker: its head, read from the server now, is what confirms
        // the views (ADR 0006); reporting it unconfirmed on every scan was a false risk
        Optional<Head> marker = runtime.usesLocalMarker()
                ? new HeadMarker(runtime.root()).committed()
                : Optional.of(runtime.ledger().head());
        return new Project(
                label,
                goals,
                new LedgerCheck(
                        views.checkpoint(), marker, runtime.ledgerDamage().map(LedgerDamageNotice::of)));
    }

    private static Unavailable unavailable(String label, String code, String message) {
        return new Unavailable(label, code, PathRedactor.redact(String.valueOf(message)));
    }
}
