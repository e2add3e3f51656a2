package io.supplychaos.app.kafka;

import org.apache.kafka.common.serialization.Deserializer;

import io.supplychaos.domain.Notification;
import io.supplychaos.topology.Topics;

/** Reads notifications values exactly as the topology writes them (for the SmallRye channel). */
public class NotificationDeserializer implements Deserializer<Notification> {

    private final Deserializer<Notification> delegate = Topics.NOTIFICATIONS.valueSerde().deserializer();

    @Override
    public Notification deserialize(String topic, byte[] data) {
        return delegate.deserialize(topic, data);
    }
}
