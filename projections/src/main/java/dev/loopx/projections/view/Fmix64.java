package dev.loopx.projections.view;

/**
 * murmur3's 64-bit finaliser: every input bit reaches every output bit. The store's row hashes
 * and the idempotency index's hashes end with it; both are specified, so every version computes
 * the same.
 */
public final class Fmix64 {
    private Fmix64() {}

    public static long of(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
