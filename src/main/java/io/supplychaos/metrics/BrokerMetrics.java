package io.supplychaos.metrics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;

import io.supplychaos.env.MetricsSource;
import io.supplychaos.time.Timeouts;

/**
 * Samples each broker's metrics once a second from one {@link MetricsSource}: records (messages)
 * in, bytes in/out, under-replicated partitions, ISR shrinks/expands, request-handler idle % and
 * produce total time p99, summed (or averaged, or maxed) over the brokers that answer. Counters are
 * turned into rates from two readings of the same broker. A broker that is killed or paused does
 * not answer within the sample's time budget and is left out of that second (and of the seconds
 * its read is still pending: one read per broker at a time); its connection is retried once the
 * read failed. Touches the network only: JMX connections or HTTP GETs to the source's endpoints.
 */
public final class BrokerMetrics implements AutoCloseable {

    /** One second over all brokers; NaN where no broker answered or the source does not give the figure. */
    public record Sample(double messagesInPerSec, double bytesInPerSec, double bytesOutPerSec, double underReplicated, double isrShrinksPerSec,
                         double isrExpandsPerSec, double requestHandlerIdlePct, double produceTotalTimeP99Ms) {

        static final Sample EMPTY = new Sample(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN);
    }

    /**
     * What one broker answered, NaN for what its source does not give. Counters are running totals;
     * the request-handler idle time comes either as a fraction (JMX: the meter's one-minute rate) or
     * as a running total of idle nanoseconds per handler thread (Prometheus: the meter's count).
     */
    record Reading(double messagesIn, double bytesIn, double bytesOut, double isrShrinks, double isrExpands,
                   double idleNanos, double underReplicated, double idleFraction, double produceP99Ms) {
    }

    /** One kind of source's way of reading one broker; called from several threads at once, one broker each. */
    interface Reader extends AutoCloseable {

        /** The broker's figures now; throws when it does not answer. */
        Reading read(int id) throws Exception;

        /** Forgets a broker's connection after it failed to answer, so that the next read reconnects. */
        default void drop(int id) {
        }

        @Override
        default void close() {
        }
    }

    private record Timed(Reading reading, long at) {
    }

    private final MetricsSource source;
    private final Reader reader;
    private final LongSupplier clock;
    private final long budgetMillis;
    private final Map<Integer, Timed> previous = new HashMap<>();
    /** Per broker, its latest read: a new one starts only once this one ended. */
    private final Map<Integer, Future<double[]>> pending = new ConcurrentHashMap<>();
    private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "broker-metrics");
        thread.setDaemon(true);
        return thread;
    });

    /** JMX on 127.0.0.1 by port, as before sources existed: {@code open(MetricsSource.localJmx(jmxPorts))}. */
    public BrokerMetrics(Map<Integer, Integer> jmxPorts) {
        this(MetricsSource.localJmx(jmxPorts), System::currentTimeMillis, Timeouts.BROKER_METRICS_SAMPLE);
    }

    private BrokerMetrics(MetricsSource source, LongSupplier clock, Duration budget) {
        this.source = source;
        this.clock = clock;
        this.budgetMillis = budget.toMillis();
        this.reader = switch (source.kind()) {
            case JMX -> new JmxReader(source);
            case PROMETHEUS -> new PrometheusReader(source, budget);
            case NONE -> null;
        };
    }

    /** A sampler of {@code source}; for NONE every sample is all NaN and nothing is contacted. */
    public static BrokerMetrics open(MetricsSource source) {
        return new BrokerMetrics(source, System::currentTimeMillis, Timeouts.BROKER_METRICS_SAMPLE);
    }

    /** For tests: rates against {@code clock} (epoch ms), and a budget a loaded test machine can meet. */
    static BrokerMetrics open(MetricsSource source, LongSupplier clock, Duration budget) {
        return new BrokerMetrics(source, clock, budget);
    }

    /** What the figures come from, for people: the source's {@link MetricsSource#describe()}. */
    public String source() {
        return source.describe();
    }

    /**
     * Reads every broker at once and waits at most the budget: a broker that has not answered by
     * then is left out of this second. Its read goes on (every read is bounded by its source's
     * timeouts: {@link TimedSockets} for JMX, the budget for HTTP) and, while it does, the broker is
     * not read again: at most one read per broker is ever pending, however long a paused broker
     * stays silent. A read that fails drops its connection, so the next one reconnects. Rates are
     * against each broker's previous reading, so the first sample (and the first after a broker
     * came back) has none.
     */
    public Sample sample() {
        if (reader == null) {
            return Sample.EMPTY;
        }
        Map<Integer, Future<double[]>> asked = new HashMap<>();
        for (int id : source.endpoints().keySet()) {
            Future<double[]> earlier = pending.get(id);
            if (earlier != null && !earlier.isDone()) {
                continue; // still waiting on the last read: this second goes without the broker
            }
            Future<double[]> read = executor.submit(() -> figures(id));
            pending.put(id, read);
            asked.put(id, read);
        }
        List<double[]> answers = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(budgetMillis);
        asked.forEach((id, future) -> {
            try {
                answers.add(future.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // failed (its connection is dropped already) or late (left pending, never cancelled:
                // an RMI read does not heed an interrupt, and a cancelled future would look done)
            }
        });
        if (answers.isEmpty()) {
            return Sample.EMPTY;
        }
        return new Sample(sum(answers, 0), sum(answers, 1), sum(answers, 2), sum(answers, 3), sum(answers, 4),
                sum(answers, 5), mean(answers, 6), max(answers, 7));
    }

    /** How many brokers' reads are still going on: at most one per broker. */
    int pendingReads() {
        return (int) pending.values().stream().filter(future -> !future.isDone()).count();
    }

    /** One broker's second: the rates and gauges in {@link Sample}'s order. */
    private double[] figures(int id) throws Exception {
        Reading now;
        try {
            now = reader.read(id);
        } catch (Exception e) {
            // on the read's own thread: closing a connection to a paused broker waits on it too
            synchronized (previous) {
                previous.remove(id);
            }
            reader.drop(id);
            throw e;
        }
        long at = clock.getAsLong();
        Timed before;
        synchronized (previous) {
            before = previous.put(id, new Timed(now, at));
        }
        Reading b = before == null ? null : before.reading();
        double seconds = before == null ? 0 : (at - before.at()) / 1000.0;
        double idle = Double.isFinite(now.idleFraction()) ? now.idleFraction()
                : rate(now.idleNanos(), b == null ? Double.NaN : b.idleNanos(), seconds) / 1e9;
        return new double[] {
            rate(now.messagesIn(), b == null ? Double.NaN : b.messagesIn(), seconds),
            rate(now.bytesIn(), b == null ? Double.NaN : b.bytesIn(), seconds),
            rate(now.bytesOut(), b == null ? Double.NaN : b.bytesOut(), seconds),
            now.underReplicated(),
            rate(now.isrShrinks(), b == null ? Double.NaN : b.isrShrinks(), seconds),
            rate(now.isrExpands(), b == null ? Double.NaN : b.isrExpands(), seconds),
            // combined KRaft nodes run two handler pools (broker and controller) marking one shared meter
            Math.min(100, idle * 50),
            now.produceP99Ms()};
    }

    /** NaN without an earlier reading, and when the counter went back (the broker restarted in between). */
    private static double rate(double now, double before, double seconds) {
        return seconds <= 0 || now < before ? Double.NaN : (now - before) / seconds;
    }

    private static double sum(List<double[]> answers, int i) {
        double sum = 0;
        boolean any = false;
        for (double[] answer : answers) {
            if (Double.isFinite(answer[i])) {
                sum += answer[i];
                any = true;
            }
        }
        return any ? sum : Double.NaN;
    }

    private static double mean(List<double[]> answers, int i) {
        double sum = 0;
        int n = 0;
        for (double[] answer : answers) {
            if (Double.isFinite(answer[i])) {
                sum += answer[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static double max(List<double[]> answers, int i) {
        double max = Double.NaN;
        for (double[] answer : answers) {
            if (Double.isFinite(answer[i]) && !(answer[i] <= max)) {
                max = answer[i];
            }
        }
        return max;
    }

    @Override
    public void close() {
        if (reader != null) {
            // closing can wait on a paused broker: off the caller's thread; shutdown lets it and pending reads end
            executor.submit(reader::close);
        }
        executor.shutdown();
    }
}
