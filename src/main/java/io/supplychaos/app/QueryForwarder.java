package io.supplychaos.app;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.apache.kafka.streams.state.HostInfo;

import io.supplychaos.time.Timeouts;

/**
 * Sends a GET on to the app instance that holds the key (JDK HTTP client, HTTP/1.1, no
 * redirects), marked with {@link KeyQueryRouter#FORWARDED_BY} so that it is answered there and
 * never sent on again, and hands back that instance's answer as it came.
 */
final class QueryForwarder {

    /** The owner's answer: what the caller gets back. Null headers were absent. */
    record Answer(int status, String contentType, byte[] body, String servedBy, String retryAfter) {
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Timeouts.QUERY_FORWARD_CONNECT).followRedirects(HttpClient.Redirect.NEVER).build();

    /**
     * @param requested the URI this instance was asked (its path and query are kept)
     * @param self      this instance's application.server, for the owner's logs and loop guard
     * @throws IOException when the owner does not answer (gone, not listening, too slow)
     */
    Answer forward(HostInfo owner, URI requested, String self) throws IOException, InterruptedException {
        URI target = URI.create("http://" + owner.host() + ":" + owner.port() + requested.getRawPath()
                + (requested.getRawQuery() == null ? "" : "?" + requested.getRawQuery()));
        HttpRequest request = HttpRequest.newBuilder(target).GET().timeout(Timeouts.QUERY_FORWARD)
                .header(KeyQueryRouter.FORWARDED_BY, self).header("Accept", "application/json").build();
        HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(null),
                response.body(), response.headers().firstValue(KeyQueryRouter.SERVED_BY).orElse(null),
                response.headers().firstValue("Retry-After").orElse(null));
    }
}
