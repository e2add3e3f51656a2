package io.supplychaos.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ExternalCommand;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.env.ToxiproxyApi;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The docker-compose environment's side of the faults (docker-compose.yml at the project root):
 * brokers are the {@code kafka-N} services' containers, signalled with {@code docker kill/stop/start/
 * pause/unpause} (what Pumba does on a schedule); the network goes through the same Toxiproxy proxies
 * ({@code broker-N-client}, {@code broker-N-replication}) over the API port the file publishes; app
 * instance 1 is the {@code app} service's container. Container names follow Compose v2
 * ({@code PROJECT-SERVICE-1}) unless a service sets {@code container_name}. Every docker call goes
 * through a {@link CommandRunner}, the only part tests swap.
 */
final class ComposeBackend implements FaultBackend {
    private static final Pattern BROKER_SERVICE = Pattern.compile("kafka-(\\d+)");
    private static final Pattern CLIENT_LISTENER = Pattern.compile("CLIENT://([^,]+)");
    private static final int APP_HTTP_PORT = 8080;

    /** Runs a command to completion and returns its output; throws when it fails. */
    interface CommandRunner {
        String run(List<String> command);

        static CommandRunner system(Path dir) {
            return command -> ExternalCommand.run(String.join(" ", command), command, dir, Map.of(),
                    Timeouts.DOCKER_COMMAND.toSeconds());
        }
    }

    private final Path file;
    private final CommandRunner docker;
    private final IntConsumer awaitRegistered;
    private final Map<Integer, String> brokerContainers = new TreeMap<>();
    private final String appContainer;
    private final String bootstrapServers;
    private final String toxiproxyApi;

    ComposeBackend(Path composeFile, CommandRunner docker) {
        this(composeFile, docker, null);
    }

    /** {@code awaitRegistered} replaces the Admin-client wait after {@code docker start} (tests); null: the real one. */
    ComposeBackend(Path composeFile, CommandRunner docker, IntConsumer awaitRegistered) {
        this.file = composeFile;
        this.docker = docker;
        this.awaitRegistered = awaitRegistered != null ? awaitRegistered
                : id -> ClusterLookup.awaitRegistered(bootstrapServers(), id, Timeouts.BROKER_REGISTER);
        JsonNode compose;
        try {
            compose = new ObjectMapper(new YAMLFactory()).readTree(composeFile.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + composeFile, e);
        }
        String project = compose.path("name").asText(composeFile.toAbsolutePath().getParent().getFileName().toString());
        JsonNode services = compose.path("services");
        List<String> clients = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = services.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> service = it.next();
            Matcher broker = BROKER_SERVICE.matcher(service.getKey());
            if (broker.matches()) {
                brokerContainers.put(Integer.parseInt(broker.group(1)), containerName(project, service.getKey(), service.getValue()));
                Matcher client = CLIENT_LISTENER.matcher(service.getValue().path("environment").path("KAFKA_ADVERTISED_LISTENERS").asText());
                if (client.find()) {
                    clients.add(client.group(1));
                }
            }
        }
        if (brokerContainers.isEmpty()) {
            throw new IllegalArgumentException(composeFile + " has no kafka-N services");
        }
        this.bootstrapServers = String.join(",", clients);
        this.appContainer = services.has("app") ? containerName(project, "app", services.path("app")) : null;
        this.toxiproxyApi = toxiproxyApi(services.path("toxiproxy"));
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

    String container(int brokerId) {
        String name = brokerContainers.get(brokerId);
        if (name == null) {
            throw new IllegalArgumentException("no broker " + brokerId + " in " + file);
        }
        return name;
    }

    @Override
    public String describe() {
        return "docker compose environment of " + file;
    }

    @Override
    public List<Integer> brokerIds() {
        return List.copyOf(brokerContainers.keySet());
    }

    @Override
    public ProcessControl.State brokerState(int id) {
        return containerState(container(id));
    }

    private ProcessControl.State containerState(String container) {
        String status = docker.run(List.of("docker", "inspect", "--format", "{{.State.Status}}", container)).trim();
        return switch (status) {
            case "running", "restarting" -> ProcessControl.State.RUNNING;
            case "paused" -> ProcessControl.State.PAUSED;
            default -> ProcessControl.State.STOPPED;
        };
    }

    @Override
    public void killBroker(int id) {
        docker.run(List.of("docker", "kill", "--signal", "SIGKILL", container(id)));
    }

    @Override
    public void stopBroker(int id) {
        docker.run(List.of("docker", "stop", "--time", Long.toString(Timeouts.BROKER_STOP_GRACE.toSeconds()), container(id)));
    }

    @Override
    public void startBroker(int id) {
        docker.run(List.of("docker", "start", container(id)));
        awaitRegistered.accept(id);
    }

    @Override
    public void pauseBroker(int id) {
        docker.run(List.of("docker", "pause", container(id)));
    }

    @Override
    public void resumeBroker(int id) {
        docker.run(List.of("docker", "unpause", container(id)));
    }

    @Override
    public String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public Optional<ToxiproxyApi> toxiproxy() {
        return Optional.ofNullable(toxiproxyApi).map(ToxiproxyApi::new);
    }

    @Override
    public Optional<String> proxyName(int brokerId, ProxyLink link) {
        // docker/toxiproxy.json creates the embedded env's names: broker-N-client, broker-N-replication
        return brokerContainers.containsKey(brokerId) ? Optional.of(link.proxyName(brokerId)) : Optional.empty();
    }

    @Override
    public List<Integer> appIndexes() {
        return appContainer == null ? List.of() : List.of(1);
    }

    @Override
    public boolean appAlive(int index) {
        return index == 1 && appContainer != null && containerState(appContainer) == ProcessControl.State.RUNNING;
    }

    @Override
    public void killApp(int index) {
        docker.run(List.of("docker", "kill", "--signal", "SIGKILL", appContainer));
    }

    @Override
    public void startApp(int index) {
        docker.run(List.of("docker", "start", appContainer));
        Poll.require("app container " + appContainer + " to be ready on port " + APP_HTTP_PORT, Timeouts.APP_READY,
                () -> AppInstances.ready(APP_HTTP_PORT));
    }
}
