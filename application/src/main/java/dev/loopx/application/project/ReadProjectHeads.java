package dev.loopx.application.project;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.composition.LedgerLocations;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Use case "where is every known project's ledger now": per entry of {@code projects.json} (index
 * order) its label, its runtime root (private: never printed) and the committed head marker
 * ({@code ledger.head}, one small file read; empty when missing, pending or torn). Opens no ledger,
 * no projection store and takes no lock, so a dashboard can ask it several times a second to see
 * whether anything moved. An unreadable index is a {@link LedgerException}
 * ({@code project_index_unreadable}).
 */
public final class ReadProjectHeads {
    private ReadProjectHeads() {}

    /** One known project and its committed head, if any. */
    public record ProjectHead(int index, String label, Path runtimeRoot, Optional<Head> head) {
        public ProjectHead {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(runtimeRoot, "runtimeRoot");
            Objects.requireNonNull(head, "head");
        }

        /** The committed head seq, 0 when there is none. */
        public long seq() {
            return head.map(Head::seq).orElse(0L);
        }

        /** The first 12 hex digits of the committed head's hash, empty when there is none. */
        public String hashPrefix() {
            return head.map(h -> h.hash().substring(0, Math.min(12, h.hash().length())))
                    .orElse("");
        }
    }

    /** Every known project's committed head marker, read once (a server ledger's project has none: empty). */
    public static List<ProjectHead> run(Invocation invocation) {
        List<ProjectHead> heads = new ArrayList<>();
        for (ProjectRegistry.Entry entry : new ProjectRegistry(invocation.loopxHome()).entries()) {
            heads.add(new ProjectHead(heads.size(), entry.projectLabel(), entry.runtimeRoot(), marker(entry)));
        }
        return heads;
    }

    private static Optional<Head> marker(ProjectRegistry.Entry entry) {
        try {
            return new HeadMarker(entry.runtimeRoot()).committed();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Watching the heads over time, for a dashboard: like {@link #run}, except that a project whose
     * ledger is on a server ({@code loopx connect --ledger}) is asked the server's head — other
     * machines append to it, so no local file moves — on one session per project kept open between
     * calls (a failed one is closed and opened again at the next call; meanwhile the head is empty).
     * Not thread-safe: one watching thread.
     */
    public static final class Watch implements AutoCloseable {
        private final Map<Path, ServerLedgerSession> sessions = new HashMap<>();

        public List<ProjectHead> heads(Invocation invocation) {
            List<ProjectHead> heads = new ArrayList<>();
            Set<Path> servers = new HashSet<>();
            for (ProjectRegistry.Entry entry : new ProjectRegistry(invocation.loopxHome()).entries()) {
                Optional<LedgerLocation> server;
                try {
                    server = LedgerLocations.stored(entry.runtimeRoot());
                } catch (RuntimeException e) {
                    server = Optional.empty();
                }
                Optional<Head> head;
                if (server.isPresent()) {
                    servers.add(entry.runtimeRoot());
                    head = serverHead(entry.runtimeRoot(), server.get(), invocation);
                } else {
                    head = marker(entry);
                }
                heads.add(new ProjectHead(heads.size(), entry.projectLabel(), entry.runtimeRoot(), head));
            }
            sessions.keySet().stream()
                    .filter(root -> !servers.contains(root))
                    .toList()
                    .forEach(this::drop);
            return heads;
        }

        private Optional<Head> serverHead(Path root, LedgerLocation location, Invocation invocation) {
            try {
                ServerLedgerSession session =
                        sessions.computeIfAbsent(root, r -> Composition.openServer(location, invocation));
                return Optional.of(session.ledger().head());
            } catch (RuntimeException e) {
                drop(root);
                return Optional.empty();
            }
        }

        private void drop(Path root) {
            ServerLedgerSession session = sessions.remove(root);
            if (session != null) {
                try {
                    session.ledger().close();
                } catch (RuntimeException ignored) {
                    // already broken: nothing to release
                }
            }
        }

        @Override
        public void close() {
            List.copyOf(sessions.keySet()).forEach(this::drop);
        }
    }
}
