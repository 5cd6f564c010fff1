package dev.loopx.projections.store;

import java.util.function.LongPredicate;

/**
 * An open-addressing map from a 32-bit key hash to row ids, for {@link UnindexedRows}. Several keys
 * may share a hash, so a lookup hands each candidate id to the caller, which checks the row's
 * real key. One {@code long} per slot ({@code hash << 32 | id}); at most {@link #MAX_SLOTS}
 * slots (32 MiB) holding at most 3/5 of that many entries (~2.5 million), so the caller asks
 * {@link #hasRoom} and stops using it when full. Not thread-safe.
 */
final class RowIndex {
    static final int MAX_SLOTS = 1 << 22;
    private static final int MIN_SLOTS = 1 << 12;
    private final int maxSlots;
    private static final long EMPTY = 0L;
    /** A removed entry: keeps probe chains intact, reused by later adds. */
    private static final long REMOVED = -1L;

    private long[] slots;
    private int live;
    private int used;

    RowIndex() {
        this(MAX_SLOTS);
    }

    /** With a smaller cap (a power of two, at least 16): tests fill it. */
    RowIndex(int maxSlots) {
        if (Integer.bitCount(maxSlots) != 1 || maxSlots < 16 || maxSlots > MAX_SLOTS) {
            throw new IllegalArgumentException("maxSlots: " + maxSlots);
        }
        this.maxSlots = maxSlots;
        this.slots = new long[Math.min(MIN_SLOTS, maxSlots)];
    }

    /** The id of the first entry with {@code hash} that {@code isKey} accepts, or 0. */
    long find(int hash, LongPredicate isKey) {
        int mask = slots.length - 1;
        for (int i = start(hash, mask); ; i = (i + 1) & mask) {
            long slot = slots[i];
            if (slot == EMPTY) {
                return 0;
            }
            if (slot != REMOVED && (int) (slot >>> 32) == hash && isKey.test(id(slot))) {
                return id(slot);
            }
        }
    }

    /** Whether another entry fits without exceeding the cap ({@link #MAX_SLOTS} unless given). */
    boolean hasRoom() {
        return hasRoom(1);
    }

    /** Whether {@code more} entries fit without exceeding the cap. */
    boolean hasRoom(int more) {
        return (long) live + more <= maxSlots / 5 * 3;
    }

    /** Adds an entry for a key that {@link #find} did not find. {@code id} is in 1..2^31-1. */
    void add(int hash, long id) {
        if (id < 1 || id > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("row id out of range: " + id);
        }
        if ((used + 1) * 4L > slots.length * 3L) { // at most 3/4 used, tombstones included
            resize(live + 1 > slots.length / 4 ? Math.min(maxSlots, slots.length * 2) : slots.length);
        }
        int mask = slots.length - 1;
        for (int i = start(hash, mask); ; i = (i + 1) & mask) {
            long slot = slots[i];
            if (slot == EMPTY || slot == REMOVED) {
                if (slot == EMPTY) {
                    used++;
                }
                slots[i] = ((long) hash << 32) | id;
                live++;
                return;
            }
        }
    }

    /** Removes the entry {@code hash → id}, if present. */
    void remove(int hash, long id) {
        long wanted = ((long) hash << 32) | id;
        int mask = slots.length - 1;
        for (int i = start(hash, mask); slots[i] != EMPTY; i = (i + 1) & mask) {
            if (slots[i] == wanted) {
                slots[i] = REMOVED;
                live--;
                return;
            }
        }
    }

    void clear() {
        slots = new long[Math.min(MIN_SLOTS, maxSlots)];
        live = 0;
        used = 0;
    }

    private void resize(int capacity) {
        long[] old = slots;
        slots = new long[capacity];
        used = 0;
        live = 0;
        int mask = capacity - 1;
        for (long slot : old) {
            if (slot != EMPTY && slot != REMOVED) {
                int i = start((int) (slot >>> 32), mask);
                while (slots[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                slots[i] = slot;
                used++;
                live++;
            }
        }
    }

    private static long id(long slot) {
        return slot & 0xffff_ffffL;
    }

    private static int start(int hash, int mask) {
        return (hash * 0x9E3779B9) >>> 7 & mask;
    }
}
