package io.supplychaos.app;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.kafka.streams.state.HostInfo;

import io.supplychaos.time.Timeouts;

/**
 * Sends a GET on to the app instance that holds the key (JDK HTTP client, HTTP/1.1, no
 * redirects), marked with {@link KeyQueryRouter#FORWARDED_BY} so that it is answered there and
 * never sent on again, and hands back that instance's answer as it came. The path is rebuilt from
 * its decoded segments, each percent-encoded, never pasted from the request as a string.
 */
final class QueryForwarder {

    /** The owner's answer: what the caller gets back. Null headers were absent. */
    record Answer(int status, String contentType, byte[] body, String servedBy, String retryAfter) {
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Timeouts.QUERY_FORWARD_CONNECT).followRedirects(HttpClient.Redirect.NEVER).build();

    /**
     * @param basePath the path the app is served under, as sent ({@code /} unless a root path is set)
     * @param segments the request's path below it, decoded ({@code ["orders", "o-1"]}): each is sent
     *                 percent-encoded, so a key with a space, {@code %}, {@code /} or {@code ?} reaches
     *                 the owner as the same key
     * @param rawQuery the request's query as sent; null when none
     * @param self     this instance's application.server, for the owner's logs and loop guard
     * @throws IOException when the owner does not answer (gone, not listening, too slow)
     */
    Answer forward(HostInfo owner, String basePath, List<String> segments, String rawQuery, String self)
            throws IOException, InterruptedException {
        StringBuilder path = new StringBuilder(basePath.endsWith("/") ? basePath.substring(0, basePath.length() - 1) : basePath);
        segments.forEach(segment -> path.append('/').append(pathSegment(segment)));
        URI target = URI.create("http://" + owner.host() + ":" + owner.port() + path
                + (rawQuery == null ? "" : "?" + rawQuery));
        HttpRequest request = HttpRequest.newBuilder(target).GET().timeout(Timeouts.QUERY_FORWARD)
                .header(KeyQueryRouter.FORWARDED_BY, self).header("Accept", "application/json").build();
        HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(null),
                response.body(), response.headers().firstValue(KeyQueryRouter.SERVED_BY).orElse(null),
                response.headers().firstValue("Retry-After").orElse(null));
    }

    /** One path segment percent-encoded (UTF-8): every byte but RFC 3986's unreserved characters. */
    static String pathSegment(String segment) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) {
                encoded.append(c);
            } else {
                encoded.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return encoded.toString();
    }
}
