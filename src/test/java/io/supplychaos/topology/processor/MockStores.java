package io.supplychaos.topology.processor;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/** Heap stores registered with a MockProcessorContext, as the topology would connect them. */
final class MockStores {

    private MockStores() {
    }

    static <V> KeyValueStore<String, V> register(MockProcessorContext<?, ?> context, String name, Serde<V> valueSerde) {
        KeyValueStore<String, V> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name),
                Serdes.String(), valueSerde).withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        return store;
    }
}
