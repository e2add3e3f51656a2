package io.supplychaos.kind.compose;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the tool needs from a docker-compose file (the repo's docker-compose.yml): the project name
 * ({@code name:}, else {@code COMPOSE_PROJECT_NAME} of the {@code .env} beside it, else its directory's name),
 * the {@code kafka-N} services' containers and their client addresses, the {@code app} service's
 * container, the {@code toxiproxy} service's published API and the services that make up the
 * cluster. Container names follow Compose v2 ({@code PROJECT-SERVICE-1}) unless a service sets
 * {@code container_name}. Reads the file only.
 *
 * @param appContainer null when the file has no {@code app} service
 * @param toxiproxyApi null when the file publishes no Toxiproxy API port
 * @param clusterServices the services a run needs up: everything but the app and profiled ones (Pumba)
 */
public record ComposeFile(Path file, String project, Map<Integer, String> brokerContainers, String bootstrapServers,
                          String appContainer, String toxiproxyApi, List<String> clusterServices) {

    private static final Pattern BROKER_SERVICE = Pattern.compile("kafka-(\\d+)");
    private static final Pattern CLIENT_LISTENER = Pattern.compile("CLIENT://([^,]+)");

    public ComposeFile {
        brokerContainers = Collections.unmodifiableMap(new TreeMap<>(brokerContainers));
        clusterServices = List.copyOf(clusterServices);
    }

    public static ComposeFile read(Path composeFile) {
        JsonNode compose = ComposeYaml.read(composeFile);
        String project = compose.path("name").asText(projectFromDotEnv(composeFile)
                .orElse(composeFile.toAbsolutePath().getParent().getFileName().toString()));
        JsonNode services = compose.path("services");
        Map<Integer, String> brokers = new TreeMap<>();
        List<String> clients = new ArrayList<>();
        List<String> cluster = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = services.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> service = it.next();
            if (!service.getKey().equals("app") && !service.getValue().has("profiles")) {
                cluster.add(service.getKey());
            }
            Matcher broker = BROKER_SERVICE.matcher(service.getKey());
            if (broker.matches()) {
                brokers.put(Integer.parseInt(broker.group(1)), containerName(project, service.getKey(), service.getValue()));
                Matcher client = CLIENT_LISTENER.matcher(service.getValue().path("environment").path("KAFKA_ADVERTISED_LISTENERS").asText());
                if (client.find()) {
                    clients.add(client.group(1));
                }
            }
        }
        if (brokers.isEmpty()) {
            throw new IllegalArgumentException(composeFile + " has no kafka-N services");
        }
        String app = services.has("app") ? containerName(project, "app", services.path("app")) : null;
        return new ComposeFile(composeFile, project, brokers, String.join(",", clients), app,
                toxiproxyApi(services.path("toxiproxy")), cluster);
    }

    /** {@code COMPOSE_PROJECT_NAME} of the {@code .env} file beside the compose file, which both Compose v2 and 1.x read. */
    private static Optional<String> projectFromDotEnv(Path composeFile) {
        Path dotEnv = composeFile.toAbsolutePath().resolveSibling(".env");
        if (!Files.isRegularFile(dotEnv)) {
            return Optional.empty();
        }
        try {
            return Files.readAllLines(dotEnv).stream().map(String::trim).filter(l -> l.startsWith("COMPOSE_PROJECT_NAME="))
                    .map(l -> l.substring("COMPOSE_PROJECT_NAME=".length()).trim()).filter(v -> !v.isEmpty()).findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dotEnv, e);
        }
    }

    private static String containerName(String project, String service, JsonNode definition) {
        return definition.path("container_name").asText(project + "-" + service + "-1");
    }

    /** The host address the file publishes Toxiproxy's API port (8474) on, e.g. "127.0.0.1:29000:8474". */
    private static String toxiproxyApi(JsonNode toxiproxy) {
        for (JsonNode port : toxiproxy.path("ports")) {
            String[] parts = port.asText().split(":");
            if (parts.length == 3 && parts[2].equals("8474")) {
                return "http://" + parts[0] + ":" + parts[1];
            }
        }
        return null;
    }
}
