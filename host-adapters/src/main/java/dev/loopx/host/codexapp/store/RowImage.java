package dev.loopx.host.codexapp.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One SQLite row exactly as stored: every column in table order with its storage class and raw
 * value bytes (text as its stored UTF-8 bytes, blobs as they are, integers in decimal, reals as
 * the hex of their IEEE-754 bits). Two images are equal only when every column has the same
 * storage class and the same bytes, so an image is the before/after evidence of a write and the
 * basis of byte-for-byte preservation checks. Immutable.
 */
public record RowImage(List<Column> columns) {
    /** SQLite storage classes ({@code typeof()}). */
    public enum StorageClass {
        NULL,
        INTEGER,
        REAL,
        TEXT,
        BLOB
    }

    /** One column value; {@code raw} is copied in and out. */
    public record Column(String name, StorageClass type, byte[] raw) {
        public Column {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            raw = raw.clone();
        }

        @Override
        public byte[] raw() {
            return raw.clone();
        }

        /** The value as text when it is stored as TEXT (strict UTF-8); empty for other classes. */
        public Optional<String> text() {
            if (type != StorageClass.TEXT) {
                return Optional.empty();
            }
            return Utf8.decode(raw);
        }

        public static Column text(String name, String value) {
            return new Column(name, StorageClass.TEXT, value.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Column c && name.equals(c.name) && type == c.type && Arrays.equals(raw, c.raw);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, type, Arrays.hashCode(raw));
        }

        @Override
        public String toString() {
            return name + ":" + type + "[" + raw.length + " bytes]";
        }
    }

    public RowImage {
        columns = List.copyOf(columns);
    }

    public Optional<Column> column(String name) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** A copy with {@code name} replaced by {@code value}; the column must exist. */
    public RowImage with(Column value) {
        List<Column> out = new ArrayList<>(columns.size());
        boolean found = false;
        for (Column c : columns) {
            if (c.name().equals(value.name())) {
                out.add(value);
                found = true;
            } else {
                out.add(c);
            }
        }
        if (!found) {
            throw new IllegalArgumentException("no column " + value.name());
        }
        return new RowImage(out);
    }

    /** Column names of both images in order, ignoring {@code except}, with different values. */
    public List<String> differingColumns(RowImage other, String except) {
        List<String> names = new ArrayList<>();
        int n = Math.max(columns.size(), other.columns.size());
        for (int i = 0; i < n; i++) {
            Column a = i < columns.size() ? columns.get(i) : null;
            Column b = i < other.columns.size() ? other.columns.get(i) : null;
            String name = a != null ? a.name() : b.name();
            if (!name.equals(except) && !Objects.equals(a, b)) {
                names.add(name);
            }
        }
        return names;
    }

    /** Length-prefixed canonical bytes (for digests): name, storage class and raw value per column. */
    public byte[] canonicalBytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Column c : columns) {
            lengthPrefixed(out, c.name().getBytes(StandardCharsets.UTF_8));
            lengthPrefixed(out, c.type().name().getBytes(StandardCharsets.US_ASCII));
            lengthPrefixed(out, c.raw);
        }
        return out.toByteArray();
    }

    static void lengthPrefixed(ByteArrayOutputStream out, byte[] bytes) {
        int n = bytes.length;
        out.write(n >>> 24);
        out.write(n >>> 16);
        out.write(n >>> 8);
        out.write(n);
        out.writeBytes(bytes);
    }

    /** A JSON form for private journals: {@code [{"name","type","raw_base64"}…]}. */
    public ArrayNode toJson() {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        Base64.Encoder b64 = Base64.getEncoder();
        for (Column c : columns) {
            ObjectNode o = array.addObject();
            o.put("name", c.name());
            o.put("type", c.type().name());
            o.put("raw_base64", b64.encodeToString(c.raw));
        }
        return array;
    }

    public static RowImage fromJson(JsonNode array) {
        List<Column> cols = new ArrayList<>();
        Base64.Decoder b64 = Base64.getDecoder();
        for (JsonNode o : array) {
            cols.add(new Column(
                    o.get("name").asText(),
                    StorageClass.valueOf(o.get("type").asText()),
                    b64.decode(o.get("raw_base64").asText())));
        }
        return new RowImage(cols);
    }
}
