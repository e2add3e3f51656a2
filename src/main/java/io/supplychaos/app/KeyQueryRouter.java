package io.supplychaos.app;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.PathSegment;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Answers a GET that reads one key of a state store on the instance that holds the key. Several
 * app instances share the Streams application id, each holds the active tasks of some
 * partitions, and each announces its HTTP address as {@code kafka-streams.application.server}.
 * For a key held here the local answer is given; for a key held elsewhere the request is sent on
 * to that instance over HTTP ({@link QueryForwarder}), marked with {@value #FORWARDED_BY}, and its answer
 * (status, body, content type) returned as is; while the key's instance is unknown (a rebalance)
 * or cannot be reached the answer is 503 with {@code Retry-After}. A forwarded request is never
 * forwarded again. Every answer names the instance that read the store in {@value #SERVED_BY}.
 *
 * <p>Without {@code application.server} (one instance run by hand) every key is answered here.
 */
@ApplicationScoped
public class KeyQueryRouter {

    /** Set on a request forwarded by another instance, to its application.server. */
    public static final String FORWARDED_BY = "X-Supply-Forwarded-By";
    /** Set on every answer: the application.server of the instance that read the store ("local" when none). */
    public static final String SERVED_BY = "X-Supply-Served-By";
    static final int RETRY_AFTER_SECONDS = 1;

    private final QueryForwarder forwarder = new QueryForwarder();

    @Inject
    KafkaStreams streams;

    @ConfigProperty(name = "kafka-streams.application.server")
    Optional<String> applicationServer;

    /**
     * @param store the store the local answer reads the key from (its partitioning decides the owner)
     * @param local the answer of this instance, reading its own stores
     */
    public Response answer(String store, String key, UriInfo uri, HttpHeaders headers, Supplier<Response> local) {
        Optional<HostInfo> self = self();
        boolean forwarded = headers.getHeaderString(FORWARDED_BY) != null;
        KeyRoute route;
        try {
            route = KeyRoute.decide(self.isEmpty() ? null
                    : streams.queryMetadataForKey(store, key, Serdes.String().serializer()), self, forwarded);
        } catch (InvalidStateStoreException | IllegalStateException e) {
            // not started yet, or not running any more: nothing is queryable on this instance
            route = new KeyRoute.Unavailable(notQueryable());
        }
        if (route instanceof KeyRoute.Forward forward) {
            return forward(forward.owner(), uri, self);
        }
        if (route instanceof KeyRoute.Unavailable unavailable) {
            return unavailable(unavailable.reason());
        }
        return readLocally(local, self);
    }

    private Response readLocally(Supplier<Response> local, Optional<HostInfo> self) {
        Response answer;
        try {
            answer = local.get();
        } catch (InvalidStateStoreException e) {
            // the task is restoring or migrating: the metadata said here, the store is not ready
            return unavailable(notQueryable());
        }
        return Response.fromResponse(answer).header(SERVED_BY, self.map(KeyQueryRouter::address).orElse("local")).build();
    }

    private Response forward(HostInfo owner, UriInfo uri, Optional<HostInfo> self) {
        try {
            QueryForwarder.Answer answer = forwarder.forward(owner, uri.getBaseUri().getRawPath(),
                    uri.getPathSegments().stream().map(PathSegment::getPath).toList(), uri.getRequestUri().getRawQuery(),
                    self.map(KeyQueryRouter::address).orElse("unknown"));
            Response.ResponseBuilder response = Response.status(answer.status()).entity(answer.body())
                    .header(SERVED_BY, answer.servedBy() != null ? answer.servedBy() : address(owner));
            if (answer.contentType() != null) {
                response.header("Content-Type", answer.contentType());
            }
            if (answer.retryAfter() != null) {
                response.header("Retry-After", answer.retryAfter());
            }
            return response.build();
        } catch (IOException e) {
            return unavailable("the instance holding the key, " + address(owner) + ", did not answer: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unavailable("interrupted while asking " + address(owner));
        }
    }

    private String notQueryable() {
        return "state stores not queryable yet (" + streams.state() + ")";
    }

    private static Response unavailable(String reason) {
        return Response.status(Response.Status.SERVICE_UNAVAILABLE).type(MediaType.APPLICATION_JSON)
                .header("Retry-After", RETRY_AFTER_SECONDS).entity(Map.of("error", reason)).build();
    }

    private Optional<HostInfo> self() {
        return applicationServer.filter(value -> !value.isBlank()).map(HostInfo::buildFromEndpoint);
    }

    private static String address(HostInfo host) {
        return host.host() + ":" + host.port();
    }
}
