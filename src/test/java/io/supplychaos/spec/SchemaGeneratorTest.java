package io.supplychaos.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A shape walked into JSON Schema: each declaration becomes the keyword that says the same. */
class SchemaGeneratorTest {

    @Test
    void shouldCloseAMappingTheReaderClosesAndCarryRulesAndRequiredKeys() {
        Shape.Keys keys = Shape.keys(Shape.required("brokers", Rule.whole(1, 9), "How many"),
                Shape.optional("kind", Rule.oneOf(List.of("a", "b")), null));

        String json = SchemaGenerator.json(SchemaGenerator.schema("t", "d", keys));

        assertThat(json).contains("\"$schema\" : \"" + SchemaGenerator.DRAFT + "\"", "\"additionalProperties\" : false",
                "\"required\" : [\n    \"brokers\"\n  ]", "\"minimum\" : 1", "\"maximum\" : 9",
                "\"description\" : \"How many. Expected: a whole number from 1 to 9\"",
                "\"description\" : \"one of a, b\"");
        assertThat(SchemaGenerator.json(SchemaGenerator.schema("t", "d", keys.open()))).doesNotContain("additionalProperties");
    }

    @Test
    void shouldMatchAnAbsentKeyWhenTheConditionIsItsDefault() {
        Shape.Keys keys = Shape.keys(Shape.optional("kind", Rule.oneOf(List.of("a", "b")), null),
                Shape.optional("x", Rule.bool(), null)).and(
                Shape.forbidWhen("kind", "a", true, List.of("x")),
                Shape.forbidWhen("kind", "b", false, List.of("x")));

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> all = (List<Map<String, Object>>) SchemaGenerator.schema("t", "d", keys).get("allOf");

        assertThat(all.get(0).get("if")).isEqualTo(Map.of("properties", Map.of("kind", Map.of("const", "a"))));
        assertThat(all.get(1).get("if")).isEqualTo(Map.of("properties", Map.of("kind", Map.of("const", "b")),
                "required", List.of("kind")));
        assertThat(all.get(0).get("then")).isEqualTo(Map.of("properties", Map.of("x", false)));
    }

    @Test
    void shouldDefineANamedShapeOnceAndReferToIt() {
        Shape.Named env = new Shape.Named("env", "An env", Shape.keys(Shape.optional("n", Rule.bool(), null)));
        Shape.Keys keys = Shape.keys(Shape.optional("env", env, null),
                Shape.optional("more", new Shape.ListOf(env, true), null));

        Map<String, Object> schema = SchemaGenerator.schema("t", "d", keys);

        assertThat(SchemaGenerator.json(schema)).contains("\"$ref\" : \"#/$defs/env\"", "\"minItems\" : 1");
        assertThat(((Map<?, ?>) schema.get("$defs")).keySet().toString()).isEqualTo("[env]");
    }

    @Test
    void shouldTakeADurationAsTextOrSecondsWithoutASignBelowZero() {
        Map<String, Object> schema = Rule.duration(Duration.ofSeconds(1), Duration.ofHours(1)).schema();

        assertThat(schema.toString()).contains("pattern=^\\s*\\+?", "minimum=1", "maximum=3600");
    }
}
