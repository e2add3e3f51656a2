package io.supplychaos.kind.compose;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The host ports a compose file publishes ({@code ports:} as {@code [HOST_IP:]HOST[-HOST]:CONTAINER[-CONTAINER]}),
 * checked free before {@code up}: a port taken is named with its service, instead of a failed
 * {@code up} that leaves half the services running.
 */
final class PublishedPorts {

    /** One published host port. */
    record Published(String service, String hostIp, int port) {
    }

    private PublishedPorts() {
    }

    static List<Published> of(Path composeFile) {
        JsonNode services = ComposeYaml.read(composeFile).path("services");
        List<Published> published = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = services.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> service = it.next();
            if (service.getValue().has("profiles")) {
                continue;
            }
            for (JsonNode port : service.getValue().path("ports")) {
                String[] parts = port.asText().split(":");
                if (parts.length < 2) {
                    continue; // a container port alone: the engine picks a free host port
                }
                String ip = parts.length == 3 ? parts[0] : "0.0.0.0";
                String[] range = parts[parts.length - 2].split("-");
                int from = Integer.parseInt(range[0]);
                int to = range.length == 2 ? Integer.parseInt(range[1]) : from;
                for (int p = from; p <= to; p++) {
                    published.add(new Published(service.getKey(), ip, p));
                }
            }
        }
        return published;
    }

    /** Throws, naming port and service, when one of the file's published host ports is in use. */
    static void requireFree(Path composeFile) {
        requireFree(composeFile, List.of());
    }

    /** The same, but for the ports of {@code running} services: those are theirs. */
    static void requireFree(Path composeFile, List<String> running) {
        for (Published p : of(composeFile)) {
            if (running.contains(p.service())) {
                continue;
            }
            try (ServerSocket socket = new ServerSocket()) {
                socket.setReuseAddress(true);
                socket.bind(new InetSocketAddress(InetAddress.getByName(p.hostIp()), p.port()));
            } catch (IOException e) {
                throw new IllegalArgumentException("port " + p.hostIp() + ":" + p.port() + " (published by service "
                        + p.service() + " of " + composeFile + ") is already in use");
            }
        }
    }
}
