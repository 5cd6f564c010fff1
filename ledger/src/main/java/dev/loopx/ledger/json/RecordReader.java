package dev.loopx.ledger.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON text straight into a plain record with jackson-core's streaming parser, for the
 * documents a heartbeat reads: on a cold JVM, databind spends tens of milliseconds building a
 * deserializer the first time it meets each record type (introspection, annotation lookups), more
 * than the whole read takes.
 *
 * <p>{@link #read} answers exactly what {@code Json.mapper().readValue(text, type)} answers, or
 * {@code null} when it cannot be sure of that, and the caller then asks {@link Json#MAPPER}. It
 * takes only records without annotations (on the record, its components or its constructor) whose
 * components are {@code String}, {@code long}/{@code int}/{@code boolean} (or their boxes),
 * {@code BigDecimal}, enums read from a JSON string by their public static {@code recorded(String)}
 * (a wire spelling; the project's enums mark it {@code @JsonCreator}, so Jackson calls it too), such
 * records, and {@code List}/{@code Map<String, …>} of those; and only
 * documents that name every component once, with the JSON type Jackson would read without
 * coercion, and nothing else. Anything else — an unknown or missing property, a null for a
 * primitive, a number out of range, a constructor that refuses the values — is left to Jackson,
 * so errors keep Jackson's wording.
 */
public final class RecordReader {
    /** The factory an enum is read with (see {@link #enumCreator}). */
    private static final String ENUM_CREATOR = "recorded";

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final PropertyNamingStrategies.NamingBase NAMES =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;
    /** Per type: its reader, or {@link #UNSUPPORTED}. */
    private static final ClassValue<Object> READERS = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            try {
                return recordReader(type);
            } catch (Unsupported e) {
                return UNSUPPORTED;
            }
        }
    };

    private static final Object UNSUPPORTED = new Object();

    private RecordReader() {}

    /** The record {@code text} holds, or {@code null}: then only Jackson can tell (see the class comment). */
    public static <T> T read(String text, Class<T> type) {
        if (!type.isRecord() || !(READERS.get(type) instanceof ValueReader)) {
            return null;
        }
        try {
            return read(FACTORY.createParser(text), type);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The record a JSON tree holds, exactly as {@code Json.mapper().treeToValue(tree, type)} reads
     * it, or {@code null}: then only Jackson can tell (see the class comment).
     */
    public static <T> T read(JsonNode tree, Class<T> type) {
        if (!type.isRecord() || !(READERS.get(type) instanceof ValueReader)) {
            return null;
        }
        return read(tree.traverse(), type);
    }

    private static <T> T read(JsonParser parser, Class<T> type) {
        ValueReader reader = (ValueReader) READERS.get(type);
        try (JsonParser p = parser) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            Object value = reader.read(p);
            return p.nextToken() == null ? type.cast(value) : null;
        } catch (IOException | Unsupported e) {
            return null;
        }
    }

    /** Reads one value; the parser stands on its first token. */
    @FunctionalInterface
    private interface ValueReader {
        Object read(JsonParser p) throws IOException, Unsupported;
    }

    private static ValueReader readerOf(Type type) throws Unsupported {
        if (type instanceof Class<?> c) {
            if (c == String.class) {
                return boxed(p -> p.currentToken() == JsonToken.VALUE_STRING ? p.getText() : unsupported());
            } else if (c == long.class || c == Long.class) {
                ValueReader r = p -> integral(p, JsonParser.NumberType.LONG) ? p.getLongValue() : unsupported();
                return c.isPrimitive() ? r : boxed(r);
            } else if (c == int.class || c == Integer.class) {
                ValueReader r = p -> integral(p, JsonParser.NumberType.INT) ? p.getIntValue() : unsupported();
                return c.isPrimitive() ? r : boxed(r);
            } else if (c == boolean.class || c == Boolean.class) {
                ValueReader r = p -> switch (p.currentToken()) {
                    case VALUE_TRUE -> Boolean.TRUE;
                    case VALUE_FALSE -> Boolean.FALSE;
                    default -> unsupported();
                };
                return c.isPrimitive() ? r : boxed(r);
            } else if (c == BigDecimal.class) {
                return boxed(p -> p.currentToken().isNumeric() ? p.getDecimalValue() : unsupported());
            } else if (c.isEnum()) {
                Method creator = enumCreator(c);
                return boxed(p -> {
                    if (p.currentToken() != JsonToken.VALUE_STRING) {
                        return unsupported();
                    }
                    try {
                        Object value = creator.invoke(null, p.getText());
                        return value != null ? value : unsupported();
                    } catch (ReflectiveOperationException | IllegalArgumentException e) {
                        return unsupported();
                    }
                });
            } else if (c.isRecord()) {
                Object reader = READERS.get(c);
                if (reader instanceof ValueReader r) {
                    return boxed(r);
                }
            }
        } else if (type instanceof ParameterizedType pt && pt.getRawType() instanceof Class<?> raw) {
            Type[] args = pt.getActualTypeArguments();
            if (raw == List.class) {
                ValueReader element = readerOf(args[0]);
                return boxed(p -> {
                    if (p.currentToken() != JsonToken.START_ARRAY) {
                        return unsupported();
                    }
                    List<Object> list = new ArrayList<>();
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        list.add(element.read(p));
                    }
                    return list;
                });
            } else if (raw == Map.class && args[0] == String.class) {
                ValueReader value = readerOf(args[1]);
                return boxed(p -> {
                    if (p.currentToken() != JsonToken.START_OBJECT) {
                        return unsupported();
                    }
                    Map<String, Object> map = new LinkedHashMap<>();
                    for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
                        p.nextToken();
                        if (map.put(key, value.read(p)) != null) {
                            return unsupported();
                        }
                    }
                    return map;
                });
            }
        }
        throw Unsupported.INSTANCE;
    }

    /**
     * The enum's public static factory {@code recorded(String)} — by the project's convention the
     * {@code @JsonCreator} Jackson calls for the same JSON string (ViewJsonTest reads every stored
     * view both ways) — else {@link Unsupported}. Found by name, not by its annotation: reading an
     * annotation makes the JVM generate a proxy class at run time, which the heartbeat read would
     * pay on every start.
     */
    private static Method enumCreator(Class<?> type) throws Unsupported {
        if (!Modifier.isPublic(type.getModifiers())) {
            throw Unsupported.INSTANCE;
        }
        try {
            Method m = type.getMethod(ENUM_CREATOR, String.class);
            if (!Modifier.isStatic(m.getModifiers()) || m.getReturnType() != type) {
                throw Unsupported.INSTANCE;
            }
            return m;
        } catch (NoSuchMethodException e) {
            throw Unsupported.INSTANCE;
        }
    }

    private static ValueReader recordReader(Class<?> type) throws Unsupported {
        if (!type.isRecord() || type.getTypeParameters().length > 0 || type.getDeclaredAnnotations().length > 0) {
            throw Unsupported.INSTANCE;
        }
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        ValueReader[] readers = new ValueReader[components.length];
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            if (component.getDeclaredAnnotations().length > 0
                    || component.getAccessor().getDeclaredAnnotations().length > 0) {
                throw Unsupported.INSTANCE;
            }
            types[i] = component.getType();
            readers[i] = readerOf(component.getGenericType());
            index.put(NAMES.translate(component.getName()), i);
        }
        Constructor<?> constructor;
        try {
            constructor = type.getDeclaredConstructor(types);
        } catch (NoSuchMethodException e) {
            throw Unsupported.INSTANCE;
        }
        if (constructor.getDeclaredAnnotations().length > 0
                || !Modifier.isPublic(type.getModifiers())
                || !Modifier.isPublic(constructor.getModifiers())) {
            throw Unsupported.INSTANCE;
        }
        return p -> {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                return unsupported();
            }
            Object[] values = new Object[components.length];
            boolean[] seen = new boolean[components.length];
            int count = 0;
            for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
                Integer at = index.get(name);
                if (at == null || seen[at]) {
                    return unsupported();
                }
                p.nextToken();
                values[at] = readers[at].read(p);
                seen[at] = true;
                count++;
            }
            if (p.currentToken() != JsonToken.END_OBJECT || count != components.length) {
                return unsupported();
            }
            try {
                return constructor.newInstance(values);
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                return unsupported();
            }
        };
    }

    /** {@code reader}, and JSON null as null (a reference type). */
    private static ValueReader boxed(ValueReader reader) {
        return p -> p.currentToken() == JsonToken.VALUE_NULL ? null : reader.read(p);
    }

    private static boolean integral(JsonParser p, JsonParser.NumberType widest) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            return false;
        }
        JsonParser.NumberType type = p.getNumberType();
        return type == JsonParser.NumberType.INT || type == widest;
    }

    private static Object unsupported() throws Unsupported {
        throw Unsupported.INSTANCE;
    }
}
