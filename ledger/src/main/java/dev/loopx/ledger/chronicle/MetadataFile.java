package dev.loopx.ledger.chronicle;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code metadata.cq4t}, Chronicle's table store beside the queue file, read with plain file I/O
 * before Chronicle opens it. Chronicle trusts its fields: a flipped byte in {@code highestCycle}
 * made every open recurse until {@code StackOverflowError}, and a garbled header made every write
 * fail while reads still worked. Nothing in it is history (it can be rebuilt from the queue file),
 * so anything but the layout LoopX writes is damage, named before Chronicle sees the file.
 *
 * <p>The layout: a first document, the store header, identical in every LoopX journal since v0.0.1
 * (its roll cycle and epoch are fixed; {@code fixtures/compat}), then one document per
 * field ({@code name}, padding, an int64; complete data documents), then a zero header. The two
 * cycle fields are both 0 (the queue never rolls), or both Chronicle's "no cycle yet" values
 * before the first append; the two lock fields are free ({@link Long#MIN_VALUE}) or a process id
 * (a writer that died holding one; Chronicle frees it once that process is gone). The other
 * fields (a modification count, replication and msync indexes) may hold any value.
 */
final class MetadataFile {
    static final String NAME = "metadata.cq4t";

    /** The store header LoopX's queue configuration writes (the first 152 bytes of the file). */
    private static final byte[] STORE_HEADER = HexFormat.of()
            .parseHex("94000040b906686561646572b607535453746f7265827e000000c87769726554797065b608576972655479"
                    + "7065ec42494e4152595f4c49474854c86d65746164617461b6075343514d6574618246000000c4726f6c6c"
                    + "b60853435153526f6c6c8227000000c66c656e677468a6005c2605c6666f726d6174eb797979794d4d6464"
                    + "274627c565706f6368a100c8736f757263654964a1008f");

    private static final String HIGHEST_CYCLE = "listing.highestCycle";
    private static final String LOWEST_CYCLE = "listing.lowestCycle";
    /** Chronicle's locks: {@link Long#MIN_VALUE} when free, else the holder's process id. */
    private static final Set<String> LOCKS = Set.of("chronicle.write.lock", "chronicle.append.lock");

    private static final Set<String> FIELDS = Set.of(
            HIGHEST_CYCLE,
            LOWEST_CYCLE,
            "listing.modCount",
            "chronicle.write.lock",
            "chronicle.append.lock",
            "chronicle.lastIndexReplicated",
            "chronicle.lastAcknowledgedIndexReplicated",
            "chronicle.lastIndexMSynced");

    private static final int META_DATA = 0x40000000;
    private static final int NOT_COMPLETE = 0x80000000;
    private static final int LENGTH_MASK = 0x3FFFFFFF;
    private static final int FIELD_NAME = 0xb9;
    private static final int PADDING = 0x8f;
    private static final int PADDING32 = 0x8e;
    private static final int INT64 = 0xa7;
    /** Far more than the eight fields take (~500 bytes); the rest of the file is Chronicle's zeroed reserve. */
    private static final int READ_BYTES = 4096;

    private MetadataFile() {}

    /** What is wrong with the file, or empty when it has the layout LoopX writes. */
    static Optional<String> problem(Path file) throws IOException {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(READ_BYTES);
        }
        for (int i = 0; i < STORE_HEADER.length; i++) {
            if (i >= bytes.length || bytes[i] != STORE_HEADER[i]) {
                return Optional.of("its store header is damaged (byte " + i + ")");
            }
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        Map<String, Long> fields = new HashMap<>();
        int pos = STORE_HEADER.length;
        while (true) {
            if (pos + 4 > bytes.length) {
                return Optional.of("its fields do not end");
            }
            int header = b.getInt(pos);
            if (header == 0) {
                break;
            }
            int length = header & LENGTH_MASK;
            if ((header & (META_DATA | NOT_COMPLETE)) != 0 || pos + 4 + length > bytes.length) {
                return Optional.of("the field at byte " + pos + " has a damaged header");
            }
            Optional<Map.Entry<String, Long>> field = field(b, pos + 4, pos + 4 + length);
            if (field.isEmpty()
                    || !FIELDS.contains(field.get().getKey())
                    || fields.put(field.get().getKey(), field.get().getValue()) != null) {
                return Optional.of("the field at byte " + pos + " is damaged");
            }
            pos = (pos + 4 + length + 3) & ~3;
        }
        long highest = fields.getOrDefault(HIGHEST_CYCLE, 0L);
        long lowest = fields.getOrDefault(LOWEST_CYCLE, 0L);
        boolean oneCycle = highest == 0 && lowest == 0;
        boolean noCycleYet = highest == Integer.MIN_VALUE && lowest == Integer.MAX_VALUE;
        if (!oneCycle && !noCycleYet) {
            return Optional.of("its cycle fields are damaged (highestCycle " + highest + ", lowestCycle " + lowest
                    + "; a LoopX journal has cycle 0 only)");
        }
        for (String lock : LOCKS) {
            long holder = fields.getOrDefault(lock, Long.MIN_VALUE);
            if (holder != Long.MIN_VALUE && (holder < 1 || holder > Integer.MAX_VALUE)) {
                return Optional.of("its " + lock.substring("chronicle.".length()) + " field is damaged (" + holder
                        + " is neither free nor a process id)");
            }
        }
        return Optional.empty();
    }

    /** One field document's body: its name, padding, then an int64 that ends the body; empty when it is not that. */
    private static Optional<Map.Entry<String, Long>> field(ByteBuffer b, int from, int end) {
        int at = from;
        if (end - at < 2 || (b.get(at) & 0xff) != FIELD_NAME) {
            return Optional.empty();
        }
        int nameLength = b.get(at + 1) & 0xff;
        at += 2;
        if (at + nameLength > end) {
            return Optional.empty();
        }
        byte[] name = new byte[nameLength];
        b.get(at, name);
        at += nameLength;
        while (at < end && (b.get(at) & 0xff) == PADDING) {
            at++;
        }
        if (at + 5 <= end && (b.get(at) & 0xff) == PADDING32) {
            int pad = b.getInt(at + 1);
            if (pad < 0 || pad > 8) {
                return Optional.empty();
            }
            at += 5 + pad;
        }
        if (at + 9 != end || (b.get(at) & 0xff) != INT64) {
            return Optional.empty();
        }
        return Optional.of(Map.entry(new String(name, StandardCharsets.ISO_8859_1), b.getLong(at + 1)));
    }
}
