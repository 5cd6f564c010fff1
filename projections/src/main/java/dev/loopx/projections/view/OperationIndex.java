package dev.loopx.projections.view;

/**
 * The idempotency index: which events carry which {@code --operation-id}. It holds only a hash of
 * the id and the event's seq — the events themselves (their ids, types and the intent of
 * {@code operation.recorded}) are read back from the ledger when a write repeats an id
 * (docs/adr/0005-operation-index.md). As documents (the canonical dump, and every {@link Views}
 * without a table of its own): view {@value #VIEW}, key {@code <hash as 16 hex digits>/<seq as 19
 * digits>}, document {@code {"seq": <seq>}}; the ids sharing a hash share a key prefix.
 */
public final class OperationIndex {
    public static final String VIEW = "operation_event";

    private OperationIndex() {}

    /**
     * A 64-bit hash of an operation id: FNV-1a over its UTF-16 code units, then murmur3's fmix64
     * ({@link Fmix64}; specified here, so every version computes the same). Ids that share it are
     * told apart by the events' own operation ids.
     */
    public static long hash(String operationId) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < operationId.length(); i++) {
            h ^= operationId.charAt(i);
            h *= 0x100000001b3L;
        }
        return Fmix64.of(h);
    }

    /** The key prefix of every entry with {@code hash}. */
    public static String keyPrefix(long hash) {
        String hex = Long.toHexString(hash);
        return "0".repeat(16 - hex.length()) + hex + "/";
    }

    /** The document key of the entry for the event at {@code seq} under {@code hash}. */
    public static String key(long hash, long seq) {
        String digits = Long.toString(seq);
        return keyPrefix(hash) + "0".repeat(Math.max(0, 19 - digits.length())) + digits;
    }
}
