package io.supplychaos.spec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one value of a scenario or env file may be, as data: the keys a mapping takes (and whether
 * it refuses others), the rule of each scalar, lists and mappings of names. The readers take their
 * allowed keys and rules from these declarations ({@link SpecNode#only(Shape.Keys)}, {@link Rule}
 * constants), and {@link SchemaGenerator} walks the same declarations into a JSON Schema, so a field
 * added to a reader shows up in the schema. Checks that need the whole file (a replication factor
 * at most the env's brokers, a fault target within the env) stay in the readers; a shape states
 * only what a JSON Schema can say too. Touches nothing.
 */
public sealed interface Shape permits Shape.Value, Shape.Keys, Shape.MapOf, Shape.ListOf, Shape.AnyOf, Shape.Named {

    /**
     * A scalar: the JSON Schema of the values that fit and the words that say so.
     *
     * @param schema   a JSON Schema fragment (maps, lists, strings, numbers, booleans)
     * @param expected what a good value looks like, as the reader's errors say it
     */
    record Value(Map<String, Object> schema, String expected) implements Shape {
    }

    /**
     * One key of a mapping.
     *
     * @param description what the field is for, in a few words; null when its rule says it all
     */
    record Field(String name, Shape shape, boolean required, String description) {
    }

    /**
     * A mapping of known keys.
     *
     * @param fields      the keys, in the order a schema lists them
     * @param closed      true when the reader refuses any other key
     * @param constraints rules between keys that a schema can state
     */
    record Keys(List<Field> fields, boolean closed, List<Constraint> constraints) implements Shape {

        /** The keys, for {@link SpecNode#only}. */
        public List<String> names() {
            return fields.stream().map(Field::name).toList();
        }

        /** This mapping, with rules between its keys. */
        public Keys and(Constraint... more) {
            List<Constraint> all = new ArrayList<>(constraints);
            all.addAll(Arrays.asList(more));
            return new Keys(fields, closed, List.copyOf(all));
        }

        /** This mapping without the "no other key" rule: the reader reads further keys itself. */
        public Keys open() {
            return new Keys(fields, false, constraints);
        }
    }

    /**
     * A mapping of free names (properties, broker ids) to values of one shape.
     *
     * @param names what the names must be (a schema of strings: an enum or a pattern), or null for any name
     * @param what  what the names are, in a few words
     */
    record MapOf(Map<String, Object> names, String what, Shape value) implements Shape {
    }

    /** A list of items of one shape; {@code nonEmpty} when the reader refuses an empty list. */
    record ListOf(Shape item, boolean nonEmpty) implements Shape {
    }

    /** Any one of several shapes (a scalar or a mapping, say). */
    record AnyOf(List<Shape> choices) implements Shape {
    }

    /** A shape that a schema defines once under its name and refers to (an env inside a scenario). */
    record Named(String name, String title, Shape shape) implements Shape {
    }

    /** A rule between keys of one mapping. */
    sealed interface Constraint permits AnyRequired, NotTogether, Together, When {
    }

    /** At least one of the keys. */
    record AnyRequired(List<String> keys) implements Constraint {
    }

    /** Not both keys. */
    record NotTogether(String first, String second) implements Constraint {
    }

    /** Either key only with the other. */
    record Together(String first, String second) implements Constraint {
    }

    /**
     * When {@code key} has {@code value} (or is absent, when {@code value} is its default), some keys
     * are refused, some required, and the {@code extra} fields are taken too; when {@code closed}, the
     * mapping's own and the extra fields and no others (the attributes a fault's action takes).
     */
    record When(String key, String value, boolean byDefault, List<String> forbidden, List<String> required,
                List<Field> extra, boolean closed) implements Constraint {

        public When {
            Objects.requireNonNull(key);
            Objects.requireNonNull(value);
            forbidden = List.copyOf(forbidden);
            required = List.copyOf(required);
            extra = List.copyOf(extra);
        }
    }

    // ---- building ----

    static Value value(Rule<?> rule) {
        return new Value(rule.schema(), rule.expected());
    }

    /** A string: a scalar YAML does not read as a number or boolean ({@link SpecNode#text()}). */
    static Value text(String expected) {
        return new Value(json("type", "string"), expected);
    }

    /** Any scalar, read as its text ({@link SpecNode#scalar()}). */
    static Value scalar(String expected) {
        return new Value(json("type", List.of("string", "number", "boolean")), expected);
    }

    /** A closed mapping of these fields. */
    static Keys keys(Field... fields) {
        return new Keys(List.of(fields), true, List.of());
    }

    static Field optional(String name, Shape shape, String description) {
        return new Field(name, shape, false, description);
    }

    static Field optional(String name, Rule<?> rule, String description) {
        return optional(name, value(rule), description);
    }

    static Field required(String name, Shape shape, String description) {
        return new Field(name, shape, true, description);
    }

    static Field required(String name, Rule<?> rule, String description) {
        return required(name, value(rule), description);
    }

    static AnyOf anyOf(Shape... choices) {
        return new AnyOf(List.of(choices));
    }

    /** When {@code key} is {@code value} (or absent, when {@code byDefault}), these keys are refused. */
    static When forbidWhen(String key, String value, boolean byDefault, List<String> forbidden) {
        return new When(key, value, byDefault, forbidden, List.of(), List.of(), false);
    }

    /** One of an enum's values by its name in files, as {@link SpecNode#choice} reads it. */
    static <E extends Enum<E>> Value choice(E[] values, java.util.function.Function<E, String> fileName) {
        return value(Rule.oneOf(Arrays.stream(values).map(fileName).toList()));
    }

    /**
     * Names that are whole numbers from 1 to {@code max} as {@link Rule#whole} reads them (broker ids
     * as mapping keys); exact for max up to 9, any whole number above.
     */
    static Map<String, Object> wholeNames(long max) {
        return namesMatching(max <= 9 ? "\\+?0*[1-" + max + "]" : "\\+?[0-9]+(?:_[0-9]+)*");
    }

    /** A JSON Schema fragment from key, value, key, value, ... in that order. */
    static Map<String, Object> json(Object... keysAndValues) {
        Map<String, Object> json = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            json.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return json;
    }

    /** A JSON Schema pattern for names: the whole name must match {@code regex}. */
    static Map<String, Object> namesMatching(String regex) {
        return json("pattern", "^(?:" + regex + ")$");
    }

    /** A JSON Schema enum for names. */
    static Map<String, Object> namesIn(List<String> names) {
        return json("enum", List.copyOf(names));
    }
}
