package io.supplychaos.kind.compose;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

import io.supplychaos.spec.SpecException;
import io.supplychaos.spec.SpecFile;

/**
 * A compose file as Compose itself reads it: anchors, aliases and merge keys ({@code <<: *kafka-env},
 * the way the compose files share their brokers' settings through {@code x-} extension fields)
 * resolved, which Jackson's YAML tree does not do (it leaves {@code "<<"} and the anchor's name).
 * Read under the limits of the tool's own files ({@link SpecFile#loaderOptions()}); a value that
 * contains itself is refused at its line before anything walks it.
 */
final class ComposeYaml {

    private ComposeYaml() {
    }

    static JsonNode read(Path composeFile) {
        try {
            String text = Files.readString(composeFile);
            Node root = new Yaml(SpecFile.loaderOptions()).compose(new StringReader(text));
            SpecFile.refuseRecursion(root, "", new IdentityHashMap<>(), composeFile.toString(), SpecException::new);
            Object loaded = new Yaml(new SafeConstructor(SpecFile.loaderOptions())).load(text);
            return loaded == null ? MissingNode.getInstance() : new ObjectMapper().valueToTree(loaded);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + composeFile, e);
        } catch (YAMLException e) {
            throw new IllegalArgumentException(composeFile + " is not valid YAML: " + e.getMessage(), e);
        }
    }
}
