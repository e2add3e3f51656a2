package io.supplychaos.metrics;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Samples each broker's JMX metrics once a second: records (messages) in, bytes in/out, under-replicated partitions,
 * ISR shrinks/expands, request-handler idle % and produce total time p99, summed (or averaged,
 * or maxed) over the brokers that answer. A broker that is killed or paused does not answer
 * within the sample's time budget and is left out of that second; its connection is retried.
 */
public final class BrokerMetrics implements AutoCloseable {

    /** One second over all brokers; NaN where no broker answered. */
    public record Sample(double messagesInPerSec, double bytesInPerSec, double bytesOutPerSec, double underReplicated, double isrShrinksPerSec,
                         double isrExpandsPerSec, double requestHandlerIdlePct, double produceTotalTimeP99Ms) {

        static final Sample EMPTY = new Sample(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN);
    }

    private record Counters(long messagesIn, long bytesIn, long bytesOut, long shrinks, long expands, long at) {
    }

    private static final long BUDGET_MS = 600;

    private final Map<Integer, String> urls;
    private final Map<Integer, JMXConnector> connectors = new HashMap<>();
    private final Map<Integer, Counters> previous = new HashMap<>();
    private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "broker-jmx");
        thread.setDaemon(true);
        return thread;
    });

    /** @param jmxPorts broker id -> JMX port on 127.0.0.1 */
    public BrokerMetrics(Map<Integer, Integer> jmxPorts) {
        this.urls = new HashMap<>();
        jmxPorts.forEach((id, port) -> urls.put(id, "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi"));
    }

    public Sample sample() {
        Map<Integer, Future<double[]>> futures = new HashMap<>();
        urls.keySet().forEach(id -> futures.put(id, executor.submit(() -> read(id))));
        List<double[]> answers = new ArrayList<>();
        long deadline = System.currentTimeMillis() + BUDGET_MS;
        futures.forEach((id, future) -> {
            try {
                answers.add(future.get(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS));
            } catch (Exception e) {
                future.cancel(true);
                drop(id);
            }
        });
        if (answers.isEmpty()) {
            return Sample.EMPTY;
        }
        double[] sum = new double[6];
        double idle = 0;
        double p99 = 0;
        for (double[] answer : answers) {
            for (int i = 0; i < 6; i++) {
                sum[i] += answer[i];
            }
            idle += answer[6];
            p99 = Math.max(p99, answer[7]);
        }
        return new Sample(sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], idle / answers.size(), p99);
    }

    private double[] read(int id) throws Exception {
        MBeanServerConnection server = connection(id);
        long messagesIn = count(server, "kafka.server:type=BrokerTopicMetrics,name=MessagesInPerSec");
        long bytesIn = count(server, "kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec");
        long bytesOut = count(server, "kafka.server:type=BrokerTopicMetrics,name=BytesOutPerSec");
        long shrinks = count(server, "kafka.server:type=ReplicaManager,name=IsrShrinksPerSec");
        long expands = count(server, "kafka.server:type=ReplicaManager,name=IsrExpandsPerSec");
        double underReplicated = number(server, "kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions", "Value");
        // combined KRaft nodes run two handler pools (broker and controller) marking one shared meter
        double idle = Math.min(100, number(server,
                "kafka.server:type=KafkaRequestHandlerPool,name=RequestHandlerAvgIdlePercent", "OneMinuteRate") * 50);
        double p99 = number(server, "kafka.network:type=RequestMetrics,name=TotalTimeMs,request=Produce", "99thPercentile");
        long now = System.currentTimeMillis();
        Counters current = new Counters(messagesIn, bytesIn, bytesOut, shrinks, expands, now);
        Counters before;
        synchronized (previous) {
            before = previous.put(id, current);
        }
        double seconds = before == null ? 0 : (now - before.at()) / 1000.0;
        return new double[] {
            rate(messagesIn, before == null ? 0 : before.messagesIn(), seconds),
            rate(bytesIn, before == null ? 0 : before.bytesIn(), seconds),
            rate(bytesOut, before == null ? 0 : before.bytesOut(), seconds),
            underReplicated,
            rate(shrinks, before == null ? 0 : before.shrinks(), seconds),
            rate(expands, before == null ? 0 : before.expands(), seconds),
            idle, p99};
    }

    private static double rate(long now, long before, double seconds) {
        return seconds <= 0 ? 0 : Math.max(0, now - before) / seconds;
    }

    private MBeanServerConnection connection(int id) throws IOException {
        JMXConnector connector;
        synchronized (connectors) {
            connector = connectors.get(id);
        }
        if (connector == null) {
            connector = JMXConnectorFactory.connect(new JMXServiceURL(urls.get(id)));
            synchronized (connectors) {
                connectors.put(id, connector);
            }
        }
        return connector.getMBeanServerConnection();
    }

    private void drop(int id) {
        JMXConnector connector;
        synchronized (connectors) {
            connector = connectors.remove(id);
        }
        synchronized (previous) {
            previous.remove(id);
        }
        if (connector != null) {
            // closing can block on a paused broker: do it off the sampling thread
            executor.submit(() -> {
                try {
                    connector.close();
                } catch (IOException ignored) {
                    // the broker is gone; nothing to release on our side
                }
            });
        }
    }

    private static long count(MBeanServerConnection server, String name) throws Exception {
        return ((Number) server.getAttribute(new ObjectName(name), "Count")).longValue();
    }

    private static double number(MBeanServerConnection server, String name, String attribute) throws Exception {
        return ((Number) server.getAttribute(new ObjectName(name), attribute)).doubleValue();
    }

    @Override
    public void close() {
        synchronized (connectors) {
            new ArrayList<>(connectors.keySet()).forEach(this::drop);
        }
        executor.shutdownNow();
    }
}
