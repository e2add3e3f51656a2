package io.supplychaos.metrics;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Reads one broker's figures over JMX (the RMI connector, local or remote, with the source's
 * credentials when it has them): the meters' Count for the counters, gauges' Value, the request
 * handlers' idle meter's one-minute rate and the produce total time's 99th percentile. Keeps one
 * connection per broker until it fails. Touches the brokers' JMX ports.
 */
final class JmxReader implements BrokerMetrics.Reader {

    private final Map<Integer, JMXServiceURL> urls = new HashMap<>();
    private final Map<String, Object> environment = new HashMap<>();
    private final Map<Integer, JMXConnector> connectors = new HashMap<>();

    JmxReader(MetricsSource source) {
        source.endpoints().forEach((id, hostPort) -> {
            try {
                urls.put(id, new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + hostPort + "/jmxrmi"));
            } catch (java.net.MalformedURLException e) {
                throw new IllegalArgumentException("broker " + id + ": no JMX service URL from '" + hostPort + "'", e);
            }
        });
        if (source.username() != null) {
            environment.put(JMXConnector.CREDENTIALS, new String[] {source.username(), source.password()});
        }
    }

    @Override
    public BrokerMetrics.Reading read(int id) throws Exception {
        MBeanServerConnection server = connection(id);
        return new BrokerMetrics.Reading(
                count(server, "kafka.server:type=BrokerTopicMetrics,name=MessagesInPerSec"),
                count(server, "kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec"),
                count(server, "kafka.server:type=BrokerTopicMetrics,name=BytesOutPerSec"),
                count(server, "kafka.server:type=ReplicaManager,name=IsrShrinksPerSec"),
                count(server, "kafka.server:type=ReplicaManager,name=IsrExpandsPerSec"),
                Double.NaN,
                number(server, "kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions", "Value"),
                number(server, "kafka.server:type=KafkaRequestHandlerPool,name=RequestHandlerAvgIdlePercent", "OneMinuteRate"),
                number(server, "kafka.network:type=RequestMetrics,name=TotalTimeMs,request=Produce", "99thPercentile"));
    }

    private MBeanServerConnection connection(int id) throws IOException {
        JMXConnector connector;
        synchronized (connectors) {
            connector = connectors.get(id);
        }
        if (connector == null) {
            connector = JMXConnectorFactory.connect(urls.get(id), environment);
            synchronized (connectors) {
                connectors.put(id, connector);
            }
        }
        return connector.getMBeanServerConnection();
    }

    @Override
    public void drop(int id) {
        JMXConnector connector;
        synchronized (connectors) {
            connector = connectors.remove(id);
        }
        if (connector != null) {
            try {
                connector.close();
            } catch (IOException ignored) {
                // the broker is gone; nothing to release on our side
            }
        }
    }

    @Override
    public void close() {
        synchronized (connectors) {
            new ArrayList<>(connectors.keySet()).forEach(this::drop);
        }
    }

    private static double count(MBeanServerConnection server, String name) throws Exception {
        return ((Number) server.getAttribute(new ObjectName(name), "Count")).longValue();
    }

    private static double number(MBeanServerConnection server, String name, String attribute) throws Exception {
        return ((Number) server.getAttribute(new ObjectName(name), attribute)).doubleValue();
    }
}
