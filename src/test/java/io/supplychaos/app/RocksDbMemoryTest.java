package io.supplychaos.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

/** The app's one RocksDB budget: its default, a configured size, and a bad value refused by name. */
class RocksDbMemoryTest {

    @Test
    void shouldTakeSixtyFourMegabytesUnlessConfigured() {
        assertThat(RocksDbMemory.totalBytes(Map.of())).isEqualTo(64L * 1024 * 1024);
    }

    @Test
    void shouldTakeTheConfiguredBudget() {
        // given the budget set as a Streams config (kafka-streams.supply.rocksdb.memory.bytes), a string as from a property
        Map<String, Object> configs = Map.of(RocksDbMemory.TOTAL_BYTES_CONFIG, "33554432");

        assertThat(RocksDbMemory.totalBytes(configs)).isEqualTo(32L * 1024 * 1024);
    }

    @Test
    void shouldRefuseABudgetThatIsNoNumberOrTooSmall() {
        assertThatThrownBy(() -> RocksDbMemory.totalBytes(Map.of(RocksDbMemory.TOTAL_BYTES_CONFIG, "32MB")))
                .isInstanceOf(ConfigException.class).hasMessageContaining(RocksDbMemory.TOTAL_BYTES_CONFIG)
                .hasMessageContaining("expected a number of bytes");
        assertThatThrownBy(() -> RocksDbMemory.totalBytes(Map.of(RocksDbMemory.TOTAL_BYTES_CONFIG, "1048576")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("at least " + 8L * 1024 * 1024);
    }
}
