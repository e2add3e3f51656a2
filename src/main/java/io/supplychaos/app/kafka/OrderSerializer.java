package io.supplychaos.app.kafka;

import org.apache.kafka.common.serialization.Serializer;

import io.supplychaos.domain.Order;
import io.supplychaos.topology.Topics;

/** Writes order-placed values exactly as the topology reads them (for the SmallRye channel). */
public class OrderSerializer implements Serializer<Order> {

    private final Serializer<Order> delegate = Topics.ORDER_PLACED.valueSerde().serializer();

    @Override
    public byte[] serialize(String topic, Order order) {
        return delegate.serialize(topic, order);
    }
}
