package io.frontier.store.record;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.frontier.store.error.FrontierException;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Why a JSON file did not decode under {@link StrictJson}, said in the terms of the file rather
 * than of Jackson: where (line and column), which field (its path, e.g.
 * {@code limits.addressSpaceMiB}), what is wrong and what is expected there.
 *
 * <p>A misspelled field is reported as the unknown field it is, not as the missing one: Jackson
 * notices the missing field of a record first, so the object is looked at again for a field
 * the record does not have.
 *
 * @param line 1-based line of the problem, or 0 when unknown
 * @param column 1-based column of the problem, or 0 when unknown
 * @param field the dotted path of the field, {@code [i]} for array elements; empty at the top
 * @param problem what is wrong, e.g. {@code unknown field "inptu"}
 * @param expected what belongs there, e.g. {@code an integer}; empty when nothing more is known
 */
public record JsonProblem(int line, int column, String field, String problem, String expected) {

    private static final ObjectMapper LENIENT = new ObjectMapper();
    private static final Pattern MISSING = Pattern.compile("Missing creator property '([^']*)'");
    private static final Pattern COERCION = Pattern.compile("Cannot coerce ([A-Za-z-]+) value");
    private static final Pattern SOURCE = Pattern.compile("\\s*\\(?(at )?\\[Source: [^]]*]\\)?");

    /** Describes {@code failure}, which decoding {@code source} raised. */
    public static JsonProblem of(JsonProcessingException failure, byte[] source) {
        JsonLocation location = failure.getLocation();
        int line = location == null ? 0 : Math.max(location.getLineNr(), 0);
        int column = location == null ? 0 : Math.max(location.getColumnNr(), 0);
        String message = firstLine(failure.getOriginalMessage());
        if (!(failure instanceof JsonMappingException mapping)) {
            return new JsonProblem(line, column, "", "not well-formed JSON: " + SOURCE.matcher(message).replaceAll(""), "");
        }
        List<JsonMappingException.Reference> path = mapping.getPath();
        String field = path(path);
        if (failure instanceof InvalidTypeIdException typeId) {
            return typeProblem(line, column, path, typeId);
        }
        if (failure instanceof UnrecognizedPropertyException unknown) {
            return new JsonProblem(line, column, field, "unknown field \"" + unknown.getPropertyName() + "\"",
                    "one of " + names(unknown.getKnownPropertyIds()));
        }
        Matcher missing = MISSING.matcher(message);
        if (missing.find() && !path.isEmpty() && path.get(path.size() - 1).getFrom() instanceof Class<?> owner) {
            return missingField(line, column, path, missing.group(1), owner, source,
                    failure instanceof MismatchedInputException input ? input.getTargetType() : null);
        }
        Class<?> target = failure instanceof MismatchedInputException input ? input.getTargetType() : null;
        Matcher coercion = COERCION.matcher(message);
        if (coercion.find()) {
            return new JsonProblem(line, column, field, "wrong type: found " + found(coercion.group(1)),
                    target == null ? "" : expected(target));
        }
        if (failure instanceof InvalidFormatException format && format.getValue() != null) {
            return new JsonProblem(line, column, field, "value \"" + format.getValue() + "\" is not accepted",
                    target == null ? "" : expected(target));
        }
        if (target != null) {
            return new JsonProblem(line, column, field, "wrong type", expected(target));
        }
        return new JsonProblem(line, column, field, SOURCE.matcher(message).replaceAll(""), "");
    }

    /**
     * The type property of a polymorphic family (e.g. an executor's {@code "type"}) is missing or
     * names no member: said with the property's path and every name the family accepts.
     */
    private static JsonProblem typeProblem(int line, int column, List<JsonMappingException.Reference> path,
                                           InvalidTypeIdException failure) {
        Class<?> family = failure.getBaseType() == null ? null : failure.getBaseType().getRawClass();
        JsonTypeInfo info = family == null ? null : family.getAnnotation(JsonTypeInfo.class);
        String property = info == null || info.property().isEmpty() ? "@type" : info.property();
        String parent = path(path);
        String field = parent.isEmpty() ? property : parent + "." + property;
        JsonSubTypes members = family == null ? null : family.getAnnotation(JsonSubTypes.class);
        String expected = members == null ? "" : "one of " + names(Arrays.stream(members.value())
                .map(JsonSubTypes.Type::name).toList());
        String problem = failure.getTypeId() == null ? "missing field \"" + property + "\""
                : "unknown " + property + " \"" + failure.getTypeId() + "\"";
        return new JsonProblem(line, column, field, problem, expected);
    }

    /** Adds this problem to {@code error} as its context: line, column, field, problem, expected. */
    public <E extends FrontierException> E addTo(E error) {
        error.with("line", line).with("column", column);
        if (!field.isEmpty()) {
            error.with("field", field);
        }
        error.with("problem", problem);
        if (!expected.isEmpty()) {
            error.with("expected", expected);
        }
        return error;
    }

    /**
     * The record {@code owner} lacks {@code name}: if the object holds a field the record does not
     * have, that field is the mistake (most likely the missing one misspelled).
     */
    private static JsonProblem missingField(int line, int column, List<JsonMappingException.Reference> path,
                                            String name, Class<?> owner, byte[] source, Class<?> type) {
        List<String> known = fieldNames(owner);
        JsonNode object = objectAt(source, path.subList(0, path.size() - 1));
        String parent = path(path.subList(0, path.size() - 1));
        if (object != null && !known.isEmpty()) {
            List<String> unknown = new ArrayList<>();
            object.fieldNames().forEachRemaining(key -> {
                if (!known.contains(key)) {
                    unknown.add(key);
                }
            });
            if (!unknown.isEmpty()) {
                String first = unknown.get(0);
                return new JsonProblem(line, column, parent.isEmpty() ? first : parent + "." + first,
                        "unknown field \"" + first + "\" (and field \"" + name + "\" is missing: misspelled?)",
                        "one of " + names(known));
            }
        }
        return new JsonProblem(line, column, path(path), "missing field \"" + name + "\"",
                type == null ? "" : expected(type));
    }

    /** The JSON names of a record's fields, plus the type property of a polymorphic family. */
    private static List<String> fieldNames(Class<?> owner) {
        if (!owner.isRecord()) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (RecordComponent component : owner.getRecordComponents()) {
            JsonProperty renamed = component.getAnnotation(JsonProperty.class);
            names.add(renamed != null && !renamed.value().isEmpty() ? renamed.value() : component.getName());
        }
        for (Class<?> family : owner.getInterfaces()) {
            JsonTypeInfo typeInfo = family.getAnnotation(JsonTypeInfo.class);
            if (typeInfo != null) {
                names.add(typeInfo.property().isEmpty() ? "@type" : typeInfo.property());
            }
        }
        return names;
    }

    private static JsonNode objectAt(byte[] source, List<JsonMappingException.Reference> path) {
        JsonNode node;
        try {
            node = LENIENT.readTree(source);
        } catch (IOException e) {
            return null;
        }
        for (JsonMappingException.Reference reference : path) {
            if (node == null) {
                return null;
            }
            node = reference.getFieldName() != null ? node.get(reference.getFieldName()) : node.get(reference.getIndex());
        }
        return node != null && node.isObject() ? node : null;
    }

    private static String path(List<JsonMappingException.Reference> path) {
        StringBuilder text = new StringBuilder();
        for (JsonMappingException.Reference reference : path) {
            if (reference.getFieldName() != null) {
                text.append(text.length() == 0 ? "" : ".").append(reference.getFieldName());
            } else {
                text.append('[').append(reference.getIndex()).append(']');
            }
        }
        return text.toString();
    }

    /** What a field of {@code type} holds, in JSON's words. */
    private static String expected(Class<?> type) {
        if (type == String.class) {
            return "text (a JSON string)";
        }
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class
                || type == short.class) {
            return "an integer";
        }
        if (type == double.class || type == float.class || type == Double.class || type == Float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(constant -> {
                try {
                    JsonProperty named = type.getField(((Enum<?>) constant).name()).getAnnotation(JsonProperty.class);
                    return named != null ? named.value() : ((Enum<?>) constant).name();
                } catch (NoSuchFieldException e) {
                    return ((Enum<?>) constant).name();
                }
            }).map(name -> "\"" + name + "\"").collect(Collectors.joining(", "));
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        return Map.class.isAssignableFrom(type) ? "an object (of names to values)" : "an object";
    }

    private static String found(String jacksonShape) {
        return switch (jacksonShape) {
            case "Integer" -> "an integer";
            case "Floating-point" -> "a number with a fraction";
            case "String" -> "text";
            case "Boolean" -> "true or false";
            default -> jacksonShape.toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String names(Collection<?> names) {
        return names.stream().map(name -> "\"" + name + "\"").sorted().collect(Collectors.joining(", "));
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
