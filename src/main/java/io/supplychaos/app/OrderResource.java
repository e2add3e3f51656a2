package io.supplychaos.app;

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
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;

import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
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
 * from the notification-timeline and order-ledger stores (interactive queries) of the instance
 * that holds the order: with several app instances the request is sent on to it
 * ({@link KeyQueryRouter}), found from the orderId's partition. The timeline is always there
 * (order-confirmation and shipment-status are written keyed by orderId); the ledger entry too when
 * order-placed was written keyed by orderId (REST, a key-partitioned workload), since one
 * sub-topology, so one task, reads all three topics. An order written round-robin to another
 * partition is found once its confirmation arrived, 404 before. Quantity is bounded by {@code supply.max-quantity} ({@link MaxQuantity}); an order is forgotten
 * {@code supply.order-retention} after it ended, and GET answers 404 for it afterwards.
 */
@Path("/orders")
@Tag(name = "orders", description = "Place orders and read their state")
public class OrderResource {

    @Inject
    @Channel("order-placed")
    MutinyEmitter<Order> orders;

    @Inject
    KafkaStreams streams;

    @Inject
    KeyQueryRouter router;

    @POST
    @Operation(summary = "Place an order",
            description = "Validates the order and writes it to order-placed keyed by its orderId; answers once "
                    + "Kafka acknowledged it. The orderId is generated when absent, priority defaults to ROUTINE.")
    @APIResponse(responseCode = "202", description = "Accepted by Kafka: {orderId, placedAt}; Location is the order's URL",
            headers = @Header(name = "Location", description = "/orders/{orderId}"))
    @APIResponse(responseCode = "400", description = "A missing, mistyped or out-of-range field, named in the error; "
            + "an orderId that is not 1 to 128 of A-Z a-z 0-9 - . _ ~, or a hospitalId or drugId over 128 characters. "
            + "Nothing is written to Kafka then")
    public Uni<Response> place(@Valid @NotNull(message = "a JSON order is required") PlaceOrderRequest request) {
        String orderId = Optional.ofNullable(request.orderId()).orElseGet(() -> UUID.randomUUID().toString());
        Order order = new Order(orderId, request.hospitalId(), request.drugId(), request.quantity(),
                Optional.ofNullable(request.priority()).orElse(Priority.ROUTINE), System.currentTimeMillis());
        return orders.sendMessage(KafkaRecord.of(orderId, order))
                .map(acked -> Response.accepted(Map.of("orderId", orderId, "placedAt", order.placedAt()))
                        .location(UriBuilder.fromResource(OrderResource.class).path("{id}").build(orderId)).build());
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "Read an order's state",
            description = "The order's current status and the states notified so far, read from the state stores of "
                    + "the app instance that holds the order (forwarded there when another instance is asked).")
    @APIResponse(responseCode = "200", description = "The order's state",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderView.class)))
    @APIResponse(responseCode = "404", description = "No such order, or forgotten supply.order-retention after it ended")
    @APIResponse(responseCode = "503", description = "Stores not queryable yet, or the order's instance unknown or "
            + "unreachable during a rebalance; retry after Retry-After seconds",
            headers = @Header(name = "Retry-After", schema = @Schema(type = SchemaType.INTEGER)))
    public Response get(@Parameter(description = "the orderId") @PathParam("id") String orderId,
                        @Context UriInfo uri, @Context HttpHeaders headers) {
        return router.answer(StoreNames.ORDER_TIMELINE, orderId, uri, headers, () -> readLocally(orderId));
    }

    private Response readLocally(String orderId) {
        OrderTimeline timeline = store(StoreNames.ORDER_TIMELINE, OrderTimeline.class).get(orderId);
        if (timeline != null) {
            return Response.ok(OrderView.of(timeline)).build();
        }
        LedgerEntry entry = store(StoreNames.ORDER_LEDGER, LedgerEntry.class).get(orderId);
        if (entry != null) {
            return Response.ok(OrderView.placed(entry)).build();
        }
        return Response.status(Response.Status.NOT_FOUND).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", "no order " + orderId)).build();
    }

    private <V> ReadOnlyKeyValueStore<String, V> store(String name, Class<V> valueType) {
        return streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>keyValueStore()));
    }
}
