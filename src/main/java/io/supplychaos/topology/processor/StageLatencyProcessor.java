package io.supplychaos.topology.processor;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

import io.supplychaos.domain.Alert;
import io.supplychaos.domain.AlertKind;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.state.StageSample;
import io.supplychaos.topology.state.StageWindow;

/**
 * The monitor's stage watch, on {@code notifications} (keyed by orderId), one sample per
 * notification: the time spent in the stage that led to its state. Records each sample's latency
 * in a tumbling window of the
 * {@value StoreNames#STAGE_WINDOWS} store (count, sum, max and an HdrHistogram, so windows give
 * throughput and any percentile; the store is queryable). A wall-clock punctuator closes windows
 * once their end is a punctuation interval past, raising SLOW_STAGE on monitor-alerts when a
 * window's p99 exceeds the threshold, and drops windows older than {@value #RETAINED_WINDOWS}
 * window lengths. Samples for a window already closed are counted in
 * {@code late-stage-samples-total} and dropped. Windows are per task, i.e. per notifications
 * partition: no repartition by stage, which would cost one more record per notification; the
 * REST view merges a stage's windows across tasks (HdrHistograms add up exactly), and
 * SLOW_STAGE fires when one partition's p99 is over the threshold.
 *
 * <p>Samples are added to windows held in memory and the changed windows written to the store once
 * per punctuation (and when the task closes), not once per sample: a window takes many samples per
 * punctuation, and each write is a changelog record (4 per order before, docs/PERFORMANCE.md). The
 * cost: the store and its REST view lag up to one punctuation interval, and a crash loses the
 * samples of at most one interval of the task's windows (an alert's p99 then counts fewer samples).
 */
public final class StageLatencyProcessor extends ContextualProcessor<String, StageSample, String, Alert> {

    public static final String LATE_METRIC = "late-stage-samples-total";
    static final int RETAINED_WINDOWS = 60;

    private final SupplyChainSettings settings;
    /** Decoded distributions of the windows this task wrote, so a sample costs an encode but no decode. */
    private final Map<String, Histogram> distributions = new HashMap<>();
    /** Windows that took samples since the last punctuation, written to the store at the next one. */
    private final Map<String, StageWindow> unwritten = new HashMap<>();
    private KeyValueStore<String, StageWindow> windows;
    private Counter late;
    private ByteBuffer scratch;

    public StageLatencyProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        super.init(context);
        windows = context.getStateStore(StoreNames.STAGE_WINDOWS);
        // a re-initialised task (after a rebalance or a corrupted task) starts from what its store holds
        distributions.clear();
        unwritten.clear();
        late = Counter.register(context, LATE_METRIC, "stage samples arriving after their window closed", "monitor");
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, this::closeWindows);
    }

    @Override
    public void process(Record<String, StageSample> record) {
        StageSample sample = record.value();
        long size = settings.monitorWindow().toMillis();
        long start = sample.at() - Math.floorMod(sample.at(), size);
        String key = windowKey(sample.stage(), start);
        StageWindow window = unwritten.get(key);
        if (window == null) {
            window = windows.get(key);
        }
        if (window == null) {
            window = StageWindow.empty(sample.stage(), start, start + size);
        } else if (window.evaluated()) {
            late.increment();
            return;
        }
        Histogram distribution = distributions.get(key);
        if (distribution == null || distribution.getTotalCount() != window.count()) {
            distribution = window.distribution();
            distributions.put(key, distribution);
        }
        long clamped = StageWindow.clamp(sample.latencyMs());
        distribution.recordValue(clamped);
        if (scratch == null) {
            scratch = StageWindow.scratchFor(distribution);
        }
        unwritten.put(key, window.withSample(clamped, distribution, scratch));
    }

    @Override
    public void close() {
        writeUnwritten();
    }

    private void writeUnwritten() {
        unwritten.forEach(windows::put);
        unwritten.clear();
    }

    private void closeWindows(long now) {
        writeUnwritten();
        long closeBefore = now - settings.punctuationInterval().toMillis();
        long dropBefore = now - RETAINED_WINDOWS * settings.monitorWindow().toMillis();
        List<KeyValue<String, StageWindow>> all = new ArrayList<>();
        try (KeyValueIterator<String, StageWindow> entries = windows.all()) {
            entries.forEachRemaining(all::add);
        }
        long thresholdMs = settings.slowStageP99().toMillis();
        for (KeyValue<String, StageWindow> entry : all) {
            StageWindow window = entry.value;
            if (window.end() < dropBefore) {
                windows.delete(entry.key);
                distributions.remove(entry.key);
            } else if (!window.evaluated() && window.end() <= closeBefore) {
                long p99 = window.p99Ms();
                if (p99 > thresholdMs) {
                    Alert alert = new Alert(AlertKind.SLOW_STAGE, null, window.stage(),
                            String.format("p99 %d ms > %d ms in window [%d, %d): %d orders, %.1f/s, max %d ms",
                                    p99, thresholdMs, window.start(), window.end(), window.count(),
                                    window.throughputPerSecond(), window.maxMs()), now);
                    context().forward(new Record<>(window.stage(), alert, now));
                }
                windows.put(entry.key, window.markEvaluated());
                distributions.remove(entry.key);
            }
        }
    }

    static String windowKey(String stage, long start) {
        return stage + "|" + StoreKeys.padded(start);
    }
}
