package io.supplychaos.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.kind.ManualFaults;

/**
 * The server of {@code ./chaos ui}: a page on 127.0.0.1 only (JDK {@link HttpServer}) that shows
 * the env recorded in the state directory and a run going on in it ({@link LiveView}), and buttons
 * that inject faults through {@link ManualFaults}, the code the CLI's fault verbs use, journalled
 * with source "ui" so a run shows them on its timeline.
 *
 * <p>Routes: {@code GET /} (the page, from {@code io/supplychaos/ui/} on the classpath),
 * {@code GET /ui.js}, {@code GET /ui.css}: nothing secret, for anyone; {@code GET /api/status},
 * {@code GET /api/series}, {@code POST /api/fault} ({@link FaultRequest} as JSON): only with this
 * process's token.
 *
 * <p>The page can kill brokers, and what it shows names the cluster, so:
 * <ul>
 * <li>every request must name this server as its Host ({@code 127.0.0.1:PORT} or
 *     {@code localhost:PORT}: a DNS-rebound name is refused) and carry no Origin but this server's
 *     (403);</li>
 * <li>every {@code /api/} request must carry the token in {@value #TOKEN_HEADER}, compared in
 *     constant time (401). The token is 24 random bytes made at start, known only to this process
 *     and to whoever has the URL it prints ({@link #url()}): it travels there in the fragment
 *     ({@code #token=...}), which a browser never sends to a server; the page's script keeps it
 *     in the tab's session storage. The page itself does not hold it.</li>
 * </ul>
 */
public final class UiServer implements AutoCloseable {

    public static final String TOKEN_HEADER = "X-Chaos-Token";
    private static final String RESOURCES = "/io/supplychaos/ui/";
    private static final Map<String, String> STATIC = Map.of("/ui.js", "text/javascript; charset=utf-8",
            "/ui.css", "text/css; charset=utf-8");
    private static final String SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private final ChaosPaths paths;
    private final HttpServer server;
    private final ExecutorService workers;
    private final LiveView view;
    private final String token;
    private final Set<String> hosts;
    private final int port;

    private UiServer(ChaosPaths paths, HttpServer server, ExecutorService workers, LiveView view, String token) {
        this.paths = paths;
        this.server = server;
        this.workers = workers;
        this.view = view;
        this.token = token;
        this.port = server.getAddress().getPort();
        this.hosts = Set.of("127.0.0.1:" + port, "localhost:" + port);
    }

    /**
     * Serves the env of {@code paths}' state directory on 127.0.0.1:{@code port} (0: any free port).
     *
     * @throws IllegalArgumentException when the port is taken
     */
    public static UiServer start(ChaosPaths paths, int port) {
        return start(paths, port, System.err::println);
    }

    /**
     * Serves the env of {@code paths}' state directory on 127.0.0.1:{@code port} (0: any free port),
     * telling {@code warnings} what the page cannot show (a line of the fault journal that is not an entry).
     *
     * @throws IllegalArgumentException when the port is taken
     */
    public static UiServer start(ChaosPaths paths, int port, Consumer<String> warnings) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        } catch (BindException e) {
            throw new IllegalArgumentException("port " + port + " on 127.0.0.1 is taken; pick another with --port", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, e);
        }
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        // a fault (start-broker waits for registration) must not hold up the page's reads
        ExecutorService workers = Executors.newFixedThreadPool(4, runnable -> {
            Thread thread = new Thread(runnable, "chaos-ui-http");
            thread.setDaemon(true);
            return thread;
        });
        LiveView view = new LiveView(paths, warnings);
        UiServer ui = new UiServer(paths, server, workers, view, HexFormat.of().formatHex(secret));
        server.createContext("/", ui::handle);
        server.setExecutor(workers);
        view.start();
        server.start();
        return ui;
    }

    /** The page's address with its token, to open in a browser: {@code http://127.0.0.1:PORT/#token=TOKEN}. */
    public String url() {
        return "http://127.0.0.1:" + port + "/#token=" + token;
    }

    public int port() {
        return port;
    }

    /** The token an API request must carry; the page reads it from the fragment of {@link #url()}. */
    String token() {
        return token;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String host = exchange.getRequestHeaders().getFirst("Host");
            if (host == null || !hosts.contains(host.toLowerCase(java.util.Locale.ROOT))) {
                send(exchange, 403, "text/plain; charset=utf-8", "forbidden: Host must be 127.0.0.1:" + port + " or localhost:" + port);
                return;
            }
            String origin = exchange.getRequestHeaders().getFirst("Origin");
            if (origin != null && hosts.stream().noneMatch(h -> origin.equalsIgnoreCase("http://" + h))) {
                send(exchange, 403, "application/json", "{\"error\":\"forbidden: Origin must be this page's\"}");
                return;
            }
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            if (path.startsWith("/api/") && !tokenGiven(exchange)) {
                send(exchange, 401, "application/json", "{\"error\":\"no token or another one: open the URL ./chaos ui "
                        + "printed (the token is per process)\"}");
                return;
            }
            if ("POST".equals(method)) {
                post(exchange, path);
            } else if ("GET".equals(method) || "HEAD".equals(method)) {
                get(exchange, path);
            } else {
                exchange.getResponseHeaders().set("Allow", "GET, POST");
                send(exchange, 405, "text/plain; charset=utf-8", "method not allowed");
            }
        } catch (RuntimeException e) {
            send(exchange, 500, "application/json", JSON.writeValueAsString(Map.of("error", String.valueOf(e))));
        }
    }

    private void get(HttpExchange exchange, String path) throws IOException {
        switch (path) {
            case "/", "/index.html" -> send(exchange, 200, "text/html; charset=utf-8", resource("index.html"));
            case "/api/status" -> send(exchange, 200, "application/json", JSON.writeValueAsString(view.status()));
            case "/api/series" -> send(exchange, 200, "application/json", JSON.writeValueAsString(view.series()));
            case "/favicon.ico" -> send(exchange, 204, null, null);
            default -> {
                if (STATIC.containsKey(path)) {
                    send(exchange, 200, STATIC.get(path), resource(path.substring(1)));
                } else {
                    send(exchange, 404, "text/plain; charset=utf-8", "not found");
                }
            }
        }
    }

    /** Whether the request carries this process's token, compared in constant time. */
    private boolean tokenGiven(HttpExchange exchange) {
        String given = exchange.getRequestHeaders().getFirst(TOKEN_HEADER);
        return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
    }

    private void post(HttpExchange exchange, String path) throws IOException {
        if (!"/api/fault".equals(path)) {
            send(exchange, 404, "application/json", "{\"error\":\"not found\"}");
            return;
        }
        FaultRequest request;
        try (InputStream body = exchange.getRequestBody()) {
            request = JSON.readValue(body.readNBytes(64 * 1024), FaultRequest.class);
        } catch (IOException e) {
            send(exchange, 400, "application/json", JSON.writeValueAsString(Map.of("error", "not a fault request: " + e.getMessage())));
            return;
        }
        try {
            FaultSpec spec = request.spec();
            ManualFaults faults = ManualFaults.open(paths, null, ManualFaults.UI);
            FaultAction action = faults.bind(spec);
            faults.inject(spec, action);
            send(exchange, 200, "application/json", JSON.writeValueAsString(Map.of("ok", true, "message", action.describe())));
        } catch (IllegalArgumentException e) {
            send(exchange, 400, "application/json", JSON.writeValueAsString(Map.of("error", String.valueOf(e.getMessage()))));
        }
    }

    private static String resource(String name) {
        try (InputStream in = UiServer.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCES + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void send(HttpExchange exchange, int code, String type, String body) throws IOException {
        var headers = exchange.getResponseHeaders();
        headers.set("Cache-Control", "no-store");
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("Content-Security-Policy", SECURITY_POLICY);
        if (body == null) {
            exchange.sendResponseHeaders(code, -1);
            return;
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        headers.set("Content-Type", type);
        if ("HEAD".equals(exchange.getRequestMethod())) {
            exchange.sendResponseHeaders(code, -1);
            return;
        }
        exchange.sendResponseHeaders(code, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** Stops serving and sampling. */
    @Override
    public void close() {
        server.stop(0);
        view.close();
        workers.shutdownNow();
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
