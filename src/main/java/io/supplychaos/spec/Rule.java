package io.supplychaos.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What one value must be, and the words that say so: the one place where "a whole number from 1
 * to 64" and its siblings are written, used by scenario and env files ({@link SpecNode}) and by
 * the CLI verbs alike. Parses text; out-of-range and overflowing values are refused, never wrapped.
 *
 * @param <T> the parsed value's type
 */
public interface Rule<T> {

    /** What a good value looks like, e.g. "a whole number of milliseconds from 0 to 60000". */
    String expected();

    /** The value, or empty when the text does not meet the rule. */
    Optional<T> parse(String text);

    /**
     * The same rule as a JSON Schema fragment, as far as a schema can say it (a duration's bounds,
     * say, it cannot): what {@link SchemaGenerator} writes for a value of this rule.
     */
    default Map<String, Object> schema() {
        return Shape.scalar(expected()).schema();
    }

    /** The parsed value, or an {@link IllegalArgumentException} saying "EXPECTED, got 'TEXT'" prefixed by {@code what}. */
    default T check(String what, String text) {
        return parse(text).orElseThrow(() -> new IllegalArgumentException(what + ": " + refusal(text)));
    }

    /** "EXPECTED, got 'TEXT'". */
    default String refusal(String text) {
        return expected() + ", got '" + text + "'";
    }

    Pattern WHOLE = Pattern.compile("[-+]?[0-9]+(_[0-9]+)*");
    Pattern DECIMAL = Pattern.compile("[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    /** A whole number from min to max. */
    static Rule<Long> whole(long min, long max) {
        return whole(min, max, null, null);
    }

    /**
     * A whole number from min to max.
     *
     * @param unit what it counts ("milliseconds"), or null
     * @param note why the bound is what it is ("the env's brokers"), or null
     */
    static Rule<Long> whole(long min, long max, String unit, String note) {
        String expected = "a whole number" + (unit == null ? "" : " of " + unit) + " from " + min + " to " + max
                + (note == null ? "" : " (" + note + ")");
        return of(expected, text -> {
            String value = text.trim();
            if (!WHOLE.matcher(value).matches()) {
                return Optional.empty();
            }
            BigInteger number = new BigInteger(value.replace("_", "").replace("+", ""));
            return number.compareTo(BigInteger.valueOf(min)) < 0 || number.compareTo(BigInteger.valueOf(max)) > 0
                    ? Optional.empty() : Optional.of(number.longValueExact());
        }, Shape.json("type", "integer", "minimum", min, "maximum", max));
    }

    /** A finite decimal number from min to max. */
    static Rule<Double> decimal(double min, double max, String unit) {
        String expected = "a number" + (unit == null ? "" : " of " + unit) + " from " + plain(min) + " to " + plain(max);
        return of(expected, text -> {
            String value = text.trim();
            if (!DECIMAL.matcher(value).matches()) {
                return Optional.empty();
            }
            BigDecimal number = new BigDecimal(value);
            return number.compareTo(BigDecimal.valueOf(min)) < 0 || number.compareTo(BigDecimal.valueOf(max)) > 0
                    ? Optional.empty() : Optional.of(number.doubleValue());
        }, Shape.json("type", "number", "minimum", jsonNumber(min), "maximum", jsonNumber(max)));
    }

    /** A duration such as 10s, 500ms, 2m or 1h (a plain number is seconds), from min to max. */
    static Rule<Duration> duration(Duration min, Duration max) {
        return of("a duration such as 10s, 500ms or 2m, from " + Durations.format(min) + " to " + Durations.format(max),
                text -> Durations.parse(text).filter(d -> d.compareTo(min) >= 0 && d.compareTo(max) <= 0),
                Shape.json("anyOf", List.of(
                        Shape.json("type", "string", "pattern", Durations.jsonPattern(min.isNegative())),
                        Shape.json("type", "number", "minimum", jsonNumber(min.toMillis() / 1000.0),
                                "maximum", jsonNumber(max.toMillis() / 1000.0)))));
    }

    /** One of the given words, exactly. */
    static Rule<String> oneOf(List<String> allowed) {
        return of("one of " + String.join(", ", allowed), text -> allowed.contains(text) ? Optional.of(text) : Optional.empty(),
                Shape.json("enum", List.copyOf(allowed)));
    }

    /** A string that {@code pattern} matches whole. */
    static Rule<String> matching(Pattern pattern, String expected) {
        return of(expected, text -> pattern.matcher(text).matches() ? Optional.of(text) : Optional.empty(),
                Shape.json("type", "string", "pattern", "^(?:" + pattern.pattern() + ")$"));
    }

    /** true or false. */
    static Rule<Boolean> bool() {
        return of("true or false", text -> switch (text) {
            case "true" -> Optional.of(Boolean.TRUE);
            case "false" -> Optional.of(Boolean.FALSE);
            default -> Optional.empty();
        }, Shape.json("type", "boolean"));
    }

    static <T> Rule<T> of(String expected, java.util.function.Function<String, Optional<T>> parser) {
        return of(expected, parser, Shape.scalar(expected).schema());
    }

    /** A rule whose values a JSON Schema describes as {@code schema}. */
    static <T> Rule<T> of(String expected, java.util.function.Function<String, Optional<T>> parser, Map<String, Object> schema) {
        return new Rule<>() {
            @Override
            public String expected() {
                return expected;
            }

            @Override
            public Optional<T> parse(String text) {
                return text == null ? Optional.empty() : parser.apply(text);
            }

            @Override
            public Map<String, Object> schema() {
                return schema;
            }
        };
    }

    /** A whole double as a long, so that the schema says 1000000 where it means it. */
    private static Number jsonNumber(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Number) (long) value : (Number) value;
    }

    private static String plain(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
