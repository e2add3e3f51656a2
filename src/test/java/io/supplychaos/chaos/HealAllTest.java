package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ProcessControl;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * heal on a Toxiproxy the env shares, against an in-memory Toxiproxy HTTP API: the tool's toxics go
 * and its proxies are enabled; other proxies and other people's toxics stay, and /reset is never called.
 */
class HealAllTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Proxies by name: enabled and toxic names. */
    private final Map<String, StubProxy> proxies = Collections.synchronizedMap(new TreeMap<>());
    private final List<String> requests = Collections.synchronizedList(new ArrayList<>());
    private HttpServer server;
    @TempDir
    Path stateDir;

    private record StubProxy(String name, boolean enabled, List<String> toxics) {
    }

    @BeforeEach
    void startStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    @AfterEach
    void stopStub() {
        server.stop(0);
    }

    @Test
    void shouldHealOnlyTheEnvsProxiesAndTheToolsToxics() {
        // given a shared Toxiproxy: the env's broker proxies carrying the tool's faults (and a toxic
        // someone else put on one), and another team's proxy, disabled, with its own toxic
        proxies.put("broker-1-client", new StubProxy("broker-1-client", true,
                new ArrayList<>(List.of("supply-chaos-delay-downstream", "supply-chaos-delay-upstream", "ops-latency"))));
        proxies.put("broker-2-replication", new StubProxy("broker-2-replication", false, new ArrayList<>()));
        proxies.put("payments-db", new StubProxy("payments-db", false, new ArrayList<>(List.of("supply-chaos-x", "their-latency"))));
        FaultsTest.FakeBackend backend = backendOn("http://127.0.0.1:" + server.getAddress().getPort());
        backend.brokers.put(3, ProcessControl.State.PAUSED);

        // when heal runs
        new Faults(backend, stateDir).bind(new FaultSpec(FaultType.HEAL, null, Map.of(), Duration.ZERO, null)).inject();

        // then the env's proxies lose the tool's toxics and are enabled, and nothing else changed
        assertThat(proxies.get("broker-1-client")).isEqualTo(new StubProxy("broker-1-client", true, List.of("ops-latency")));
        assertThat(proxies.get("broker-2-replication")).isEqualTo(new StubProxy("broker-2-replication", true, List.of()));
        assertThat(proxies.get("payments-db"))
                .isEqualTo(new StubProxy("payments-db", false, List.of("supply-chaos-x", "their-latency")));
        assertThat(requests).noneMatch(request -> request.contains("/reset"))
                .noneMatch(request -> request.contains("payments-db"));
        assertThat(backend.calls).containsExactly("resume 3");
    }

    private static FaultsTest.FakeBackend backendOn(String api) {
        return new FaultsTest.FakeBackend() {
            @Override
            public Optional<ToxiproxyApi> toxiproxy() {
                return Optional.of(new ToxiproxyApi(api));
            }
        };
    }

    /** GET /proxies, GET /proxies/{name}, POST /proxies/{name} (enabled), DELETE /proxies/{name}/toxics/{toxic}, POST /reset. */
    private void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getRawPath();
        requests.add(method + " " + path);
        String[] parts = path.split("/");
        byte[] body = exchange.getRequestBody().readAllBytes();
        int code = 200;
        Object answer = Map.of();
        synchronized (proxies) {
            if (path.equals("/reset")) {
                proxies.replaceAll((name, p) -> new StubProxy(name, true, new ArrayList<>()));
            } else if (method.equals("GET") && path.equals("/proxies")) {
                ObjectNode all = JSON.createObjectNode();
                proxies.values().forEach(p -> all.set(p.name(), json(p)));
                answer = all;
            } else if (parts.length >= 3 && parts[1].equals("proxies") && proxies.containsKey(decode(parts[2]))) {
                StubProxy proxy = proxies.get(decode(parts[2]));
                if (parts.length == 3 && method.equals("GET")) {
                    answer = json(proxy);
                } else if (parts.length == 3 && method.equals("POST")) {
                    boolean enabled = JSON.readTree(body).path("enabled").asBoolean(proxy.enabled());
                    proxies.put(proxy.name(), new StubProxy(proxy.name(), enabled, proxy.toxics()));
                } else if (parts.length == 5 && method.equals("DELETE") && proxy.toxics().remove(decode(parts[4]))) {
                    code = 204;
                } else {
                    code = 404;
                }
            } else {
                code = 404;
            }
        }
        byte[] bytes = code == 204 ? new byte[0] : JSON.writeValueAsBytes(answer);
        exchange.sendResponseHeaders(code, code == 204 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static ObjectNode json(StubProxy proxy) {
        ObjectNode node = JSON.createObjectNode().put("name", proxy.name()).put("listen", "127.0.0.1:0")
                .put("upstream", "127.0.0.1:1").put("enabled", proxy.enabled());
        ArrayNode toxics = node.putArray("toxics");
        proxy.toxics().forEach(name -> toxics.addObject().put("name", name));
        return node;
    }

    private static String decode(String part) {
        return URLDecoder.decode(part, StandardCharsets.UTF_8);
    }
}
