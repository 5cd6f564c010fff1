package dev.loopx.ledger.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Writes a plain record as a JSON tree, the mirror of {@link RecordReader}: every write proposes
 * its events as trees, and on a cold JVM databind spends milliseconds building a serializer for
 * each record type (and more building the mapper itself) before the first one.
 *
 * <p>{@link #tree} answers exactly what {@code Json.mapper().valueToTree(value)} answers, or
 * {@code null} when it cannot be sure of that, and the caller then asks the mapper. It takes only
 * public records without type parameters or annotations (on the record, the interfaces it
 * implements, its components or their accessors) and without {@code getX()} methods, whose
 * components are {@code String}, {@code long}/{@code int}/{@code boolean} (or their boxes),
 * {@code BigDecimal}, such records, and {@code List}/{@code Map<String, …>} of those; a component's
 * name is written in snake case, in declaration order, and null as JSON null, as the mapper does.
 * Enums and everything else are left to the mapper. {@code RecordWriterTest} holds the two equal
 * for every event type of the catalog.
 */
public final class RecordWriter {
    private static final PropertyNamingStrategies.NamingBase NAMES =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;
    /** Per type: its writer, or {@link #UNSUPPORTED}. */
    private static final ClassValue<Object> WRITERS = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            try {
                return recordWriter(type);
            } catch (Unsupported e) {
                return UNSUPPORTED;
            }
        }
    };

    private static final Object UNSUPPORTED = new Object();

    private RecordWriter() {}

    /** The tree of a record, or {@code null}: then only the mapper can tell (see the class comment). */
    public static ObjectNode tree(Object value) {
        if (!(WRITERS.get(value.getClass()) instanceof ValueWriter writer)) {
            return null;
        }
        try {
            return (ObjectNode) writer.write(value);
        } catch (Unsupported e) {
            return null;
        }
    }

    /** Writes one non-null value. */
    @FunctionalInterface
    private interface ValueWriter {
        JsonNode write(Object value) throws Unsupported;
    }

    private static ValueWriter writerOf(Type type) throws Unsupported {
        if (type instanceof Class<?> c) {
            if (c == String.class) {
                return v -> Json.NODES.textNode((String) v);
            } else if (c == long.class || c == Long.class) {
                return v -> Json.NODES.numberNode((Long) v);
            } else if (c == int.class || c == Integer.class) {
                return v -> Json.NODES.numberNode((Integer) v);
            } else if (c == boolean.class || c == Boolean.class) {
                return v -> Json.NODES.booleanNode((Boolean) v);
            } else if (c == BigDecimal.class) {
                return v -> Json.NODES.numberNode((BigDecimal) v);
            } else if (c.isRecord() && WRITERS.get(c) instanceof ValueWriter w) {
                return w;
            }
        } else if (type instanceof ParameterizedType pt && pt.getRawType() instanceof Class<?> raw) {
            Type[] args = pt.getActualTypeArguments();
            if (raw == List.class) {
                ValueWriter element = writerOf(args[0]);
                return v -> {
                    ArrayNode array = Json.NODES.arrayNode();
                    for (Object e : (List<?>) v) {
                        array.add(e == null ? Json.NODES.nullNode() : element.write(e));
                    }
                    return array;
                };
            } else if (raw == Map.class && args[0] == String.class) {
                ValueWriter entry = writerOf(args[1]);
                return v -> {
                    ObjectNode object = Json.NODES.objectNode();
                    for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                        if (!(e.getKey() instanceof String key)) {
                            throw Unsupported.INSTANCE;
                        }
                        object.set(key, e.getValue() == null ? Json.NODES.nullNode() : entry.write(e.getValue()));
                    }
                    return object;
                };
            }
        }
        throw Unsupported.INSTANCE;
    }

    private static ValueWriter recordWriter(Class<?> type) throws Unsupported {
        if (!type.isRecord()
                || !Modifier.isPublic(type.getModifiers())
                || type.getTypeParameters().length > 0
                || annotated(type)) {
            throw Unsupported.INSTANCE;
        }
        for (Method m : type.getMethods()) {
            // a public getX() is a property to the mapper too; the accessors are checked below
            if (!Modifier.isStatic(m.getModifiers())
                    && m.getDeclaringClass() != Object.class // getClass() is no property
                    && m.getParameterCount() == 0
                    && m.getName().startsWith("get")
                    && m.getName().length() > 3
                    && m.getReturnType() != void.class) {
                throw Unsupported.INSTANCE;
            }
        }
        RecordComponent[] components = type.getRecordComponents();
        String[] names = new String[components.length];
        Method[] accessors = new Method[components.length];
        ValueWriter[] writers = new ValueWriter[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            if (component.getDeclaredAnnotations().length > 0
                    || component.getAccessor().getDeclaredAnnotations().length > 0) {
                throw Unsupported.INSTANCE;
            }
            names[i] = NAMES.translate(component.getName());
            accessors[i] = component.getAccessor();
            writers[i] = writerOf(component.getGenericType());
        }
        return v -> {
            ObjectNode object = Json.NODES.objectNode();
            for (int i = 0; i < names.length; i++) {
                Object value;
                try {
                    value = accessors[i].invoke(v);
                } catch (ReflectiveOperationException | IllegalArgumentException e) {
                    throw Unsupported.INSTANCE;
                }
                object.set(names[i], value == null ? Json.NODES.nullNode() : writers[i].write(value));
            }
            return object;
        };
    }

    /** Whether the type or any interface it implements carries an annotation (the mapper reads them all). */
    private static boolean annotated(Class<?> type) {
        if (type.getDeclaredAnnotations().length > 0) {
            return true;
        }
        for (Class<?> i : type.getInterfaces()) {
            if (annotated(i)) {
                return true;
            }
        }
        return false;
    }
}
