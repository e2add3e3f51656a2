package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The deadline index alone: due entries are taken once, earliest first; a scan starts where the
 * previous one ended, so it does not step over the tombstones of what earlier scans took; and an
 * entry added with a deadline already passed is still taken.
 */
class DeadlineIndexTest {

    private KeyValueStore<String, String> store;
    private final List<String> scansFrom = new ArrayList<>();

    @BeforeEach
    @SuppressWarnings("unchecked")
    void init() {
        KeyValueStore<String, String> heap = MockStores.register(new MockProcessorContext<>(), "index", Serdes.String());
        // records where each range scan starts; everything else goes to the heap store
        store = (KeyValueStore<String, String>) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {KeyValueStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("range")) {
                        scansFrom.add((String) args[0]);
                    }
                    try {
                        return method.invoke(heap, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void shouldStartEachScanWhereThePreviousOneEnded() {
        // given
        DeadlineIndex index = new DeadlineIndex(store);
        index.add(100, "a");
        index.add(200, "b");
        index.add(300, "c");

        // when
        List<String> first = index.takeDue(150);
        List<String> second = index.takeDue(250);

        // then
        assertThat(first).containsExactly("a");
        assertThat(second).containsExactly("b");
        assertThat(scansFrom).containsExactly(DeadlineIndex.key(0, ""), DeadlineIndex.key(150, ""));
    }

    @Test
    void shouldTakeAnEntryAddedWithADeadlineTheScansHadPassed() {
        DeadlineIndex index = new DeadlineIndex(store);
        assertThat(index.takeDue(1_000)).isEmpty();

        index.add(500, "late");

        assertThat(index.takeDue(1_001)).containsExactly("late");
        assertThat(scansFrom.get(1)).isEqualTo(DeadlineIndex.key(500, ""));
    }

    @Test
    void shouldTakeEachEntryOnceEarliestFirst() {
        DeadlineIndex index = new DeadlineIndex(store);
        index.add(300, "c");
        index.add(100, "a");
        index.add(200, "b");
        index.add(200, "b2");

        assertThat(index.takeDue(300)).containsExactly("a", "b", "b2", "c");
        assertThat(index.takeDue(300)).isEmpty();
        assertThat(store.approximateNumEntries()).isZero();
    }

    @Test
    void shouldScanFromTheStartAfterARestartSoNothingRestoredIsMissed() {
        // given: entries restored into the store by an earlier instance that had scanned up to 1,000
        DeadlineIndex before = new DeadlineIndex(store);
        before.takeDue(1_000);
        store.put(DeadlineIndex.key(400, "restored"), "restored");

        // when: a new instance (a restart or a rebalance) scans
        List<String> due = new DeadlineIndex(store).takeDue(1_100);

        // then
        assertThat(due).containsExactly("restored");
        assertThat(scansFrom.get(1)).isEqualTo(DeadlineIndex.key(0, ""));
    }
}
