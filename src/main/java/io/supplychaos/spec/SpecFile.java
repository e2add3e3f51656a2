package io.supplychaos.spec;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
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
 * so tags cannot instantiate classes. A syntax error, or a key given twice in one mapping, is a
 * {@link SpecException} at its line and column.
 */
public final class SpecFile {

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
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(10);
        Node root;
        try {
            root = new Yaml(options).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String problem = e.getProblem() != null ? e.getProblem() : e.getMessage().lines().findFirst().orElse("");
            throw errors.create(source, "(file)", mark == null ? null : new Location(mark.getLine() + 1, mark.getColumn() + 1),
                    "valid YAML (" + (e.getContext() == null ? "" : e.getContext() + ": ") + problem + ")");
        } catch (YAMLException e) {
            throw errors.create(source, "(file)", null, "valid YAML (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        refuseDuplicateKeys(root, "", source, errors);
        return SpecNode.root(root, source, errors);
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
