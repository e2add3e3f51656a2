package io.supplychaos.app;

import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.eclipse.microprofile.reactive.messaging.Channel;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.state.LedgerEntry;
import io.supplychaos.topology.state.OrderTimeline;

/**
 * The hospital's door: {@code POST /orders} writes a validated order to order-placed keyed by its
 * orderId and answers once Kafka acknowledged it; {@code GET /orders/{id}} reads the order's state
 * from this instance's notification-timeline and order-ledger stores (interactive queries; with
 * several app instances an order lives on the instance owning its partition). Quantity is
 * bounded by {@code supply.max-quantity} ({@link MaxQuantity}); an order is forgotten
 * {@code supply.order-retention} after it ended, and GET answers 404 for it afterwards.
 */
@Path("/orders")
public class OrderResource {

    @Inject
    @Channel("order-placed")
    MutinyEmitter<Order> orders;

    @Inject
    KafkaStreams streams;

    @POST
    public Uni<Response> place(@Valid @NotNull(message = "a JSON order is required") PlaceOrderRequest request) {
        String orderId = Optional.ofNullable(request.orderId()).orElseGet(() -> UUID.randomUUID().toString());
        Order order = new Order(orderId, request.hospitalId(), request.drugId(), request.quantity(),
                Optional.ofNullable(request.priority()).orElse(Priority.ROUTINE), System.currentTimeMillis());
        return orders.sendMessage(KafkaRecord.of(orderId, order))
                .map(acked -> Response.accepted(Map.of("orderId", orderId, "placedAt", order.placedAt()))
                        .location(URI.create("/orders/" + orderId)).build());
    }

    @GET
    @Path("/{id}")
    public Response get(@PathParam("id") String orderId) {
        try {
            OrderTimeline timeline = store(StoreNames.ORDER_TIMELINE, OrderTimeline.class).get(orderId);
            if (timeline != null) {
                return Response.ok(OrderView.of(timeline)).build();
            }
            LedgerEntry entry = store(StoreNames.ORDER_LEDGER, LedgerEntry.class).get(orderId);
            if (entry != null) {
                return Response.ok(OrderView.placed(entry)).build();
            }
            return Response.status(Response.Status.NOT_FOUND).type(MediaType.APPLICATION_JSON)
                    .entity(Map.of("error", "no order " + orderId + " on this instance")).build();
        } catch (InvalidStateStoreException e) {
            return Response.status(Response.Status.SERVICE_UNAVAILABLE).type(MediaType.APPLICATION_JSON)
                    .entity(Map.of("error", "state stores not queryable yet (" + streams.state() + ")")).build();
        }
    }

    private <V> ReadOnlyKeyValueStore<String, V> store(String name, Class<V> valueType) {
        return streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>keyValueStore()));
    }
}
