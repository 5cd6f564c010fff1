package dev.loopx.ledger.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Canonical JSON: object keys sorted by code point, no insignificant white space, numbers in
 * one form (integral values without a fraction, other decimals in plain notation). Equal trees
 * give equal bytes, which is what hashes and {@code projections dump --canonical} rely on.
 */
public final class CanonicalJson {
    private CanonicalJson() {}

    public static byte[] bytes(JsonNode node) {
        var out = new ByteArrayOutputStream(256);
        try (JsonGenerator gen = Json.FACTORY.createGenerator(out)) {
            write(gen, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static String string(JsonNode node) {
        return new String(bytes(node), StandardCharsets.UTF_8);
    }

    /** Lower-case hex SHA-256 of the canonical bytes. */
    public static String sha256Hex(JsonNode node) {
        return sha256Hex(bytes(node));
    }

    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }

    private static void write(JsonGenerator gen, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                gen.writeStartObject();
                List<String> names = new ArrayList<>();
                node.fieldNames().forEachRemaining(names::add);
                names.sort(null);
                for (String name : names) {
                    gen.writeFieldName(name);
                    write(gen, node.get(name));
                }
                gen.writeEndObject();
            }
            case ARRAY -> {
                gen.writeStartArray();
                for (JsonNode item : node) {
                    write(gen, item);
                }
                gen.writeEndArray();
            }
            case NUMBER -> writeNumber(gen, node);
            case STRING -> gen.writeString(node.textValue());
            case BOOLEAN -> gen.writeBoolean(node.booleanValue());
            case NULL, MISSING -> gen.writeNull();
            case BINARY, POJO -> throw new IllegalArgumentException("not plain JSON: " + node.getNodeType());
        }
    }

    private static void writeNumber(JsonGenerator gen, JsonNode node) throws IOException {
        if (node.isIntegralNumber()) {
            gen.writeNumber(node.bigIntegerValue());
            return;
        }
        if (node.isDouble() || node.isFloat()) {
            double d = node.doubleValue();
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("JSON has no " + d);
            }
        }
        BigDecimal value = node.decimalValue().stripTrailingZeros();
        if (value.scale() <= 0) {
            gen.writeNumber(value.toBigIntegerExact());
        } else {
            gen.writeNumber(value.toPlainString());
        }
    }
}
