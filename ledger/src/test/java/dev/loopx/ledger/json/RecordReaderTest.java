package dev.loopx.ledger.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** RecordReader answers what Json.mapper() answers, or nothing (then Jackson decides, errors included). */
class RecordReaderTest {
    public record Leaf(long seq, String agentId, int slots, boolean noFollowup) {}

    public record Tree(
            String goalId,
            BigDecimal compute,
            Long optionalSeq,
            Boolean flag,
            Integer count,
            Leaf lastLeaf,
            List<Leaf> leaves,
            List<String> names,
            Map<String, Long> latestByAgent,
            long oldPromptSha256Seq) {}

    public record Strict(String goalId, List<String> agents) {
        public Strict {
            Objects.requireNonNull(goalId, "goalId");
            agents = List.copyOf(agents);
        }
    }

    public record Annotated(@JsonProperty("other_name") String goalId) {}

    record Hidden(String goalId) {}

    @Provide
    Arbitrary<Tree> trees() {
        Arbitrary<String> text = Arbitraries.strings()
                .withCharRange('\u0000', '\u00ff')
                .ofMaxLength(12)
                .injectNull(0.1);
        Arbitrary<Leaf> leaf = Combinators.combine(
                        Arbitraries.longs(),
                        text.filter(Objects::nonNull),
                        Arbitraries.integers(),
                        Arbitraries.of(true, false))
                .as(Leaf::new);
        Arbitrary<BigDecimal> decimal = Arbitraries.bigDecimals()
                .ofScale(3)
                .between(BigDecimal.valueOf(-1000), BigDecimal.valueOf(1000))
                .map(BigDecimal::stripTrailingZeros)
                .injectNull(0.1);
        Arbitrary<Map<String, Long>> map = Arbitraries.maps(
                        Arbitraries.strings().alpha().ofLength(3), Arbitraries.longs())
                .ofMaxSize(3)
                .map(m -> (Map<String, Long>) new LinkedHashMap<>(m))
                .injectNull(0.1);
        return Combinators.combine(
                        Combinators.combine(
                                        text,
                                        decimal,
                                        Arbitraries.longs().injectNull(0.2),
                                        Arbitraries.of(true, false).injectNull(0.2),
                                        Arbitraries.integers().injectNull(0.2))
                                .as((a, b, c, d, e) -> java.util.Arrays.<Object>asList(a, b, c, d, e)),
                        leaf.injectNull(0.2),
                        leaf.list()
                                .ofMaxSize(3)
                                .map(l -> (List<Leaf>) new ArrayList<>(l))
                                .injectNull(0.1),
                        text.filter(Objects::nonNull).list().ofMaxSize(3).map(l -> (List<String>) new ArrayList<>(l)),
                        map,
                        Arbitraries.longs())
                .as((head, last, leaves, names, byAgent, seq) -> new Tree(
                        (String) head.get(0),
                        (BigDecimal) head.get(1),
                        (Long) head.get(2),
                        (Boolean) head.get(3),
                        (Integer) head.get(4),
                        last,
                        leaves,
                        names,
                        byAgent,
                        seq));
    }

    @Property(tries = 300)
    void readsWhatJacksonReads(@ForAll("trees") Tree tree) throws JsonProcessingException {
        String text = Json.mapper().writeValueAsString(tree);
        Tree fast = RecordReader.read(text, Tree.class);
        assertNotNull(fast, text);
        assertEquals(Json.mapper().readValue(text, Tree.class), fast);
        assertEquals(tree, fast);
    }

    @Test
    void decimalsKeepTheirScaleAsJacksonReadsThem() throws JsonProcessingException {
        for (String number : List.of("1", "1.50", "0.125", "-3", "100", "1E+3")) {
            String text =
                    "{\"goal_id\":\"g\",\"compute\":" + number + ",\"optional_seq\":null,\"flag\":null,\"count\":null,"
                            + "\"last_leaf\":null,\"leaves\":[],\"names\":[],\"latest_by_agent\":{},\"old_prompt_sha256_seq\":1}";
            Tree jackson = Json.mapper().readValue(text, Tree.class);
            Tree fast = RecordReader.read(text, Tree.class);
            assertEquals(jackson, fast, number);
            assertEquals(jackson.compute().scale(), fast.compute().scale(), number);
        }
    }

    @Test
    void leavesEveryDoubtfulDocumentToJackson() {
        String leaf = "{\"seq\":1,\"agent_id\":\"a\",\"slots\":2,\"no_followup\":false";
        assertNotNull(RecordReader.read(leaf + "}", Leaf.class));
        // unknown, missing and repeated properties
        assertNull(RecordReader.read(leaf + ",\"extra\":1}", Leaf.class));
        assertNull(RecordReader.read("{\"seq\":1,\"agent_id\":\"a\",\"slots\":2}", Leaf.class));
        assertNull(RecordReader.read(leaf + ",\"seq\":2}", Leaf.class));
        // null for a primitive, a number out of int range, coercions Jackson may or may not make
        assertNull(
                RecordReader.read("{\"seq\":null,\"agent_id\":\"a\",\"slots\":2,\"no_followup\":false}", Leaf.class));
        assertNull(RecordReader.read(
                "{\"seq\":1,\"agent_id\":\"a\",\"slots\":3000000000,\"no_followup\":false}", Leaf.class));
        assertNull(
                RecordReader.read("{\"seq\":\"1\",\"agent_id\":\"a\",\"slots\":2,\"no_followup\":false}", Leaf.class));
        assertNull(RecordReader.read("{\"seq\":1,\"agent_id\":7,\"slots\":2,\"no_followup\":false}", Leaf.class));
        assertNull(RecordReader.read("{\"seq\":1.5,\"agent_id\":\"a\",\"slots\":2,\"no_followup\":false}", Leaf.class));
        // not an object, trailing tokens, broken text
        assertNull(RecordReader.read("[]", Leaf.class));
        assertNull(RecordReader.read("null", Leaf.class));
        assertNull(RecordReader.read(leaf + "} {}", Leaf.class));
        assertNull(RecordReader.read(leaf, Leaf.class));
    }

    @Test
    void aConstructorThatRefusesTheValuesIsJacksonsToReport() {
        assertNotNull(RecordReader.read("{\"goal_id\":\"g\",\"agents\":[\"a\"]}", Strict.class));
        assertNull(RecordReader.read("{\"goal_id\":null,\"agents\":[]}", Strict.class));
        assertNull(RecordReader.read("{\"goal_id\":\"g\",\"agents\":null}", Strict.class));
        assertThrows(
                JsonProcessingException.class,
                () -> Json.mapper().readValue("{\"goal_id\":null,\"agents\":[]}", Strict.class));
    }

    @Test
    void annotatedOrHiddenRecordsAreNotRead() {
        assertNull(RecordReader.read("{\"other_name\":\"g\"}", Annotated.class));
        assertNull(RecordReader.read("{\"goal_id\":\"g\"}", Hidden.class));
        assertNull(RecordReader.read("{}", String.class));
    }
}
