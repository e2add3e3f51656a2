package io.supplychaos.spec;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.streams.StreamsConfig;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * Which settings hold secrets, and their values hidden: the one rule every writer of results, status
 * lines and reports applies (docs/SECURITY.md, "Secrets in results"). A name holds a secret when
 * <ol>
 * <li>Kafka types it {@code PASSWORD} (its {@code ConfigDef}s of the producer, consumer, Admin client and
 *     Streams: {@code ssl.key.password}, {@code ssl.keystore.password}, {@code ssl.truststore.password},
 *     {@code ssl.keystore.key}, {@code sasl.jaas.config}, {@code sasl.oauthbearer.*.secret}, ...), also
 *     behind any prefix ({@code listener.name.client.scram-sha-512.sasl.jaas.config},
 *     {@code producer.}, {@code kafka-streams.}); these are the settings a broker's
 *     {@code DescribeConfigs} marks {@code isSensitive}, and Kafka's own logs print as
 *     {@value #HIDDEN}; or</li>
 * <li>one of its words (split at {@code . - _}, spaces and camelCase) is {@code password},
 *     {@code passwd}, {@code pwd}, {@code passphrase}, {@code secret(s)}, {@code token(s)},
 *     {@code credential(s)}, {@code jaas} or {@code apikey}, or it has {@code user.info}
 *     ({@code basic.auth.user.info}), or its last word is {@code key} ({@code api.key},
 *     {@code private.key}); unless its last word says it is about the secret rather than the secret
 *     itself ({@code .url}, {@code .ms}, {@code .type}, {@code .algorithm}, {@code .location}, ...:
 *     {@code sasl.oauthbearer.token.endpoint.url}, {@code delegation.token.expiry.time.ms}).</li>
 * </ol>
 * A value under such a name is replaced by {@value #HIDDEN} wherever it is written: in a map, in a
 * JSON tree, in a YAML file (keeping the file valid and its lines where they were), in a log's
 * {@code name=value} and {@code name: value} lines.
 */
public final class Secrets {

    /** What a hidden value reads as: Kafka's own word for a {@code PASSWORD} config it logs. */
    public static final String HIDDEN = "[hidden]";

    /** Every config Kafka's clients and Streams type PASSWORD. */
    private static final Set<String> KAFKA_PASSWORDS = Stream.of(ProducerConfig.configDef(), ConsumerConfig.configDef(),
                    AdminClientConfig.configDef(), StreamsConfig.configDef())
            .flatMap(def -> def.configKeys().values().stream())
            .filter(key -> key.type == ConfigDef.Type.PASSWORD)
            .map(key -> key.name)
            .collect(Collectors.toUnmodifiableSet());
    private static final Set<String> SECRET_WORDS = Set.of("password", "passwd", "pwd", "passphrase", "secret", "secrets",
            "token", "tokens", "credential", "credentials", "jaas", "apikey");
    /** Last words that make a name about a secret (where, how long, which kind) rather than the secret. */
    private static final Set<String> ABOUT_A_SECRET = Set.of("url", "urls", "uri", "endpoint", "ms", "seconds", "type",
            "types", "enable", "enabled", "class", "classes", "location", "file", "path", "algorithm", "algorithms",
            "protocol", "protocols", "mechanism", "mechanisms", "count", "size", "length", "iterations", "source",
            "provider", "format", "header");
    private static final Pattern WORD_BREAK = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");
    /** A whole line {@code name = value} or {@code name: value} (a properties file, Kafka's config dump, YAML). */
    private static final Pattern LINE_SETTING = Pattern.compile("^(\\s*[-#]?\\s*)([A-Za-z][\\w.\\-]*)(\\s*[=:]\\s*)(\\S.*?)(\\s*)$");
    /** {@code name=value} inside a line: a JAAS config's {@code password="..."}, a command's {@code password=...}. */
    private static final Pattern INLINE_SETTING = Pattern.compile(
            "([A-Za-z][\\w.\\-]*)(\\s*=\\s*)(\"[^\"]*\"|'[^']*'|[^\\s;,\\]\\)'\"]+)");

    private Secrets() {
    }

    /** Whether a setting of this name holds a secret, by the rule above. */
    public static boolean isSecret(String name) {
        if (name == null || name.isBlank()) {
            return false;
        }
        String rest = name.toLowerCase(Locale.ROOT);
        while (true) {
            if (KAFKA_PASSWORDS.contains(rest)) {
                return true;
            }
            int dot = rest.indexOf('.');
            if (dot < 0) {
                break;
            }
            rest = rest.substring(dot + 1);
        }
        List<String> words = Arrays.stream(WORD_BREAK.split(name)).filter(word -> !word.isEmpty())
                .map(word -> word.toLowerCase(Locale.ROOT)).toList();
        if (words.isEmpty() || ABOUT_A_SECRET.contains(words.get(words.size() - 1))) {
            return false;
        }
        if (words.get(words.size() - 1).equals("key")) {
            return true;
        }
        for (int i = 0; i < words.size(); i++) {
            if (SECRET_WORDS.contains(words.get(i))
                    || i + 1 < words.size() && words.get(i).equals("user") && words.get(i + 1).equals("info")) {
                return true;
            }
        }
        return false;
    }

    /** A copy of {@code settings}, in their order, with every secret's value {@value #HIDDEN}. */
    public static Map<String, String> masked(Map<String, String> settings) {
        Map<String, String> masked = new LinkedHashMap<>();
        settings.forEach((name, value) -> masked.put(name, isSecret(name) && value != null ? HIDDEN : value));
        return masked;
    }

    /** A copy of a JSON tree with every value under a secret's name {@value #HIDDEN} (each scalar of it, when it is a list or object). */
    public static JsonNode maskedJson(JsonNode tree) {
        JsonNode copy = tree.deepCopy();
        mask(copy, false);
        return copy;
    }

    private static JsonNode mask(JsonNode node, boolean secret) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                object.set(name, mask(object.get(name), secret || isSecret(name)));
            }
            return object;
        }
        if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, mask(array.get(i), secret));
            }
            return array;
        }
        return secret && !node.isNull() ? TextNode.valueOf(HIDDEN) : node;
    }

    /**
     * A YAML file's text with every scalar under a secret's key replaced by {@code "[hidden]"}:
     * still valid YAML with the same keys, every other character where it was, and as many lines (a
     * value that spanned lines leaves blank ones). Anchors stay, so aliases still resolve; a secret
     * given through an alias is hidden where its anchor gives it. Text that is not YAML is masked
     * line by line ({@link #maskedText}).
     */
    public static String maskedYaml(String text) {
        Node root;
        try {
            root = new Yaml(SpecFile.loaderOptions()).compose(new StringReader(text));
        } catch (YAMLException e) {
            return maskedText(text);
        }
        Set<ScalarNode> secrets = Collections.newSetFromMap(new IdentityHashMap<>());
        collect(root, false, secrets, Collections.newSetFromMap(new IdentityHashMap<>()),
                Collections.newSetFromMap(new IdentityHashMap<>()));
        List<int[]> ranges = new ArrayList<>();
        for (ScalarNode scalar : secrets) {
            int start = text.offsetByCodePoints(0, scalar.getStartMark().getIndex());
            int end = text.offsetByCodePoints(0, scalar.getEndMark().getIndex());
            start = pastAnchorAndTag(text, start, end);
            if (start < end) {
                ranges.add(new int[] {start, end});
            }
        }
        ranges.sort(Comparator.comparingInt((int[] range) -> range[0]).reversed());
        StringBuilder masked = new StringBuilder(text);
        for (int[] range : ranges) {
            String replaced = masked.substring(range[0], range[1]);
            masked.replace(range[0], range[1], "\"" + HIDDEN + "\"" + "\n".repeat((int) replaced.chars().filter(c -> c == '\n').count()));
        }
        return masked.toString();
    }

    /** The scalars under a secret's key; each node visited once as secret and once as not, so shared and cyclic graphs end. */
    private static void collect(Node node, boolean secret, Set<ScalarNode> secrets, Set<Node> seenPlain, Set<Node> seenSecret) {
        if (node == null || !(secret ? seenSecret : seenPlain).add(node)) {
            return;
        }
        if (node instanceof ScalarNode scalar) {
            if (secret) {
                secrets.add(scalar);
            }
        } else if (node instanceof MappingNode mapping) {
            for (NodeTuple tuple : mapping.getValue()) {
                boolean secretKey = tuple.getKeyNode() instanceof ScalarNode key && isSecret(key.getValue());
                collect(tuple.getValueNode(), secret || secretKey, secrets, seenPlain, seenSecret);
            }
        } else if (node instanceof SequenceNode sequence) {
            sequence.getValue().forEach(item -> collect(item, secret, secrets, seenPlain, seenSecret));
        }
    }

    /** Where the scalar's own text begins: after an {@code &anchor} (kept, so aliases of it still resolve) and a {@code !tag}. */
    private static int pastAnchorAndTag(String text, int start, int end) {
        int at = start;
        while (at < end && (text.charAt(at) == '&' || text.charAt(at) == '!')) {
            while (at < end && !Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            while (at < end && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }
        return at;
    }

    /**
     * Text (a log, a properties file) with secrets' values {@value #HIDDEN}: a whole line
     * {@code name = value} or {@code name: value} whose name is a secret's, and inside any line each
     * {@code name=value} or {@code name="value"} whose name is (a JAAS config's {@code password="..."}).
     */
    public static String maskedText(String text) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            lines[i] = maskedLine(lines[i]);
        }
        return String.join("\n", lines);
    }

    private static String maskedLine(String line) {
        Matcher whole = LINE_SETTING.matcher(line);
        if (whole.matches() && isSecret(whole.group(2))) {
            return whole.group(1) + whole.group(2) + whole.group(3) + HIDDEN + whole.group(5);
        }
        Matcher inline = INLINE_SETTING.matcher(line);
        StringBuilder masked = new StringBuilder();
        while (inline.find()) {
            String value = inline.group(3);
            String hidden = value.startsWith("\"") || value.startsWith("'") ? value.charAt(0) + HIDDEN + value.charAt(0) : HIDDEN;
            inline.appendReplacement(masked, Matcher.quoteReplacement(isSecret(inline.group(1))
                    ? inline.group(1) + inline.group(2) + hidden : inline.group()));
        }
        inline.appendTail(masked);
        return masked.toString();
    }
}
