package io.snippetstore.platform;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Binds a JSON object to a request record strictly: an unknown member is a
 * {@code validation_failed}, a member of the wrong JSON type is a {@code bad_request}, each
 * named in {@code details}. JSON-B alone would coerce numbers into strings and cannot tell the
 * two failures apart. A missing member or {@code null} binds to {@code null} (Bean Validation
 * decides whether that is allowed), except for {@link Patch} components, which keep the difference,
 * and {@link JsonValue} components, which take any JSON as it is (JSON null for a missing member).
 */
public final class JsonRecordBinder {

    private JsonRecordBinder() {}

    public static <T> T bind(JsonObject json, Class<T> type) {
        return bind(json, type, "");
    }

    private static <T> T bind(JsonObject json, Class<T> type, String prefix) {
        RecordComponent[] components = type.getRecordComponents();
        Set<String> known =
                Arrays.stream(components).map(RecordComponent::getName).collect(Collectors.toSet());
        List<FieldError> unknown = json.keySet().stream()
                .filter(name -> !known.contains(name))
                .sorted()
                .map(name -> new FieldError(prefix + name, "unknown field"))
                .toList();
        if (!unknown.isEmpty()) {
            throw ApiException.validationFailed(unknown);
        }
        Object[] values = new Object[components.length];
        List<FieldError> wrongTypes = new ArrayList<>();
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            String field = prefix + component.getName();
            try {
                if (component.getType() == Patch.class) {
                    values[i] = json.containsKey(component.getName())
                            ? Patch.of(convert(
                                    json.get(component.getName()), typeArgument(component.getGenericType()), field))
                            : Patch.absent();
                } else {
                    values[i] = convert(
                            json.getOrDefault(component.getName(), JsonValue.NULL), component.getGenericType(), field);
                }
            } catch (WrongType e) {
                wrongTypes.add(new FieldError(e.field, e.getMessage()));
            }
        }
        if (!wrongTypes.isEmpty()) {
            throw ApiException.badRequest("The request body has fields of the wrong JSON type.", wrongTypes);
        }
        return construct(type, components, values);
    }

    private static Object convert(JsonValue value, Type target, String field) {
        if (target == JsonValue.class) {
            return value;
        }
        if (value.getValueType() == JsonValue.ValueType.NULL) {
            if (target instanceof Class<?> c && c.isPrimitive()) {
                throw new WrongType(field, "must not be null");
            }
            return null;
        }
        Class<?> raw = rawType(target);
        if (raw == String.class) {
            if (value instanceof JsonString string) {
                if (!isWellFormed(string.getString())) {
                    // a lone surrogate escape (\\ud800) has no UTF-8 form: it would be stored as '?'
                    throw new WrongType(field, "must be valid Unicode text (no unpaired surrogate)");
                }
                return string.getString();
            }
            throw new WrongType(field, "must be a string");
        }
        if (raw == Integer.class || raw == int.class || raw == Long.class || raw == long.class) {
            if (value instanceof JsonNumber number && number.isIntegral()) {
                try {
                    long exact = number.longValueExact();
                    if (raw == Long.class || raw == long.class) {
                        return exact;
                    }
                    return Math.toIntExact(exact);
                } catch (ArithmeticException e) {
                    throw new WrongType(field, "is out of range");
                }
            }
            throw new WrongType(field, "must be an integer");
        }
        if (raw == Boolean.class || raw == boolean.class) {
            if (value.getValueType() == JsonValue.ValueType.TRUE || value.getValueType() == JsonValue.ValueType.FALSE) {
                return value.getValueType() == JsonValue.ValueType.TRUE;
            }
            throw new WrongType(field, "must be true or false");
        }
        if (raw == List.class) {
            if (!(value instanceof JsonArray array)) {
                throw new WrongType(field, "must be an array");
            }
            Type element = typeArgument(target);
            List<Object> items = new ArrayList<>(array.size());
            for (int i = 0; i < array.size(); i++) {
                JsonValue item = array.get(i);
                if (item.getValueType() == JsonValue.ValueType.NULL) {
                    throw new WrongType(field + "[" + i + "]", "must not be null");
                }
                items.add(convert(item, element, field + "[" + i + "]"));
            }
            return items;
        }
        if (raw.isRecord()) {
            if (value instanceof JsonObject object) {
                return bind(object, raw, field + ".");
            }
            throw new WrongType(field, "must be an object");
        }
        throw new IllegalArgumentException("Unsupported request field type " + target + " of " + field);
    }

    private static boolean isWellFormed(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    private static Class<?> rawType(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        throw new IllegalArgumentException("Unsupported request field type " + type);
    }

    private static Type typeArgument(Type type) {
        if (type instanceof ParameterizedType p) {
            return p.getActualTypeArguments()[0];
        }
        throw new IllegalArgumentException("A generic request field needs its type argument: " + type);
    }

    private static <T> T construct(Class<T> type, RecordComponent[] components, Object[] values) {
        Class<?>[] parameterTypes =
                Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        try {
            Constructor<T> constructor = type.getDeclaredConstructor(parameterTypes);
            constructor.setAccessible(true);
            return constructor.newInstance(values);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot construct " + type.getName(), e);
        }
    }

    private static final class WrongType extends RuntimeException {
        private final String field;

        WrongType(String field, String message) {
            super(message, null, false, false);
            this.field = field;
        }
    }
}
