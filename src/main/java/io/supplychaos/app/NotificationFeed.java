package io.supplychaos.app;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.operators.multi.processors.BroadcastProcessor;
import io.supplychaos.domain.Notification;

/**
 * Reads the notifications topic through the SmallRye {@code notifications} channel (its own
 * consumer group, from the latest offset) and broadcasts each notification to every connected
 * SSE client. A record that cannot be decoded arrives as null and is skipped.
 */
@ApplicationScoped
public class NotificationFeed {

    private final BroadcastProcessor<Notification> broadcast = BroadcastProcessor.create();

    @Incoming("notifications")
    public void receive(Notification notification) {
        if (notification != null) {
            broadcast.onNext(notification);
        }
    }

    public Multi<Notification> stream() {
        return broadcast;
    }
}
