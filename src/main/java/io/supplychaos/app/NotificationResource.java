package io.supplychaos.app;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestStreamElementType;

import io.smallrye.mutiny.Multi;
import io.supplychaos.domain.Notification;

/** {@code GET /notifications[?orderId=..]}: live notifications as Server-Sent Events (JSON). */
@Path("/notifications")
@Tag(name = "notifications", description = "Order states as they are notified")
public class NotificationResource {

    @Inject
    NotificationFeed feed;

    @GET
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @Operation(summary = "Follow notifications live",
            description = "Server-Sent Events, one JSON notification each, from the moment of connecting (the "
                    + "notifications topic from its latest offset); every instance sends every notification.")
    @APIResponse(responseCode = "200", description = "An open text/event-stream of notifications")
    public Multi<Notification> stream(@Parameter(description = "only this order's notifications") @RestQuery String orderId) {
        return orderId == null ? feed.stream()
                : feed.stream().select().where(notification -> orderId.equals(notification.orderId()));
    }
}
