package dev.loopx.projections.store;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * The stored text of a view document: canonical JSON ({@link CanonicalJson}) — the same bytes as
 * {@code CanonicalJson.string(Json.mapper().valueToTree(record))}, written from the record directly
 * (sorted properties and map keys, decimals in canonical form) without building the tree first;
 * the most frequent rows by hand ({@link RowText}).
 */
public final class ViewJson {
    /** The mapper's writer, built on first use: most rows are written by hand ({@link RowText}). */
    private static final class Writer {
        static final ObjectWriter INSTANCE = ((JsonMapper) Json.mapper())
                .rebuild()
                .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
                .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .addModule(new SimpleModule("loopx-canonical-decimals")
                        .addSerializer(BigDecimal.class, new CanonicalDecimal()))
                .build()
                .writer();
    }

    private ViewJson() {}

    /** Canonical JSON text of a view record, or of a JSON tree. */
    public static String canonical(Object document) {
        if (document instanceof JsonNode node) {
            return CanonicalJson.string(node);
        }
        return new String(canonicalUtf8(document), StandardCharsets.UTF_8);
    }

    /** The same text as {@link #canonical}, in UTF-8 (what the store binds). */
    public static byte[] canonicalUtf8(Object document) {
        if (document instanceof JsonNode node) {
            return CanonicalJson.string(node).getBytes(StandardCharsets.UTF_8);
        }
        byte[] byHand = RowText.utf8(document);
        if (byHand != null) {
            return byHand;
        }
        try {
            // bytes, not a String writer: the UTF-8 generator escapes exactly as CanonicalJson's does
            return Writer.INSTANCE.writeValueAsBytes(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "a view record does not encode: " + document.getClass().getSimpleName(), e);
        }
    }

    /** Integral values without a fraction, other decimals in plain notation (as {@link CanonicalJson}). */
    private static final class CanonicalDecimal extends StdSerializer<BigDecimal> {
        CanonicalDecimal() {
            super(BigDecimal.class);
        }

        @Override
        public void serialize(BigDecimal value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            BigDecimal v = value.stripTrailingZeros();
            if (v.scale() <= 0) {
                gen.writeNumber(v.toBigIntegerExact());
            } else {
                gen.writeNumber(v.toPlainString());
            }
        }
    }
}
