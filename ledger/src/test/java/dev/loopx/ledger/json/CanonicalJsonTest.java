package dev.loopx.ledger.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {
    @Test
    void keysAreSortedAndWhiteSpaceIsGone() throws Exception {
        JsonNode node = Json.mapper().readTree("{ \"b\": 1, \"a\": { \"d\": [1, 2], \"c\": \"x\" } }");
        assertEquals("{\"a\":{\"c\":\"x\",\"d\":[1,2]},\"b\":1}", CanonicalJson.string(node));
    }

    @Test
    void numbersHaveOneForm() throws Exception {
        assertEquals(
                "[1,0.5,100,0.000001]", CanonicalJson.string(Json.mapper().readTree("[1.0, 0.50, 1e2, 0.0000010]")));
    }

    @Property
    void reParsingCanonicalBytesGivesTheSameBytes(
            @ForAll @AlphaChars @StringLength(max = 12) String key,
            @ForAll String text,
            @ForAll long number,
            @ForAll double decimal)
            throws Exception {
        var node = Json.object();
        node.put(key, text);
        node.put("n" + key, number);
        if (Double.isFinite(decimal)) {
            node.put("d", decimal);
        }
        String once = CanonicalJson.string(node);
        assertEquals(once, CanonicalJson.string(Json.mapper().readTree(once)));
    }
}
