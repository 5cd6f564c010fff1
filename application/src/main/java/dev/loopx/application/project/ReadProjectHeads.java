package dev.loopx.application.project;

import dev.loopx.application.Invocation;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.LedgerException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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

    public static List<ProjectHead> run(Invocation invocation) {
        List<ProjectHead> heads = new ArrayList<>();
        for (ProjectRegistry.Entry entry : new ProjectRegistry(invocation.loopxHome()).entries()) {
            Optional<Head> head;
            try {
                head = new HeadMarker(entry.runtimeRoot()).committed();
            } catch (RuntimeException e) {
                head = Optional.empty();
            }
            heads.add(new ProjectHead(heads.size(), entry.projectLabel(), entry.runtimeRoot(), head));
        }
        return heads;
    }
}
