package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A per-order store with its keys in memory: opened, it reads every entry once; a look-up of a key
 * it does not hold never reaches the store, one it holds does; puts and deletes keep the keys; a
 * delete of a key the store does not hold writes no tombstone; opened again (a restored task), it
 * knows what the store holds; keys whose hashes collide are still answered by the store, each.
 */
class KnownKeyStoreTest {

    private KeyValueStore<String, String> heap;
    /** Calls that reached the store, by method name. */
    private final List<String> calls = new ArrayList<>();
    private KeyValueStore<String, String> store;

    @BeforeEach
    @SuppressWarnings("unchecked")
    void heapStoreThatCountsItsCalls() {
        heap = MockStores.register(new MockProcessorContext<>(), "known-keys", Serdes.String());
        store = (KeyValueStore<String, String>) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {KeyValueStore.class}, (proxy, method, args) -> {
                    calls.add(method.getName());
                    try {
                        return method.invoke(heap, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void shouldReadEveryEntryOnceWhenOpenedAndAnswerAKeyItDoesNotHoldWithoutTheStore() {
        // given
        heap.put("o1", "RESERVED");
        heap.put("o2", "RELEASED");
        Map<String, String> seen = new LinkedHashMap<>();

        // when
        KnownKeyStore<String> known = KnownKeyStore.open(store, seen::put);
        calls.clear();

        // then
        assertThat(seen).containsExactly(Map.entry("o1", "RESERVED"), Map.entry("o2", "RELEASED"));
        assertThat(known.size()).isEqualTo(2);
        assertThat(known.get("o3")).isNull();
        assertThat(calls).as("a new order's look-up").isEmpty();
        assertThat(known.get("o1")).isEqualTo("RESERVED");
        assertThat(calls).containsExactly("get");
    }

    @Test
    void shouldFollowPutsAndDeletesAndWriteNoTombstoneForAKeyTheStoreDoesNotHold() {
        KnownKeyStore<String> known = KnownKeyStore.open(store);

        known.put("o1", "RESERVED");
        known.put("o2", "RESERVED");
        known.delete("o1");
        known.put("o2", null);
        calls.clear();
        known.delete("o3");

        assertThat(calls).as("nothing to delete").isEmpty();
        assertThat(known.get("o1")).isNull();
        assertThat(known.get("o2")).isNull();
        assertThat(known.contains("o2")).isFalse();
        assertThat(calls).isEmpty();
        assertThat(heap.approximateNumEntries()).isZero();
        known.put("o1", "RESERVED");
        assertThat(known.get("o1")).isEqualTo("RESERVED");
        assertThat(heap.get("o1")).isEqualTo("RESERVED");
    }

    @Test
    void shouldKnowWhatTheStoreHoldsWhenOpenedAgainAfterARestore() {
        // given: one processor instance wrote, then the task was closed and its store restored
        KnownKeyStore<String> first = KnownKeyStore.open(store);
        first.put("o1", "RESERVED");
        first.put("o2", "RESERVED");
        first.delete("o2");

        // when: the next instance opens the store in its init
        KnownKeyStore<String> next = KnownKeyStore.open(store);

        // then
        assertThat(next.size()).isEqualTo(1);
        assertThat(next.get("o1")).isEqualTo("RESERVED");
        assertThat(next.get("o2")).isNull();
    }

    @Test
    void shouldAnswerKeysThatShareAHashFromTheStoreAndKeepTheOtherWhenOneIsDeleted() {
        // given: every key has the same hash
        KnownKeyStore<String> known = KnownKeyStore.open(store, (key, value) -> { }, key -> 42L);
        known.put("o1", "RESERVED");
        known.put("o2", "RESERVED");

        // when
        known.delete("o1");

        // then: o2 is still found, o1 is not, and o3 (same hash, never written) is asked of the store
        assertThat(known.get("o2")).isEqualTo("RESERVED");
        assertThat(known.get("o1")).isNull();
        calls.clear();
        assertThat(known.get("o3")).isNull();
        assertThat(calls).containsExactly("get");
        known.delete("o2");
        calls.clear();
        assertThat(known.get("o3")).as("no key left with that hash").isNull();
        assertThat(calls).isEmpty();
        assertThat(known.size()).isZero();
    }

    @Test
    void shouldTellAnUpdateFromANewKeyByTheLookUpJustMadeWithoutReadingTheStoreAgain() {
        KnownKeyStore<String> known = KnownKeyStore.open(store);
        known.put("o1", "RESERVED");
        calls.clear();

        // when: a stage reads the order's entry, then writes it
        String before = known.get("o1");
        known.put("o1", "RELEASED");

        // then: one read, one write, and still one key
        assertThat(before).isEqualTo("RESERVED");
        assertThat(calls).containsExactly("get", "put");
        assertThat(known.size()).isEqualTo(1);
    }

    @Test
    void shouldSpreadOrderIdsThatDifferInTheirLastDigitsOverTheWholeHash() {
        long a = KnownKeyStore.hash64("r1-p0-1000");
        long b = KnownKeyStore.hash64("r1-p0-1001");

        assertThat(a).isNotEqualTo(b);
        assertThat(Long.bitCount(a ^ b)).as("bits that differ").isBetween(16, 48);
        assertThat(KnownKeyStore.hash64("r1-p0-1000")).as("the same key, the same hash").isEqualTo(a);
    }
}
