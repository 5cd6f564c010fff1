package dev.loopx.ledger.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Json.text writes a tree exactly as the mapper does; Json.object() is the mapper's node. */
class JsonTest {
    private static void sameAsMapper(JsonNode node) throws JsonProcessingException {
        assertEquals(Json.mapper().writeValueAsString(node), Json.text(node));
    }

    @Provide
    Arbitrary<JsonNode> trees() {
        return Arbitraries.lazyOf(
                () -> Arbitraries.strings()
                        .withCharRange('\u0000', '\u00ff')
                        .ofMaxLength(8)
                        .map(Json.NODES::textNode),
                () -> Arbitraries.strings().ofMaxLength(6).map(Json.NODES::textNode),
                () -> Arbitraries.integers().map(Json.NODES::numberNode),
                () -> Arbitraries.longs().map(Json.NODES::numberNode),
                () -> Arbitraries.bigIntegers()
                        .between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30))
                        .map(Json.NODES::numberNode),
                () -> Arbitraries.bigDecimals().ofScale(4).map(Json.NODES::numberNode),
                () -> Arbitraries.doubles().map(Json.NODES::numberNode),
                () -> Arbitraries.of(true, false).map(Json.NODES::booleanNode),
                () -> Arbitraries.just(Json.NODES.nullNode()),
                () -> trees().list().ofMaxSize(3).map(list -> {
                    ArrayNode a = Json.array();
                    list.forEach(a::add);
                    return a;
                }),
                () -> Arbitraries.maps(
                                Arbitraries.strings()
                                        .withCharRange('\u0000', '\u00ff')
                                        .ofMaxLength(4),
                                trees())
                        .ofMaxSize(3)
                        .map(map -> {
                            ObjectNode o = Json.object();
                            map.forEach(o::set);
                            return o;
                        }));
    }

    @Property(tries = 300)
    void textIsWhatTheMapperWrites(@ForAll("trees") JsonNode tree) throws JsonProcessingException {
        sameAsMapper(tree);
    }

    @Test
    void oddValuesToo() throws JsonProcessingException {
        ObjectNode doc = Json.object();
        doc.put("decimal_sci", new BigDecimal("1E+3"));
        doc.put("decimal_neg_scale", new BigDecimal("1.50"));
        doc.put("float", 1.25f);
        doc.put("short", (short) 7);
        doc.put("binary", new byte[] {0, 1, 2, (byte) 255});
        doc.put("escapes", "quote \" back\\slash \u2028 \u0000 😀 </script>");
        doc.putArray("empty");
        doc.putObject("nested").putNull("nothing");
        doc.set("missing", doc.path("absent"));
        doc.putPOJO("pojo", List.of(1, 2));
        sameAsMapper(doc);
        assertEquals(Json.mapper().createObjectNode(), Json.object());
        assertEquals(
                Json.mapper().getNodeFactory().numberNode(new BigDecimal("1.50")),
                Json.NODES.numberNode(new BigDecimal("1.50")));
    }

    private static void readsAsTheMapper(String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        JsonNode byMapper = Json.mapper().readTree(bytes);
        JsonNode byHand = Json.tree(bytes);
        assertEquals(byMapper, byHand, text);
        assertEquals(byMapper.getNodeType(), byHand.getNodeType(), text);
        if (!byMapper.isMissingNode()) {
            assertEquals(Json.text(byMapper), Json.text(byHand), text);
        }
    }

    @Property(tries = 300)
    void treeReadsWhatTheMapperReads(@ForAll("trees") JsonNode tree) throws IOException {
        readsAsTheMapper(Json.text(tree));
    }

    @Test
    void treeReadsOddTextsAsTheMapperDoes() throws IOException {
        for (String text : List.of(
                "",
                "   ",
                "{\"a\":1,\"a\":2}",
                "{\"n\":2147483648,\"m\":-2147483649,\"b\":123456789012345678901234567890}",
                "{\"d\":1.50,\"e\":1E+3,\"f\":-0.0,\"g\":1e-7}",
                "[1,[2,[3,{}]],[]] trailing",
                "\"\\u00e9\\ud83d\\ude00\"",
                "null",
                "true")) {
            readsAsTheMapper(text);
        }
        for (String bad : List.of("{", "[1,", "{\"a\" 1}", "{\"a\":}", "nul", "[1 2]")) {
            assertThrows(IOException.class, () -> Json.mapper().readTree(bad.getBytes(StandardCharsets.UTF_8)), bad);
            assertThrows(IOException.class, () -> Json.tree(bad.getBytes(StandardCharsets.UTF_8)), bad);
        }
    }
}
