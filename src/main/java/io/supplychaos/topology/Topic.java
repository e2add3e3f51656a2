package io.supplychaos.topology;

import org.apache.kafka.common.serialization.Serde;

/**
 * A Kafka topic with the serdes of its keys and values, so that a topic name never travels
 * without the types written to it.
 *
 * @param valueType the Java type of the values, used to route stage outputs to their topic
 */
public record Topic<K, V>(String name, Serde<K> keySerde, Serde<V> valueSerde, Class<V> valueType) {
}
