package dev.loopx.ledger.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventType;
import dev.loopx.ledger.event.OperationRecorded;
import dev.loopx.ledger.event.TodoAdded;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordWriter} writes every event of the catalog exactly as the mapper's
 * {@code valueToTree} does (or declines), and {@link RecordReader} reads those trees back exactly as
 * {@code treeToValue} does (or declines): random instances of every event type, built from their
 * record components, 200 per type.
 */
class RecordWriterTest {
    private static final String[] TEXTS = {"", "a", "todo_1", "Ünïcödé ✓", "line\nbreak \"quoted\"", " "};

    @Test
    void everyEventIsWrittenAndReadAsTheMapperDoes() throws Exception {
        Random random = new Random(20261207);
        Set<String> declined = new TreeSet<>();
        List<EventType<?>> types = EventCatalog.standard().types();
        for (EventType<?> type : types) {
            int built = 0;
            for (int i = 0; i < 200; i++) {
                Object event;
                try {
                    event = instance(type.recordClass(), random, 0);
                } catch (IllegalArgumentException e) {
                    continue; // the constructor refused these values
                }
                built++;
                JsonNode byMapper = Json.mapper().valueToTree(event);
                ObjectNode byHand = RecordWriter.tree(event);
                if (byHand == null) {
                    declined.add(type.name());
                    continue;
                }
                assertEquals(Json.text(byMapper), Json.text(byHand), type.name());
                assertEquals(byMapper, byHand, type.name());
                Object read = RecordReader.read(byHand, type.recordClass());
                if (read != null) {
                    assertEquals(Json.mapper().treeToValue(byHand, type.recordClass()), read, type.name());
                }
            }
            assertTrue(built > 0, "no instance of " + type.name() + " could be built");
        }
        // the write path's events go without the mapper
        assertTrue(!declined.contains("todo.added") && !declined.contains("operation.recorded"), declined.toString());
        assertTrue(declined.size() <= types.size() / 4, "declined: " + declined);
    }

    @Test
    void aRecordTheMapperReadsOtherwiseIsDeclined() {
        record Local(String a) {}
        assertNull(RecordWriter.tree(new Local("x")), "not public");
        assertNotNull(RecordWriter.tree(new OperationRecorded("op", "sha", "todo add")));
        assertNotNull(RecordWriter.tree(new TodoAdded("t", "agent", "x", "", "", "", "", false, List.of(), "", "")));
    }

    private static Object instance(Class<?> type, Random random, int depth) throws Exception {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = components[i].getName().endsWith("Sha256") && components[i].getType() == String.class
                    ? "0123456789abcdef".repeat(4) // digests are checked by their records
                    : value(components[i].getGenericType(), random, depth);
        }
        Constructor<?> constructor = type.getDeclaredConstructor(types);
        constructor.setAccessible(true);
        try {
            return constructor.newInstance(values);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(e.getCause());
        }
    }

    private static Object value(Type type, Random random, int depth) throws Exception {
        if (type instanceof Class<?> c) {
            if (c == String.class) {
                return random.nextInt(20) == 0 ? null : TEXTS[random.nextInt(TEXTS.length)];
            } else if (c == long.class || c == Long.class) {
                return switch (random.nextInt(3)) {
                    case 0 -> (long) random.nextInt(10);
                    case 1 -> random.nextLong();
                    default -> Long.MAX_VALUE;
                };
            } else if (c == int.class || c == Integer.class) {
                return random.nextInt(3) == 0 ? random.nextInt() : random.nextInt(100);
            } else if (c == boolean.class || c == Boolean.class) {
                return random.nextBoolean();
            } else if (c == BigDecimal.class) {
                return new BigDecimal(random.nextInt(100000)).movePointLeft(random.nextInt(5));
            } else if (c.isEnum()) {
                Object[] constants = c.getEnumConstants();
                return constants[random.nextInt(constants.length)];
            } else if (c.isRecord() && depth < 3) {
                return instance(c, random, depth + 1);
            }
        } else if (type instanceof ParameterizedType pt) {
            Type[] args = pt.getActualTypeArguments();
            int size = random.nextInt(3);
            if (pt.getRawType() == List.class) {
                List<Object> list = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    list.add(value(args[0], random, depth));
                }
                list.removeIf(Objects::isNull);
                return list;
            } else if (pt.getRawType() == Map.class) {
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < size; i++) {
                    Object v = value(args[1], random, depth);
                    if (v != null) {
                        map.put("k" + random.nextInt(5), v);
                    }
                }
                return map;
            }
        }
        throw new IllegalStateException("no values for " + type + " (extend this test)");
    }
}
