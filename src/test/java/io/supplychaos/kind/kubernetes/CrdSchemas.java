package io.supplychaos.kind.kubernetes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

/**
 * The CRDs of the pinned operator releases (src/test/resources/crds, README.md there), as an API
 * server reads them: which versions each serves, and each version's {@code openAPIV3Schema} as a JSON
 * Schema that refuses what the API server refuses with strict field validation (kubectl's default):
 * a field the schema does not list (unless it preserves unknown fields), a wrong type, a value outside
 * an enum or not matching a pattern, a missing required field. CEL rules ({@code x-kubernetes-validations})
 * are not checked.
 */
final class CrdSchemas {
    static final List<String> STRIMZI = List.of("crds/strimzi/040-Crd-kafka.yaml", "crds/strimzi/045-Crd-kafkanodepool.yaml");
    static final List<String> CHAOS_MESH = List.of("crds/chaos-mesh/chaos-mesh.org_networkchaos.yaml",
            "crds/chaos-mesh/chaos-mesh.org_podchaos.yaml");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    /** One version of one CRD. */
    record Version(String group, String kind, String plural, String name, boolean served, JsonSchema schema) {
        String apiVersion() {
            return group + "/" + name;
        }
    }

    private final List<Version> versions;

    private CrdSchemas(List<Version> versions) {
        this.versions = List.copyOf(versions);
    }

    /** The CRDs in those resources of the test classpath. */
    static CrdSchemas of(List<String> resources) {
        List<Version> versions = new ArrayList<>();
        for (String resource : resources) {
            try (InputStream in = CrdSchemas.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("no test resource " + resource);
                }
                JsonNode crd = YAML.readTree(in);
                JsonNode spec = crd.path("spec");
                for (JsonNode version : spec.path("versions")) {
                    ObjectNode schema = structural(version.path("schema").path("openAPIV3Schema"));
                    versions.add(new Version(spec.path("group").asText(), spec.path("names").path("kind").asText(),
                            spec.path("names").path("plural").asText(), version.path("name").asText(),
                            version.path("served").asBoolean(), FACTORY.getSchema(schema)));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new CrdSchemas(versions);
    }

    /** Both operators' CRDs, read once per JVM (Strimzi's Kafka CRD alone is 600 kB). */
    static CrdSchemas all() {
        return All.INSTANCE;
    }

    private static final class All {
        static final CrdSchemas INSTANCE = of(both());

        private static List<String> both() {
            List<String> both = new ArrayList<>(STRIMZI);
            both.addAll(CHAOS_MESH);
            return both;
        }
    }

    List<Version> versions() {
        return versions;
    }

    boolean knowsGroup(String group) {
        return versions.stream().anyMatch(v -> v.group().equals(group));
    }

    Optional<Version> byPlural(String group, String version, String plural) {
        return versions.stream().filter(v -> v.group().equals(group) && v.name().equals(version) && v.plural().equals(plural)).findFirst();
    }

    Optional<Version> byKind(String apiVersion, String kind) {
        return versions.stream().filter(v -> v.apiVersion().equals(apiVersion) && v.kind().equals(kind)).findFirst();
    }

    /** The versions of {@code kind} the CRD serves, e.g. [v1, v1beta2]. */
    List<String> served(String group, String kind) {
        return versions.stream().filter(v -> v.group().equals(group) && v.kind().equals(kind) && v.served()).map(Version::name).toList();
    }

    /**
     * What the API server would refuse in {@code resource} (a manifest or a request body): a kind or
     * version it does not serve, or the schema's messages; empty when it takes it. Resources of other
     * groups are not ours to judge: empty.
     */
    List<String> problems(JsonNode resource) {
        String apiVersion = resource.path("apiVersion").asText();
        String kind = resource.path("kind").asText();
        String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
        if (!knowsGroup(group)) {
            return List.of();
        }
        Optional<Version> version = byKind(apiVersion, kind).filter(Version::served);
        if (version.isEmpty()) {
            return List.of(kind + " " + resource.path("metadata").path("name").asText() + ": " + apiVersion
                    + " is not served (served: " + served(group, kind) + ")");
        }
        ObjectNode body = resource.deepCopy();
        body.remove("__file");
        List<String> problems = new ArrayList<>();
        for (ValidationMessage message : version.get().schema().validate(body)) {
            problems.add(kind + " " + resource.path("metadata").path("name").asText() + " (" + apiVersion + "): " + message.getMessage());
        }
        return problems;
    }

    /** The OpenAPI v3 structural schema as JSON Schema 2020-12, closed where the API server prunes or refuses. */
    static ObjectNode structural(JsonNode openApi) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        boolean preserve = openApi.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
        boolean intOrString = openApi.path("x-kubernetes-int-or-string").asBoolean(false);
        for (Iterator<Map.Entry<String, JsonNode>> it = openApi.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            switch (key) {
                case "properties" -> {
                    ObjectNode properties = out.putObject("properties");
                    value.fields().forEachRemaining(p -> properties.set(p.getKey(), structural(p.getValue())));
                }
                case "items", "additionalProperties", "not" -> out.set(key, value.isObject() ? structural(value) : value);
                case "oneOf", "anyOf", "allOf" -> {
                    ArrayNode list = out.putArray(key);
                    value.forEach(item -> list.add(structural(item)));
                }
                case "type", "enum", "pattern", "required", "minimum", "maximum", "minItems", "maxItems", "minLength",
                     "maxLength", "exclusiveMinimum", "exclusiveMaximum", "uniqueItems" -> out.set(key, value);
                default -> {
                    // description, format, default, example, nullable and the x-kubernetes-* keys: not assertions here
                }
            }
        }
        if (intOrString) {
            out.remove("type");
            ArrayNode types = out.putArray("type");
            types.add("integer");
            types.add("string");
        }
        if (openApi.path("nullable").asBoolean(false) && out.has("type") && out.get("type").isTextual()) {
            ArrayNode types = JsonNodeFactory.instance.arrayNode();
            types.add(out.get("type").asText());
            types.add("null");
            out.set("type", types);
        }
        if (out.has("properties") && "object".equals(openApi.path("type").asText()) && !out.has("additionalProperties") && !preserve) {
            // strict field validation: a field the schema does not know is an error
            out.put("additionalProperties", false);
        }
        return out;
    }
}
