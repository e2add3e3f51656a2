package io.supplychaos.spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Writes a {@link Shape} as a JSON Schema (draft 2020-12): a closed mapping gets
 * {@code additionalProperties: false}, a rule its type, bounds, enum or pattern, a field its
 * description followed by what its rule expects, and the rules between keys {@code anyOf},
 * {@code not}, {@code dependentRequired} and {@code if}/{@code then}. A {@link Shape.Named} shape is
 * written once under {@code $defs}. The output is stable (declaration order, one line ending) so a
 * committed schema can be compared with a fresh one. Touches nothing.
 */
public final class SchemaGenerator {

    public static final String DRAFT = "https://json-schema.org/draft/2020-12/schema";

    private final Map<String, Object> defs = new TreeMap<>();

    private SchemaGenerator() {
    }

    /** The schema of a whole file whose root is {@code root}. */
    public static Map<String, Object> schema(String title, String description, Shape root) {
        SchemaGenerator generator = new SchemaGenerator();
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("$schema", DRAFT);
        schema.put("title", title);
        schema.put("description", description);
        schema.putAll(generator.walk(root instanceof Shape.Named named ? named.shape() : root));
        if (!generator.defs.isEmpty()) {
            schema.put("$defs", generator.defs);
        }
        return schema;
    }

    /** The schema as indented JSON text with a final line ending. */
    public static String json(Map<String, Object> schema) {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return new ObjectMapper().writer(printer).writeValueAsString(schema) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a schema of maps, lists, strings and numbers is always JSON", e);
        }
    }

    private Map<String, Object> walk(Shape shape) {
        Map<String, Object> json = new LinkedHashMap<>();
        if (shape instanceof Shape.Value value) {
            json.putAll(value.schema());
        } else if (shape instanceof Shape.Keys keys) {
            keys(keys, json);
        } else if (shape instanceof Shape.MapOf map) {
            json.put("type", "object");
            if (map.names() != null) {
                json.put("propertyNames", map.names());
            }
            json.put("additionalProperties", walk(map.value()));
        } else if (shape instanceof Shape.ListOf list) {
            json.put("type", "array");
            json.put("items", walk(list.item()));
            if (list.nonEmpty()) {
                json.put("minItems", 1);
            }
        } else if (shape instanceof Shape.AnyOf any) {
            json.put("anyOf", any.choices().stream().map(this::walk).toList());
        } else if (shape instanceof Shape.Named named) {
            if (!defs.containsKey(named.name())) {
                defs.put(named.name(), Map.of()); // a placeholder while the shape is walked
                Map<String, Object> def = new LinkedHashMap<>();
                def.put("title", named.title());
                def.putAll(walk(named.shape()));
                defs.put(named.name(), def);
            }
            json.put("$ref", "#/$defs/" + named.name());
        }
        return json;
    }

    private void keys(Shape.Keys keys, Map<String, Object> json) {
        json.put("type", "object");
        json.put("properties", properties(keys.fields()));
        List<String> required = required(keys.fields());
        if (!required.isEmpty()) {
            json.put("required", required);
        }
        if (keys.closed()) {
            json.put("additionalProperties", false);
        }
        List<Object> all = new ArrayList<>();
        for (Shape.Constraint constraint : keys.constraints()) {
            all.add(constraint(constraint, keys));
        }
        if (!all.isEmpty()) {
            json.put("allOf", all);
        }
    }

    private Map<String, Object> properties(List<Shape.Field> fields) {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (Shape.Field field : fields) {
            Map<String, Object> property = new LinkedHashMap<>();
            String description = description(field);
            if (description != null) {
                property.put("description", description);
            }
            property.putAll(walk(field.shape()));
            properties.put(field.name(), property);
        }
        return properties;
    }

    /** The field's own words, then what its rule expects (bounds a schema may not state, such as a duration's). */
    private static String description(Shape.Field field) {
        String expected = field.shape() instanceof Shape.Value value ? value.expected() : null;
        if (field.description() == null) {
            return expected;
        }
        return expected == null ? field.description() : field.description() + ". Expected: " + expected;
    }

    private static List<String> required(List<Shape.Field> fields) {
        return fields.stream().filter(Shape.Field::required).map(Shape.Field::name).toList();
    }

    private Map<String, Object> constraint(Shape.Constraint constraint, Shape.Keys keys) {
        if (constraint instanceof Shape.AnyRequired any) {
            return Shape.json("anyOf", any.keys().stream().map(key -> Shape.json("required", List.of(key))).toList());
        }
        if (constraint instanceof Shape.NotTogether not) {
            return Shape.json("not", Shape.json("required", List.of(not.first(), not.second())));
        }
        if (constraint instanceof Shape.Together together) {
            return Shape.json("dependentRequired", Shape.json(
                    together.first(), List.of(together.second()), together.second(), List.of(together.first())));
        }
        return when((Shape.When) constraint, keys);
    }

    private Map<String, Object> when(Shape.When when, Shape.Keys keys) {
        Map<String, Object> condition = Shape.json("properties", Shape.json(when.key(), Shape.json("const", when.value())));
        if (!when.byDefault()) {
            condition.put("required", List.of(when.key()));
        }
        Map<String, Object> then = new LinkedHashMap<>();
        Map<String, Object> properties = new LinkedHashMap<>();
        when.forbidden().forEach(key -> properties.put(key, false));
        if (when.closed()) {
            // the mapping's own keys stay as the mapping says; the extra ones are checked here, and no others are taken
            keys.names().forEach(key -> properties.put(key, true));
            properties.putAll(properties(when.extra()));
        }
        if (!properties.isEmpty()) {
            then.put("properties", properties);
        }
        List<String> required = new ArrayList<>(when.required());
        required.addAll(required(when.extra()));
        if (!required.isEmpty()) {
            then.put("required", required);
        }
        if (when.closed()) {
            then.put("additionalProperties", false);
        }
        return Shape.json("if", condition, "then", then);
    }
}
