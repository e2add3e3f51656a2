package io.supplychaos.topology;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Stores that hold part of a changelog when their task starts, as Streams restores a task's stores
 * before it calls its processors' init: each store named here is filled from its records (raw
 * values, null a tombstone) when the store is initialised, beneath its cache and changelog layers.
 * Processors that read their store once in init (deletion times, known keys) then see what was
 * restored, which a store written after the driver started would hide from them.
 */
final class RestoredStores {

    private RestoredStores() {
    }

    /** Wraps each store supplier; stores not named in {@code changelogs} start empty. */
    static UnaryOperator<KeyValueBytesStoreSupplier> from(Map<String, List<KeyValue<String, byte[]>>> changelogs) {
        return supplier -> {
            List<KeyValue<String, byte[]>> records = changelogs.get(supplier.name());
            return records == null ? supplier : restoring(supplier, records);
        };
    }

    private static KeyValueBytesStoreSupplier restoring(KeyValueBytesStoreSupplier supplier,
                                                        List<KeyValue<String, byte[]>> records) {
        return new KeyValueBytesStoreSupplier() {
            @Override
            public String name() {
                return supplier.name();
            }

            @Override
            public KeyValueStore<Bytes, byte[]> get() {
                return filledAtInit(supplier.get(), records);
            }

            @Override
            public String metricsScope() {
                return supplier.metricsScope();
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static KeyValueStore<Bytes, byte[]> filledAtInit(KeyValueStore<Bytes, byte[]> store,
                                                             List<KeyValue<String, byte[]>> records) {
        return (KeyValueStore<Bytes, byte[]>) Proxy.newProxyInstance(RestoredStores.class.getClassLoader(),
                new Class<?>[] {KeyValueStore.class}, (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("init")) {
                        for (KeyValue<String, byte[]> record : records) {
                            Bytes key = Bytes.wrap(Serdes.String().serializer().serialize(null, record.key));
                            if (record.value == null) {
                                store.delete(key);
                            } else {
                                store.put(key, record.value);
                            }
                        }
                    }
                    return result;
                });
    }
}
