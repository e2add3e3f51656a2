package io.supplychaos.kind.compose;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A compose file as Compose itself reads it: anchors, aliases and merge keys ({@code <<: *kafka-env},
 * the way the compose files share their brokers' settings through {@code x-} extension fields)
 * resolved, which Jackson's YAML tree does not do (it leaves {@code "<<"} and the anchor's name).
 */
final class ComposeYaml {

    private ComposeYaml() {
    }

    static JsonNode read(Path composeFile) {
        try (Reader reader = Files.newBufferedReader(composeFile)) {
            Object loaded = new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
            return loaded == null ? MissingNode.getInstance() : new ObjectMapper().valueToTree(loaded);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + composeFile, e);
        } catch (YAMLException e) {
            throw new IllegalArgumentException(composeFile + " is not valid YAML: " + e.getMessage(), e);
        }
    }
}
