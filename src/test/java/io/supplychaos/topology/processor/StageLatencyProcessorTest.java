package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Alert;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.serde.StageWindowSerde;
import io.supplychaos.topology.state.StageSample;
import io.supplychaos.topology.state.StageWindow;

/** The stage monitor alone: the distributions it keeps decoded never drift from its store. */
class StageLatencyProcessorTest {

    private static final SupplyChainSettings SETTINGS = SupplyChainSettings.defaults()
            .withMonitoring(Duration.ofSeconds(60), Duration.ofSeconds(10), Duration.ofSeconds(1));

    private MockProcessorContext<String, Alert> context;
    private KeyValueStore<String, StageWindow> windows;
    private StageLatencyProcessor monitor;

    @BeforeEach
    void init() {
        context = new MockProcessorContext<>();
        windows = MockStores.register(context, StoreNames.STAGE_WINDOWS, new StageWindowSerde());
        monitor = new StageLatencyProcessor(SETTINGS);
        monitor.init(context);
    }

    @Test
    void shouldKeepEverySampleInTheStoredWindow() {
        sample(100, 1_000);
        sample(300, 2_000);
        punctuate(2_000);

        StageWindow window = onlyWindow();
        assertThat(window.count()).isEqualTo(2);
        assertThat(window.distribution().getTotalCount()).isEqualTo(2);
        assertThat(window.maxMs()).isEqualTo(300);
    }

    @Test
    void shouldCountOnFromTheStoreWhenTheStoreChangedUnderIt() {
        sample(100, 1_000);
        punctuate(1_000);
        // as after a restore: the store holds one window less sample than this instance saw
        windows.put(StageLatencyProcessor.windowKey("CONFIRMED", 0), StageWindow.empty("CONFIRMED", 0, 10_000));

        sample(200, 2_000);
        punctuate(2_000);

        assertThat(onlyWindow().count()).isEqualTo(1);
        assertThat(onlyWindow().distribution().getTotalCount()).isEqualTo(1);
    }

    @Test
    void shouldStartFromTheStoreAfterReinitialisation() {
        sample(100, 1_000);
        // as after a revived task: the store holds as many samples as this instance saw, but others
        windows.put(StageLatencyProcessor.windowKey("CONFIRMED", 0), windowWithOneSample(5_000));
        monitor.init(context);

        sample(300, 2_000);
        punctuate(2_000);

        assertThat(onlyWindow().count()).isEqualTo(2);
        assertThat(onlyWindow().p99Ms()).as("the stored sample, not the one seen before").isGreaterThanOrEqualTo(5_000);
    }

    @Test
    void shouldWriteAWindowOncePerPunctuationNotPerSample() {
        // given three samples in one window between two punctuations
        sample(100, 1_000);
        sample(200, 1_100);
        sample(300, 1_200);

        // then the store has not been written yet; the punctuation writes the window with all three
        assertThat(windows.approximateNumEntries()).isZero();
        punctuate(1_500);
        assertThat(onlyWindow().count()).isEqualTo(3);
    }

    @Test
    void shouldWriteWhatItHoldsWhenTheTaskCloses() {
        sample(100, 1_000);

        monitor.close();

        assertThat(onlyWindow().count()).isEqualTo(1);
    }

    /** Fires the punctuator (closing nothing before its window's end plus one interval). */
    private void punctuate(long now) {
        context.scheduledPunctuators().get(context.scheduledPunctuators().size() - 1).getPunctuator().punctuate(now);
    }

    private static StageWindow windowWithOneSample(long latencyMs) {
        StageWindow empty = StageWindow.empty("CONFIRMED", 0, 10_000);
        var distribution = empty.distribution();
        distribution.recordValue(latencyMs);
        return empty.withSample(latencyMs, distribution, StageWindow.scratchFor(distribution));
    }

    private void sample(long latencyMs, long at) {
        monitor.process(new Record<>("o" + at, new StageSample("CONFIRMED", "o" + at, latencyMs, at), at));
    }

    private StageWindow onlyWindow() {
        assertThat(windows.approximateNumEntries()).isEqualTo(1);
        return windows.get(StageLatencyProcessor.windowKey("CONFIRMED", 0));
    }
}
