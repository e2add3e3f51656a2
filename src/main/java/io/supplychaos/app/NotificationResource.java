package io.supplychaos.app;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestStreamElementType;

import io.smallrye.mutiny.Multi;
import io.supplychaos.domain.Notification;

/** {@code GET /notifications[?orderId=..]}: live notifications as Server-Sent Events (JSON). */
@Path("/notifications")
public class NotificationResource {

    @Inject
    NotificationFeed feed;

    @GET
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    public Multi<Notification> stream(@RestQuery String orderId) {
        return orderId == null ? feed.stream()
                : feed.stream().select().where(notification -> orderId.equals(notification.orderId()));
    }
}
