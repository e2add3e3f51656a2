package io.supplychaos.topology.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

import io.supplychaos.topology.state.StageWindow;

class StageWindowSerdeTest {

    private final StageWindowSerde serde = new StageWindowSerde();

    @Test
    void shouldReadBackTheWindowItWroteWithItsDistribution() {
        StageWindow empty = StageWindow.empty("DISPATCHED", 10_000, 20_000);
        var distribution = empty.distribution();
        distribution.recordValue(42);
        StageWindow window = empty.withSample(42, distribution, StageWindow.scratchFor(distribution)).markEvaluated();

        StageWindow read = serde.deserializer().deserialize("t", serde.serializer().serialize("t", window));

        assertThat(read).usingRecursiveComparison().isEqualTo(window);
        assertThat(read.distribution().getTotalCount()).isEqualTo(1);
        assertThat(read.p99Ms()).isEqualTo(42);
    }

    @Test
    void shouldRefuseBytesOfAnotherFormat() {
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", new byte[] {9, 0, 0}))
                .isInstanceOf(SerializationException.class).hasMessageContaining("format 9");
    }
}
