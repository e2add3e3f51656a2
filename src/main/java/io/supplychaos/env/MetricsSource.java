package io.supplychaos.env;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.supplychaos.result.RunResult;
import io.supplychaos.spec.Rule;
import io.supplychaos.spec.Shape;
import io.supplychaos.spec.SpecNode;

/**
 * Where the brokers' metrics come from: JMX (local or remote), a Prometheus scrape of each broker's
 * exporter, or nowhere. A value; touches nothing. {@code metrics.BrokerMetrics.open} turns it into a
 * sampler, and {@link #describe()} is the line the summary and the report print, so that a reader
 * knows what the broker charts stand on.
 *
 * <p>An env file chooses with its optional {@code metrics:} block ({@link #fromNode}); the order
 * of preference when a backend fills the source in itself is remote JMX, then Prometheus, then none.
 *
 * @param kind      JMX, PROMETHEUS or NONE
 * @param endpoints broker id -> "host:port" (JMX) or URL (Prometheus), sorted by id; empty for NONE
 * @param username  JMX user, or null (no authentication, and always null for the other kinds)
 * @param password  JMX password, or null; never shown by {@link #describe()} or {@link #toString()}
 * @param reason    for NONE, why there is no source ("the env file says metrics: none"); else null
 */
public record MetricsSource(Kind kind, Map<Integer, String> endpoints, String username, String password, String reason) {

    public enum Kind { JMX, PROMETHEUS, NONE }

    /** The reason {@link #none()} gives. */
    public static final String NO_ENDPOINT = "the cluster offers no metrics endpoint configured";

    // a DNS name or IPv4 address, or an IPv6 address in brackets; then a port
    private static final Pattern HOST_PORT = Pattern.compile(
            "(?<host>[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*|\\[[0-9A-Fa-f:.]+])"
                    + ":(?<port>[0-9]{1,5})");

    private static final Rule<String> NONE = Rule.oneOf(List.of("none"));
    private static final Rule<String> JMX_ENDPOINT = Rule.of("host:port with a port from 1 to 65535, such as kafka-1.example:9999",
            MetricsSource::hostPort, Shape.json("type", "string", "pattern", "^(?:" + HOST_PORT.pattern() + ")$"));
    private static final Rule<String> PROMETHEUS_URL = Rule.of("an http or https URL such as http://kafka-1:9404/metrics",
            MetricsSource::httpUrl, Shape.json("type", "string", "pattern", "^[Hh][Tt][Tt][Pp][Ss]?://"));

    /** The {@code metrics:} mapping of an env file. */
    static final Shape.Keys KEYS = Shape.keys(
            Shape.optional("jmx", new Shape.MapOf(Shape.wholeNames(EnvSpecReader.MAX_BROKERS), "broker ids", Shape.value(JMX_ENDPOINT)),
                    "Each broker's remote JMX endpoint"),
            Shape.optional("prometheus", new Shape.MapOf(Shape.wholeNames(EnvSpecReader.MAX_BROKERS), "broker ids", Shape.value(PROMETHEUS_URL)),
                    "Each broker's Prometheus exporter"),
            Shape.optional("username", Shape.text("a string"), "The JMX user (with password)"),
            Shape.optional("password", Shape.scalar("a value"), "The JMX user's password (with username)"))
            .and(new Shape.AnyRequired(List.of("jmx", "prometheus")), new Shape.NotTogether("jmx", "prometheus"),
                    new Shape.Together("username", "password"), new Shape.NotTogether("prometheus", "username"),
                    new Shape.NotTogether("prometheus", "password"));
    /** An env file's {@code metrics:} value: the word none, or a mapping with jmx or prometheus. */
    public static final Shape SHAPE = Shape.anyOf(Shape.value(NONE), KEYS);

    public MetricsSource {
        endpoints = Collections.unmodifiableMap(new TreeMap<>(endpoints));
        if ((kind == Kind.NONE) != endpoints.isEmpty()) {
            throw new IllegalArgumentException(kind == Kind.NONE ? "a source of kind NONE has no endpoints"
                    : "a " + kind + " source needs at least one endpoint");
        }
        if (kind != Kind.JMX && (username != null || password != null)) {
            throw new IllegalArgumentException("a username and password are for JMX only");
        }
        if ((username == null) != (password == null)) {
            throw new IllegalArgumentException("a JMX username needs its password and the other way round");
        }
    }

    // ---- factories ----

    /** JMX on 127.0.0.1 at each broker's port: the embedded env's brokers. */
    public static MetricsSource localJmx(Map<Integer, Integer> ports) {
        Map<Integer, String> endpoints = new TreeMap<>();
        ports.forEach((id, port) -> endpoints.put(id, "127.0.0.1:" + port));
        return jmx(endpoints, null, null);
    }

    /**
     * Remote JMX (RMI connector at {@code service:jmx:rmi:///jndi/rmi://HOST:PORT/jmxrmi}).
     *
     * @param endpoints broker id -> "host:port"
     * @param username  null for a JMX agent without authentication
     * @param password  null when username is
     */
    public static MetricsSource jmx(Map<Integer, String> endpoints, String username, String password) {
        endpoints.forEach((id, endpoint) -> {
            if (!HOST_PORT.matcher(endpoint).matches() || port(endpoint).isEmpty()) {
                throw new IllegalArgumentException("broker " + id + ": a JMX endpoint host:port, got '" + endpoint + "'");
            }
        });
        return new MetricsSource(Kind.JMX, endpoints, username, password, null);
    }

    /** A Prometheus scrape: broker id -> URL of its exporter, e.g. {@code http://kafka-1:9404/metrics}. */
    public static MetricsSource prometheus(Map<Integer, String> urls) {
        urls.forEach((id, url) -> {
            if (httpUrl(url).isEmpty()) {
                throw new IllegalArgumentException("broker " + id + ": an http or https URL, got '" + url + "'");
            }
        });
        return new MetricsSource(Kind.PROMETHEUS, urls, null, null, null);
    }

    /** No broker metrics, because the cluster offers no endpoint we were told of. */
    public static MetricsSource none() {
        return none(NO_ENDPOINT);
    }

    /** No broker metrics, and why (the report prints it in place of the broker charts). */
    public static MetricsSource none(String reason) {
        return new MetricsSource(Kind.NONE, Map.of(), null, null, reason);
    }

    // ---- the env file ----

    /**
     * Reads an env file's optional {@code metrics:} value: absent means none (no endpoint
     * configured); {@code none}; or a mapping with {@code jmx} (broker id -> host:port, and
     * optionally {@code username} and {@code password}) or {@code prometheus} (broker id -> URL).
     * Every broker 1..brokers needs its endpoint: a sum over part of the cluster would pass for the
     * whole. Anything else is refused by {@code node}'s error, naming file, line, field and what fits.
     */
    public static MetricsSource fromNode(SpecNode node, int brokers) {
        if (!node.present()) {
            return none();
        }
        if (node.isScalar()) {
            node.as(NONE);
            return none("the env file says metrics: none");
        }
        node.mapping("with jmx or prometheus (broker id -> endpoint), or the word none").only(KEYS);
        boolean jmx = node.has("jmx");
        boolean prometheus = node.has("prometheus");
        if (jmx && prometheus) {
            throw node.get("prometheus").error("either jmx or prometheus, not both");
        }
        if (!jmx && !prometheus) {
            throw node.error("a mapping with jmx (broker id -> host:port) or prometheus (broker id -> URL)");
        }
        if (prometheus) {
            for (String key : List.of("username", "password")) {
                if (node.has(key)) {
                    throw node.get(key).error("no " + key + ": credentials are for jmx only");
                }
            }
            return prometheus(endpoints(node.get("prometheus"), brokers, "URL", PROMETHEUS_URL));
        }
        String username = node.has("username") ? node.get("username").text() : null;
        String password = node.has("password") ? node.get("password").scalar() : null;
        if (username != null && password == null) {
            throw node.get("password").error("required: a password with the username");
        }
        if (password != null && username == null) {
            throw node.get("username").error("required: a username with the password");
        }
        return jmx(endpoints(node.get("jmx"), brokers, "host:port", JMX_ENDPOINT), username, password);
    }

    private static Map<Integer, String> endpoints(SpecNode node, int brokers, String what, Rule<String> endpoint) {
        node.mapping("of broker id to " + what);
        Rule<Long> id = Rule.whole(1, brokers, null, "the env's brokers");
        Map<Integer, String> endpoints = new TreeMap<>();
        node.entries().forEach((key, value) -> {
            int broker = Math.toIntExact(id.parse(key).orElseThrow(() -> value.error("a broker id: " + id.refusal(key))));
            if (endpoints.containsKey(broker)) {
                // "2" and "02" are two keys to YAML and one broker to us
                throw value.error("one endpoint per broker; broker " + broker + " has two");
            }
            endpoints.put(broker, value.as(endpoint));
        });
        for (int broker = 1; broker <= brokers; broker++) {
            if (!endpoints.containsKey(broker)) {
                throw node.error("an endpoint for every broker from 1 to " + brokers + "; broker " + broker + " has none");
            }
        }
        return endpoints;
    }

    private static Optional<String> hostPort(String text) {
        return HOST_PORT.matcher(text).matches() && port(text).isPresent() ? Optional.of(text) : Optional.empty();
    }

    private static Optional<Integer> port(String hostPort) {
        Matcher m = HOST_PORT.matcher(hostPort);
        if (!m.matches()) {
            return Optional.empty();
        }
        int port = Integer.parseInt(m.group("port"));
        return port >= 1 && port <= 65535 ? Optional.of(port) : Optional.empty();
    }

    private static Optional<String> httpUrl(String text) {
        try {
            URI uri = new URI(text);
            boolean http = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
            return http && uri.getHost() != null && uri.getUserInfo() == null ? Optional.of(text) : Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    // ---- for people ----

    /**
     * One line: "JMX on 127.0.0.1:29061-29063", "JMX on a:9999, b:9999 as monitor",
     * "Prometheus scrape of 3 endpoints (http://kafka-1:9404/metrics, ...)" or "none: REASON".
     */
    public String describe() {
        return switch (kind) {
            case NONE -> RunResult.NO_BROKER_METRICS + reason;
            case JMX -> "JMX on " + jmxEndpoints() + (username == null ? "" : " as " + username);
            case PROMETHEUS -> "Prometheus scrape of " + endpoints.size() + (endpoints.size() == 1 ? " endpoint (" : " endpoints (")
                    + endpoints.values().iterator().next() + (endpoints.size() > 1 ? ", ...)" : ")");
        };
    }

    /** One host with consecutive ports in id order reads as a range; anything else is listed. */
    private String jmxEndpoints() {
        List<String> values = new ArrayList<>(endpoints.values());
        String host = values.get(0).substring(0, values.get(0).lastIndexOf(':'));
        int first = port(values.get(0)).orElse(-1);
        boolean range = values.size() > 1;
        for (int i = 0; i < values.size() && range; i++) {
            range = values.get(i).equals(host + ":" + (first + i));
        }
        return range ? host + ":" + first + "-" + (first + values.size() - 1) : String.join(", ", values);
    }

    /** Like {@link #describe()}: the password stays out of logs. */
    @Override
    public String toString() {
        return "MetricsSource[" + describe() + "]";
    }
}
