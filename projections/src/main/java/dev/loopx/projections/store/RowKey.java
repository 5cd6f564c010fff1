package dev.loopx.projections.store;

/**
 * A row's address in table {@code views}: its view and key (the strings' own cached hashes, no
 * concatenation). {@code equals} and {@code hashCode} are written out: a record's generated ones
 * are linked at their first call by spinning method handles at run time, which no class-data
 * archive keeps (a few milliseconds of every write; ADR 0003).
 */
record RowKey(String view, String key) {
    @Override
    public boolean equals(Object o) {
        return o instanceof RowKey k && view.equals(k.view) && key.equals(k.key);
    }

    @Override
    public int hashCode() {
        return 31 * view.hashCode() + key.hashCode();
    }
}
