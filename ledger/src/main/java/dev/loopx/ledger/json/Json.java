package dev.loopx.ledger.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Iterator;
import java.util.Map;

/**
 * The one Jackson configuration LoopX uses for ledger payloads and CLI documents: snake_case
 * names, unknown properties rejected, decimals kept exact. Thread-safe once built.
 *
 * <p>The mapper is built on first use ({@link #mapper()}): building it costs several milliseconds
 * on a cold JVM, and a heartbeat read builds its JSON tree ({@link #object()}) and prints it
 * ({@link #text}) without it.
 */
public final class Json {
    /** The node factory of {@link #mapper()}: decimals kept exactly as given. */
    public static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    /** Plain streaming factory (the mapper's own is the same JSON with a codec attached). */
    public static final JsonFactory FACTORY = new JsonFactory();

    private Json() {}

    private static final class Mapper {
        static final ObjectMapper INSTANCE = JsonMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(MapperFeature.AUTO_DETECT_IS_GETTERS)
                .nodeFactory(NODES)
                .build();
    }

    public static ObjectMapper mapper() {
        return Mapper.INSTANCE;
    }

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    public static ArrayNode array() {
        return NODES.arrayNode();
    }

    /**
     * The JSON text of a tree, exactly as {@code mapper().writeValueAsString(node)} writes it
     * (properties in insertion order, numbers as the nodes hold them), without the mapper. A tree
     * holding a Java object ({@code POJONode}) goes to the mapper.
     */
    public static String text(JsonNode node) throws JsonProcessingException {
        StringWriter out = new StringWriter();
        try (JsonGenerator gen = FACTORY.createGenerator(out)) {
            write(gen, node);
        } catch (HoldsObject e) {
            return mapper().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("writing to a string failed", e);
        }
        return out.toString();
    }

    /**
     * The tree of a JSON text, exactly as {@code mapper().readTree(bytes)} reads it (integers as
     * int, long or big-integer nodes by size, decimals exactly as written, a repeated name keeps
     * its last value, anything after the first value ignored, no content a missing node), without
     * building the mapper: a write reads its ledger's last envelope with it (ADR 0003).
     *
     * @throws IOException for text that is not JSON, as the mapper throws
     */
    public static JsonNode tree(byte[] json) throws IOException {
        try (JsonParser p = FACTORY.createParser(json)) {
            JsonToken first = p.nextToken();
            return first == null ? NODES.missingNode() : value(p, first);
        }
    }

    private static JsonNode value(JsonParser p, JsonToken token) throws IOException {
        return switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
                    object.replace(name, value(p, p.nextToken()));
                }
                if (p.currentToken() != JsonToken.END_OBJECT) {
                    throw new JsonParseException(p, "unexpected " + p.currentToken() + " in an object");
                }
                yield object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    if (t == null) {
                        throw new JsonParseException(p, "unexpected end of input in an array");
                    }
                    array.add(value(p, t));
                }
                yield array;
            }
            case VALUE_STRING -> NODES.textNode(p.getText());
            case VALUE_NUMBER_INT ->
                switch (p.getNumberType()) {
                    case INT -> NODES.numberNode(p.getIntValue());
                    case LONG -> NODES.numberNode(p.getLongValue());
                    default -> NODES.numberNode(p.getBigIntegerValue());
                };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(p.getDecimalValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new JsonParseException(p, "unexpected " + token);
        };
    }

    /** The tree holds a Java object: only the mapper can write it. */
    private static final class HoldsObject extends IOException {
        HoldsObject() {
            super(null, null);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    private static void write(JsonGenerator gen, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                gen.writeStartObject();
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    gen.writeFieldName(field.getKey());
                    write(gen, field.getValue());
                }
                gen.writeEndObject();
            }
            case ARRAY -> {
                gen.writeStartArray();
                for (JsonNode element : node) {
                    write(gen, element);
                }
                gen.writeEndArray();
            }
            case STRING -> gen.writeString(node.textValue());
            case BOOLEAN -> gen.writeBoolean(node.booleanValue());
            case NULL, MISSING -> gen.writeNull();
            case BINARY -> gen.writeBinary(node.binaryValue());
            case NUMBER -> {
                switch (node.numberType()) {
                    case INT -> gen.writeNumber(node.intValue());
                    case LONG -> gen.writeNumber(node.longValue());
                    case BIG_INTEGER -> gen.writeNumber(node.bigIntegerValue());
                    case BIG_DECIMAL -> gen.writeNumber(node.decimalValue());
                    case FLOAT -> gen.writeNumber(node.floatValue());
                    case DOUBLE -> gen.writeNumber(node.doubleValue());
                }
            }
            case POJO -> throw new HoldsObject();
        }
    }
}
