package io.supplychaos.toxiproxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The one client of a Toxiproxy server's HTTP API ({@code http://127.0.0.1:PORT}) in this project:
 * creating proxies at {@code up}, reading proxies and toxics for {@code status}, adding and removing
 * toxics and enabling/disabling proxies for the network faults. It has no call for the global
 * {@code /reset}: a Toxiproxy may be shared, and the tool undoes only what it did. Plain {@link HttpURLConnection}
 * with short timeouts: its first request is ~200 ms faster than java.net.http's, and the CLI must
 * answer fast. Touches only the Toxiproxy server it is pointed at.
 */
public final class ToxiproxyApi {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One proxy as the server reports it; {@code toxics} are the server's JSON objects. */
    public record Proxy(String name, String listen, String upstream, boolean enabled, List<JsonNode> toxics) {

        public Optional<JsonNode> toxic(String toxicName) {
            return toxics.stream().filter(t -> toxicName.equals(t.path("name").asText())).findFirst();
        }
    }

    /**
     * A toxic to add: {@code type} is Toxiproxy's (latency, bandwidth, reset_peer, timeout, slicer),
     * {@code stream} upstream or downstream, {@code attributes} the type's numeric attributes.
     */
    public record Toxic(String name, String type, String stream, double toxicity, Map<String, Long> attributes) {

        public Toxic {
            attributes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        }
    }

    private final String api;

    /** @param api base URL, e.g. {@code http://127.0.0.1:29000} */
    public ToxiproxyApi(String api) {
        this.api = api.endsWith("/") ? api.substring(0, api.length() - 1) : api;
    }

    public String api() {
        return api;
    }

    /** True when the server answers {@code /version}. */
    public boolean answers() {
        try {
            request("GET", "/version", null);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public void createProxy(String name, String listen, String upstream) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("listen", listen);
        body.put("upstream", upstream);
        body.put("enabled", true);
        request("POST", "/proxies", body);
    }

    /** Every proxy with its toxics, sorted by name. */
    public List<Proxy> proxies() throws IOException {
        JsonNode all = JSON.readTree(request("GET", "/proxies", null));
        List<Proxy> result = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
            result.add(proxy(it.next().getValue()));
        }
        result.sort(Comparator.comparing(Proxy::name));
        return result;
    }

    public Proxy proxy(String name) throws IOException {
        return proxy(JSON.readTree(request("GET", "/proxies/" + encode(name), null)));
    }

    public void setEnabled(String proxy, boolean enabled) throws IOException {
        request("POST", "/proxies/" + encode(proxy), Map.of("enabled", enabled));
    }

    /** Adds the toxic, or updates it in place when the proxy already has a toxic of that name. */
    public void putToxic(String proxy, Toxic toxic) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", toxic.name());
        body.put("type", toxic.type());
        body.put("stream", toxic.stream());
        body.put("toxicity", toxic.toxicity());
        body.put("attributes", toxic.attributes());
        if (proxy(proxy).toxic(toxic.name()).isPresent()) {
            body.remove("type");
            request("POST", "/proxies/" + encode(proxy) + "/toxics/" + encode(toxic.name()), body);
        } else {
            request("POST", "/proxies/" + encode(proxy) + "/toxics", body);
        }
    }

    /** Removes the toxic; nothing happens when the proxy has none of that name. */
    public void removeToxic(String proxy, String toxicName) throws IOException {
        if (proxy(proxy).toxic(toxicName).isPresent()) {
            request("DELETE", "/proxies/" + encode(proxy) + "/toxics/" + encode(toxicName), null);
        }
    }

    private static Proxy proxy(JsonNode p) {
        List<JsonNode> toxics = new ArrayList<>();
        p.path("toxics").forEach(toxics::add);
        return new Proxy(p.path("name").asText(), p.path("listen").asText(), p.path("upstream").asText(),
                p.path("enabled").asBoolean(), toxics);
    }

    private byte[] request(String method, String path, Object body) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) URI.create(api + path).toURL().openConnection();
        try {
            connection.setConnectTimeout(1000);
            connection.setReadTimeout(3000);
            connection.setRequestMethod(method);
            if (body != null) {
                connection.setDoOutput(true);
                connection.setRequestProperty("Content-Type", "application/json");
                try (OutputStream out = connection.getOutputStream()) {
                    JSON.writeValue(out, body);
                }
            }
            int code = connection.getResponseCode();
            if (code >= 300) {
                InputStream error = connection.getErrorStream();
                String detail = error == null ? "" : new String(error.readAllBytes(), StandardCharsets.UTF_8).trim();
                throw new IOException("Toxiproxy " + method + " " + path + " answered " + code + " " + detail);
            }
            try (InputStream in = connection.getInputStream()) {
                return in.readAllBytes();
            }
        } finally {
            connection.disconnect();
        }
    }

    private static String encode(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8);
    }

    /** Wraps a failed call for callers that cannot recover from it. */
    public static UncheckedIOException failed(String what, IOException e) {
        return new UncheckedIOException(what + ": " + e.getMessage(), e);
    }
}
