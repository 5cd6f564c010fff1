package dev.loopx.projections.store;

/** A row's address in table {@code views}: its view and key (the strings' own cached hashes, no concatenation). */
record RowKey(String view, String key) {}
