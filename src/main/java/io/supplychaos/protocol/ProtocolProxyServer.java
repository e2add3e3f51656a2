package io.supplychaos.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.core.type.TypeReference;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.supplychaos.env.StateJson;

/**
 * The protocol proxy as a process of an env: one {@link ProtocolProxy} per link (broker-1, ...) and a
 * small HTTP control API on 127.0.0.1, as Toxiproxy has one, so that the verbs of any terminal put and
 * remove rules. Rules are named per link (the fault's verb), so a second fault of the same verb on a
 * link replaces the first and a heal removes exactly its own:
 * <pre>
 * GET    /links                          every link: listen, upstream, its named rules, how many requests they acted on
 * PUT    /links/{link}/rules/{name}      body: a JSON list of {@link RuleSpec}; replaces the rules so named
 * DELETE /links/{link}/rules/{name}      removes them (nothing to remove is no error)
 * DELETE /rules                          removes every rule of every link
 * </pre>
 * Arguments: {@code --api PORT --seed S --link NAME=LISTEN_HOST:PORT>UPSTREAM_HOST:PORT ...} and any
 * number of extra words (the env's marker, so its process is told from others'). Runs until killed.
 */
public final class ProtocolProxyServer implements AutoCloseable {

    private final Map<String, ProtocolProxy> links;
    private final Map<String, Map<String, List<ProtocolRule>>> named = new LinkedHashMap<>();
    private final HttpServer http;

    private ProtocolProxyServer(Map<String, ProtocolProxy> links, HttpServer http) {
        this.links = links;
        this.http = http;
        links.keySet().forEach(link -> named.put(link, new LinkedHashMap<>()));
    }

    /** A link of the server: its name, where it listens and the broker listener it forwards to. */
    public record Link(String name, InetSocketAddress listen, InetSocketAddress upstream) {
    }

    /** Starts every link and the control API on {@code api} (port 0: any free one). */
    public static ProtocolProxyServer start(InetSocketAddress api, List<Link> links, Random random, Clock clock) throws IOException {
        Map<String, ProtocolProxy> proxies = new LinkedHashMap<>();
        try {
            for (Link link : links) {
                proxies.put(link.name(), ProtocolProxy.start(link.name(), link.listen(), link.upstream(),
                        new ProtocolRules(random, clock)));
            }
            HttpServer http = HttpServer.create(api, 16);
            ProtocolProxyServer server = new ProtocolProxyServer(Collections.unmodifiableMap(proxies), http);
            http.createContext("/", server::handle);
            http.setExecutor(Executors.newFixedThreadPool(2, r -> {
                Thread thread = new Thread(r, "protocol-proxy-api");
                thread.setDaemon(true);
                return thread;
            }));
            http.start();
            return server;
        } catch (IOException | RuntimeException e) {
            proxies.values().forEach(ProtocolProxy::close);
            throw e;
        }
    }

    public int apiPort() {
        return http.getAddress().getPort();
    }

    public ProtocolProxy link(String name) {
        return links.get(name);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String[] path = exchange.getRequestURI().getPath().replaceAll("^/+|/+$", "").split("/");
            String method = exchange.getRequestMethod();
            try {
                if ("GET".equals(method) && path.length == 1 && "links".equals(path[0])) {
                    reply(exchange, 200, StateJson.MAPPER.writeValueAsBytes(describe()));
                } else if ("DELETE".equals(method) && path.length == 1 && "rules".equals(path[0])) {
                    clearAll();
                    reply(exchange, 204, new byte[0]);
                } else if (path.length == 4 && "links".equals(path[0]) && "rules".equals(path[2]) && links.containsKey(path[1])) {
                    if ("PUT".equals(method)) {
                        List<RuleSpec> specs;
                        try (InputStream body = exchange.getRequestBody()) {
                            specs = StateJson.MAPPER.readValue(body, new TypeReference<List<RuleSpec>>() { });
                        }
                        put(path[1], path[3], specs.stream().map(RuleSpec::toRule).toList());
                        reply(exchange, 204, new byte[0]);
                    } else if ("DELETE".equals(method)) {
                        put(path[1], path[3], List.of());
                        reply(exchange, 204, new byte[0]);
                    } else {
                        reply(exchange, 405, "PUT or DELETE\n".getBytes(StandardCharsets.UTF_8));
                    }
                } else {
                    reply(exchange, 404, ("no such resource: " + method + " " + exchange.getRequestURI().getPath()
                            + " (links: " + links.keySet() + ")\n").getBytes(StandardCharsets.UTF_8));
                }
            } catch (IllegalArgumentException | IOException bad) {
                reply(exchange, 400, (bad.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private static void reply(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    synchronized void put(String link, String name, List<ProtocolRule> rules) {
        Map<String, List<ProtocolRule>> byName = named.get(link);
        if (rules.isEmpty()) {
            byName.remove(name);
        } else {
            byName.put(name, List.copyOf(rules));
        }
        List<ProtocolRule> all = new ArrayList<>();
        byName.values().forEach(all::addAll);
        links.get(link).rules().set(all);
    }

    synchronized void clearAll() {
        named.values().forEach(Map::clear);
        links.values().forEach(proxy -> proxy.rules().clear());
    }

    private synchronized Map<String, Object> describe() {
        Map<String, Object> all = new LinkedHashMap<>();
        links.forEach((name, proxy) -> {
            Map<String, List<RuleSpec>> rules = new LinkedHashMap<>();
            named.get(name).forEach((rule, list) -> rules.put(rule, list.stream().map(RuleSpec::of).toList()));
            all.put(name, Map.of("listen", proxy.port(), "upstream", proxy.upstream().toString(),
                    "rules", rules, "acted", proxy.rules().acted(), "connections", proxy.connections()));
        });
        return all;
    }

    @Override
    public void close() {
        http.stop(0);
        links.values().forEach(ProtocolProxy::close);
    }

    /** Runs the server until the process is killed. */
    public static void main(String[] args) throws IOException, InterruptedException {
        Integer api = null;
        long seed = System.nanoTime();
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--api" -> api = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--link" -> links.add(parseLink(args[++i]));
                default -> {
                    // the env's marker and other words: not ours to read
                }
            }
        }
        if (api == null || links.isEmpty()) {
            System.err.println("usage: ProtocolProxyServer --api PORT [--seed S] --link NAME=HOST:PORT>HOST:PORT ...");
            System.exit(2);
        }
        ProtocolProxyServer server = start(new InetSocketAddress("127.0.0.1", api), links, new Random(seed), Clock.systemUTC());
        System.out.println("protocol proxy API on 127.0.0.1:" + server.apiPort() + ", links " + links);
        new CountDownLatch(1).await();
    }

    static Link parseLink(String text) {
        int eq = text.indexOf('=');
        int arrow = text.indexOf('>');
        if (eq <= 0 || arrow <= eq) {
            throw new IllegalArgumentException("a link is NAME=HOST:PORT>HOST:PORT, got '" + text + "'");
        }
        return new Link(text.substring(0, eq), address(text.substring(eq + 1, arrow)), address(text.substring(arrow + 1)));
    }

    private static InetSocketAddress address(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }
}
