package io.supplychaos.spec;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads one YAML file (a scenario or an env) into a {@link SpecNode} tree that remembers the line
 * and column of every value. Only composes the node graph: no object is constructed from the YAML,
 * so tags cannot instantiate classes. A syntax error, a key given twice in one mapping, and a value
 * that contains itself (an anchor used inside its own value through an alias, directly or by a merge
 * key {@code <<}) are a {@link SpecException} at their line and column; so is a file nested deeper
 * than {@value #MAX_NESTING} levels, or one whose aliases would multiply its size.
 */
public final class SpecFile {

    /** How deep mappings and sequences may nest: far beyond any file of the tool, far below the stack's depth. */
    public static final int MAX_NESTING = 50;
    /** How many aliases of mappings and sequences a file may use: a few shared blocks, never a billion laughs. */
    static final int MAX_COLLECTION_ALIASES = 10;

    private SpecFile() {
    }

    /** The file's root node; errors are built by {@code errors} (the kind of file's own exception). */
    public static SpecNode read(Path file, SpecException.Factory errors) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw errors.create(file.toString(), "(file)", null, "a readable file (" + e.getClass().getSimpleName()
                    + ": " + e.getMessage() + ")");
        }
        return parse(text, file.toString(), errors);
    }

    /** Parses YAML text that came from {@code source}. */
    public static SpecNode parse(String text, String source, SpecException.Factory errors) {
        Node root;
        try {
            root = new Yaml(loaderOptions()).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String problem = e.getProblem() != null ? e.getProblem() : e.getMessage().lines().findFirst().orElse("");
            throw errors.create(source, "(file)", mark == null ? null : new Location(mark.getLine() + 1, mark.getColumn() + 1),
                    "valid YAML (" + (e.getContext() == null ? "" : e.getContext() + ": ") + problem + ")");
        } catch (YAMLException e) {
            String problem = e.getMessage().lines().findFirst().orElse("");
            throw errors.create(source, "(file)", null, "valid YAML (" + (problem.startsWith("Nesting Depth exceeded")
                    ? "mappings and sequences nested at most " + MAX_NESTING + " levels deep" : problem) + ")");
        }
        refuseRecursion(root, "", new IdentityHashMap<>(), source, errors);
        refuseDuplicateKeys(root, "", source, errors);
        return SpecNode.root(root, source, errors);
    }

    /**
     * The limits every YAML file of the tool is composed under (the compose files' reader too): no
     * recursive keys, at most {@value #MAX_COLLECTION_ALIASES} aliases of collections, at most
     * {@value #MAX_NESTING} levels of nesting. A recursive value still composes; {@link #parse}
     * refuses it.
     */
    public static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowRecursiveKeys(false);
        options.setMaxAliasesForCollections(MAX_COLLECTION_ALIASES);
        options.setNestingDepthLimit(MAX_NESTING);
        return options;
    }

    /**
     * Refuses a node graph with a cycle: an anchor used through an alias inside its own value (or
     * merged into itself with {@code <<}). The composer builds such a graph without complaint, and
     * anything that walks it (this reader, a constructor, a JSON conversion) would recurse until the
     * stack overflows. Refused at the anchored value's path, line and column, naming where its alias is.
     *
     * @param open the collections on the way from the root to {@code node}, with their paths
     */
    public static void refuseRecursion(Node node, String path, Map<Node, String> open, String source,
                                       SpecException.Factory errors) {
        if (!(node instanceof MappingNode) && !(node instanceof SequenceNode)) {
            return;
        }
        String anchored = open.putIfAbsent(node, path);
        if (anchored != null) {
            Mark mark = node.getStartMark();
            throw errors.create(source, name(anchored), new Location(mark.getLine() + 1, mark.getColumn() + 1),
                    "a value that does not contain itself; the anchor '&' here is used inside its own value through an "
                            + "alias ('*') at '" + name(path) + "'");
        }
        if (node instanceof MappingNode mapping) {
            for (NodeTuple tuple : mapping.getValue()) {
                String key = tuple.getKeyNode() instanceof ScalarNode scalar ? scalar.getValue() : "?";
                refuseRecursion(tuple.getKeyNode(), path, open, source, errors);
                refuseRecursion(tuple.getValueNode(), path.isEmpty() ? key : path + "." + key, open, source, errors);
            }
        } else {
            SequenceNode sequence = (SequenceNode) node;
            for (int i = 0; i < sequence.getValue().size(); i++) {
                refuseRecursion(sequence.getValue().get(i), path + "[" + i + "]", open, source, errors);
            }
        }
        open.remove(node);
    }

    private static String name(String path) {
        return path.isEmpty() ? "(root)" : path;
    }

    /** A key given twice in one mapping: YAML forbids it, and the composer alone lets the last one win silently. */
    private static void refuseDuplicateKeys(Node node, String path, String source, SpecException.Factory errors) {
        if (node instanceof MappingNode mapping) {
            Map<String, Node> seen = new HashMap<>();
            for (NodeTuple tuple : mapping.getValue()) {
                String key = tuple.getKeyNode() instanceof ScalarNode scalar ? scalar.getValue() : null;
                String child = path.isEmpty() ? key : path + "." + key;
                if (key != null) {
                    Node first = seen.putIfAbsent(key, tuple.getKeyNode());
                    if (first != null) {
                        Mark mark = tuple.getKeyNode().getStartMark();
                        throw errors.create(source, child, new Location(mark.getLine() + 1, mark.getColumn() + 1),
                                "a key given once; '" + key + "' is also at line " + (first.getStartMark().getLine() + 1));
                    }
                }
                refuseDuplicateKeys(tuple.getValueNode(), child, source, errors);
            }
        } else if (node instanceof SequenceNode sequence) {
            for (int i = 0; i < sequence.getValue().size(); i++) {
                refuseDuplicateKeys(sequence.getValue().get(i), path + "[" + i + "]", source, errors);
            }
        }
    }
}
