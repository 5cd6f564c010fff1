package dev.loopx.projections.memory;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.projections.CanonicalDump;
import dev.loopx.projections.FreshEvents;
import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.Projector;
import dev.loopx.projections.view.MapViews;
import java.util.List;
import java.util.Optional;

/**
 * A {@link ProjectionStore} in memory, with the SQLite stores' semantics: {@link #apply} folds the
 * events after the checkpoint ({@link FreshEvents}: a batch that does not continue it is refused)
 * into a copy of the views, and keeps the copy and the new checkpoint together only once the whole
 * batch has folded, so a fold that throws leaves both as they were; the same views give the same
 * {@link #canonicalDump} as a SQLite store ({@link CanonicalDump}), the idempotency index included
 * (here documents of its view). Writes outside {@link #apply} go straight to the views. Each
 * batch copies the views (O(documents)): for previews, tests and fixtures, not for a large
 * ledger. Lost with the instance; a closed store refuses every call. Not thread-safe.
 */
public final class InMemoryProjectionStore implements ProjectionStore {
    private MapViews views = new MapViews();
    private Head checkpoint = Head.EMPTY;
    private int schemaVersion;
    private boolean closed;

    /** Marks a new (empty) store as built by schema version {@code schemaVersion}, as the SQLite stores' {@code initialise}. */
    public void initialise(int schemaVersion) {
        views();
        this.schemaVersion = schemaVersion;
    }

    @Override
    public Head checkpoint() {
        views();
        return checkpoint;
    }

    @Override
    public int schemaVersion() {
        views();
        return schemaVersion;
    }

    @Override
    public void apply(List<Decoded> batch, Projector projector) {
        List<Decoded> fresh = FreshEvents.after(checkpoint(), batch);
        if (fresh.isEmpty()) {
            return;
        }
        MapViews next = views.copy();
        for (Decoded d : fresh) {
            projector.apply(d, next);
        }
        Decoded last = fresh.get(fresh.size() - 1);
        views = next;
        checkpoint = new Head(last.seq(), last.envelope().hash());
    }

    @Override
    public String canonicalDump() {
        return CanonicalDump.of(schemaVersion(), checkpoint(), views()::dumpInto);
    }

    @Override
    public List<String> keys(String view) {
        return views().keys(view);
    }

    @Override
    public Optional<JsonNode> get(String view, String key) {
        return views().get(view, key);
    }

    @Override
    public void put(String view, String key, JsonNode document) {
        views().put(view, key, document);
    }

    @Override
    public void remove(String view, String key) {
        views().remove(view, key);
    }

    @Override
    public List<JsonNode> list(String view, String keyPrefix) {
        return views().list(view, keyPrefix);
    }

    @Override
    public List<JsonNode> range(String view, String fromKey, String toKey) {
        return views().range(view, fromKey, toKey);
    }

    @Override
    public void close() {
        closed = true;
    }

    private MapViews views() {
        if (closed) {
            throw new IllegalStateException("the projection store is closed");
        }
        return views;
    }
}
