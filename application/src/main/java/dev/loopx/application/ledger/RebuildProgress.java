package dev.loopx.application.ledger;

/**
 * Progress of folding the ledger into a fresh projection store: events done so far and the total
 * to do. Reported for every chunk of a long rebuild, so a caller that shows it decides itself how
 * often to draw; {@link #NONE} when nobody watches.
 */
@FunctionalInterface
public interface RebuildProgress {
    RebuildProgress NONE = (done, total) -> {};

    void update(long done, long total);
}
