package io.supplychaos.topology.processor;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;

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

    /**
     * A heap store registered as {@link #register} does, that adds each value put into it to
     * {@code puts}: what would reach its changelog with no cache in front of it.
     */
    @SuppressWarnings("unchecked")
    static <V> KeyValueStore<String, V> counting(MockProcessorContext<?, ?> context, String name, Serde<V> valueSerde,
                                                 List<V> puts) {
        KeyValueStore<String, V> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name),
                Serdes.String(), valueSerde).withLoggingDisabled().build();
        KeyValueStore<String, V> counted = (KeyValueStore<String, V>) Proxy.newProxyInstance(
                MockStores.class.getClassLoader(), new Class<?>[] {KeyValueStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("put")) {
                        puts.add((V) args[1]);
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        store.init(context.getStateStoreContext(), counted);
        return counted;
    }
}
