package io.supplychaos.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.supplychaos.env.StateJson;

/** The control API of a {@link ProtocolProxyServer}, as the fault verbs call it. */
public final class ProtocolProxyApi {

    private static final Duration CALL = Duration.ofSeconds(5);

    private final String api;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(CALL).build();

    /** {@code api}: "http://127.0.0.1:PORT". */
    public ProtocolProxyApi(String api) {
        this.api = api;
    }

    public String api() {
        return api;
    }

    public boolean answers() {
        try {
            links();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Every link with its rules, as the server describes them. */
    public JsonNode links() throws IOException {
        return StateJson.MAPPER.readTree(call(HttpRequest.newBuilder(URI.create(api + "/links")).GET(), 200));
    }

    /** Replaces the rules named {@code name} on {@code link}. */
    public void put(String link, String name, List<ProtocolRule> rules) throws IOException {
        byte[] body = StateJson.MAPPER.writeValueAsBytes(rules.stream().map(RuleSpec::of).toList());
        call(HttpRequest.newBuilder(URI.create(api + "/links/" + link + "/rules/" + name))
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofByteArray(body)), 204);
    }

    /** Removes the rules named {@code name} on {@code link}. */
    public void remove(String link, String name) throws IOException {
        call(HttpRequest.newBuilder(URI.create(api + "/links/" + link + "/rules/" + name)).DELETE(), 204);
    }

    /** Removes every rule on every link. */
    public void clear() throws IOException {
        call(HttpRequest.newBuilder(URI.create(api + "/rules")).DELETE(), 204);
    }

    private String call(HttpRequest.Builder request, int expected) throws IOException {
        try {
            HttpResponse<String> response = http.send(request.timeout(CALL).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != expected) {
                throw new IOException("the protocol proxy at " + api + " answered " + response.statusCode() + ": "
                        + response.body().strip());
            }
            return response.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted calling the protocol proxy at " + api, e);
        }
    }

    public static UncheckedIOException failed(String what, IOException e) {
        return new UncheckedIOException(what + ": " + e.getMessage(), e);
    }
}
