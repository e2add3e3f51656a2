package io.supplychaos.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

import io.supplychaos.time.Timeouts;

/**
 * Once a second, the committed end offsets (read_committed) of a suite's input topic (what the
 * driver wrote) and of its echo topic (what the test app processed): the run's throughput in and
 * out, and where a fault stalled it. A second whose look-up got no answer records nothing (a gap
 * in the chart, never a zero). Reads end offsets only.
 */
final class ThroughputSampler implements AutoCloseable {

    /** Sum of the end offsets of all partitions of the input and the output topic at one moment. */
    record Sample(long at, long input, long output) {
    }

    private final Admin admin;
    private final List<TopicPartition> input = new ArrayList<>();
    private final List<TopicPartition> output = new ArrayList<>();
    private final List<Sample> samples = new ArrayList<>();
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "verify-throughput");
        thread.setDaemon(true);
        return thread;
    });

    ThroughputSampler(String bootstrap, Suite suite) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(Timeouts.ADMIN_QUICK.toMillis()));
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Timeouts.ADMIN_QUICK.toMillis()));
        this.admin = Admin.create(props);
        for (int p = 0; p < Suite.PARTITIONS; p++) {
            input.add(new TopicPartition(suite.inputTopic(), p));
            output.add(new TopicPartition(suite.outputTopic(), p));
        }
    }

    void start() {
        executor.scheduleAtFixedRate(this::sample, 0, 1, TimeUnit.SECONDS);
    }

    private void sample() {
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        input.forEach(tp -> request.put(tp, OffsetSpec.latest()));
        output.forEach(tp -> request.put(tp, OffsetSpec.latest()));
        try {
            var answer = admin.listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all()
                    .get(Timeouts.ADMIN_QUICK.toMillis(), TimeUnit.MILLISECONDS);
            long in = input.stream().mapToLong(tp -> answer.get(tp).offset()).sum();
            long out = output.stream().mapToLong(tp -> answer.get(tp).offset()).sum();
            synchronized (samples) {
                samples.add(new Sample(System.currentTimeMillis(), in, out));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // no answer this second (a broker down, a partition without leader): a gap, not a zero
        }
    }

    List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /** Stops sampling; the samples taken stay readable. Idempotent. */
    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        executor.shutdownNow();
        try {
            executor.awaitTermination(Timeouts.ADMIN_QUICK.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        admin.close(Timeouts.CLIENT_CLOSE);
    }
}
