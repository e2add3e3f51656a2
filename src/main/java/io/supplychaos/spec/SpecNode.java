package io.supplychaos.spec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * One value of a scenario or env file with its path ({@code workload.orders}, {@code faults[1].ms})
 * and its line and column, and typed getters that refuse what does not fit with one wording:
 * {@code FILE:LINE:COLUMN: field 'PATH': EXPECTED, got 'VALUE'}. A missing field is a node too
 * (located at its parent), so a getter on it says "required: ...".
 */
public final class SpecNode {

    private final Node node;
    private final String source;
    private final String path;
    private final Location location;
    private final SpecException.Factory errors;

    private SpecNode(Node node, String source, String path, Location location, SpecException.Factory errors) {
        this.node = node;
        this.source = source;
        this.path = path;
        this.location = location;
        this.errors = errors;
    }

    static SpecNode root(Node node, String source, SpecException.Factory errors) {
        return new SpecNode(node, source, "(root)", node == null ? null : at(node), errors);
    }

    private static Location at(Node node) {
        return new Location(node.getStartMark().getLine() + 1, node.getStartMark().getColumn() + 1);
    }

    public String source() {
        return source;
    }

    public String path() {
        return path;
    }

    public Location location() {
        return location;
    }

    /** A problem with this value. */
    public SpecException error(String expected) {
        return errors.create(source, path, location, expected);
    }

    /** A problem with this value, quoting it: "EXPECTED, got 'VALUE'". */
    public SpecException refuse(String expected) {
        return error(expected + ", got " + describe());
    }

    /** False for a missing field and for an explicit null ({@code key:} or {@code key: ~}). */
    public boolean present() {
        return node != null && !(node instanceof ScalarNode scalar && scalar.getTag().equals(Tag.NULL));
    }

    public boolean isMapping() {
        return node instanceof MappingNode;
    }

    public boolean isSequence() {
        return node instanceof SequenceNode;
    }

    public boolean isScalar() {
        return present() && node instanceof ScalarNode;
    }

    /** "'text'", "a mapping" or "a list": the value as an error message shows it. */
    public String describe() {
        if (!present()) {
            return "nothing";
        }
        if (node instanceof ScalarNode scalar) {
            return "'" + scalar.getValue() + "'";
        }
        return node instanceof MappingNode ? "a mapping" : "a list";
    }

    // ---- mappings ----

    /** This node as a mapping; {@code what} says what it holds ("{at, action, target, ...}"). */
    public SpecNode mapping(String what) {
        if (!present()) {
            throw error("required: a mapping " + what);
        }
        if (!isMapping()) {
            throw refuse("a mapping " + what);
        }
        return this;
    }

    /** Refuses any key outside {@code known}, naming the key and listing the known ones. */
    public SpecNode only(Collection<String> known) {
        for (NodeTuple tuple : tuples()) {
            String key = keyOf(tuple);
            if (!known.contains(key)) {
                throw errors.create(source, child(key), at(tuple.getKeyNode()),
                        "unknown key; expected one of " + known.stream().sorted().toList());
            }
        }
        return this;
    }

    /** Refuses any key outside the shape's, when the shape is closed; see {@link #only(Collection)}. */
    public SpecNode only(Shape.Keys keys) {
        return keys.closed() ? only(keys.names()) : this;
    }

    /** True when the mapping holds {@code key} with a value other than null. */
    public boolean has(String key) {
        return get(key).present();
    }

    /** The value under {@code key}; a missing one is located at this mapping. */
    public SpecNode get(String key) {
        for (NodeTuple tuple : tuples()) {
            if (keyOf(tuple).equals(key)) {
                return new SpecNode(tuple.getValueNode(), source, child(key), at(tuple.getValueNode()), errors);
            }
        }
        return new SpecNode(null, source, child(key), location, errors);
    }

    /** The mapping's keys, in file order. */
    public List<String> keys() {
        return tuples().stream().map(this::keyOf).toList();
    }

    /** The mapping's entries, in file order. */
    public Map<String, SpecNode> entries() {
        Map<String, SpecNode> entries = new LinkedHashMap<>();
        keys().forEach(key -> entries.put(key, get(key)));
        return entries;
    }

    /** A mapping of names to scalar values (properties), as text in file order. */
    public Map<String, String> properties() {
        mapping("of names to values");
        Map<String, String> properties = new LinkedHashMap<>();
        entries().forEach((key, value) -> properties.put(key, value.scalar()));
        return properties;
    }

    private List<NodeTuple> tuples() {
        return node instanceof MappingNode mapping ? mapping.getValue() : List.of();
    }

    private String keyOf(NodeTuple tuple) {
        if (tuple.getKeyNode() instanceof ScalarNode scalar) {
            return scalar.getValue();
        }
        throw errors.create(source, path, at(tuple.getKeyNode()), "keys that are plain names, got a "
                + (tuple.getKeyNode() instanceof MappingNode ? "mapping" : "list") + " as a key");
    }

    private String child(String key) {
        return "(root)".equals(path) ? key : path + "." + key;
    }

    // ---- lists ----

    /** This node's items, each with its path ({@code orders[2]}) and location. */
    public List<SpecNode> items(String what) {
        if (!present()) {
            throw error("required: a list of " + what);
        }
        if (!(node instanceof SequenceNode sequence)) {
            throw refuse("a list of " + what);
        }
        List<SpecNode> items = new ArrayList<>();
        for (int i = 0; i < sequence.getValue().size(); i++) {
            Node item = sequence.getValue().get(i);
            items.add(new SpecNode(item, source, path + "[" + i + "]", at(item), errors));
        }
        return items;
    }

    // ---- scalars ----

    /** Any scalar (number, string or boolean) as its text. */
    public String scalar() {
        if (!present()) {
            throw error("required: a value (number, string or boolean)");
        }
        if (!(node instanceof ScalarNode scalar)) {
            throw refuse("a value (number, string or boolean)");
        }
        return scalar.getValue();
    }

    /** A string: a scalar that YAML does not read as a number or boolean. */
    public String text() {
        if (!present()) {
            throw error("required: a string");
        }
        if (!(node instanceof ScalarNode scalar) || !scalar.getTag().equals(Tag.STR)) {
            throw refuse("a string");
        }
        return scalar.getValue();
    }

    /** The value checked against {@code rule}; "required: ..." when missing. */
    public <T> T as(Rule<T> rule) {
        if (!present()) {
            throw error("required: " + rule.expected());
        }
        if (!(node instanceof ScalarNode scalar)) {
            throw refuse(rule.expected());
        }
        return rule.parse(scalar.getValue()).orElseThrow(() -> error(rule.refusal(scalar.getValue())));
    }

    /** The value checked against {@code rule}, or {@code fallback} when the field is absent. */
    public <T> T as(Rule<T> rule, T fallback) {
        return present() ? as(rule) : fallback;
    }

    public long whole(long min, long max) {
        return as(Rule.whole(min, max));
    }

    public int wholeInt(int min, int max) {
        return Math.toIntExact(as(Rule.whole(min, max)));
    }

    public boolean bool() {
        return as(Rule.bool());
    }

    public Duration duration(Duration min, Duration max) {
        return as(Rule.duration(min, max));
    }

    /** One of an enum's values by its file name. */
    public <E extends Enum<E>> E choice(E[] values, Function<E, String> fileName) {
        String chosen = as(Rule.oneOf(Arrays.stream(values).map(fileName).toList()));
        return Arrays.stream(values).filter(v -> fileName.apply(v).equals(chosen)).findFirst().orElseThrow();
    }
}
