package io.supplychaos.metrics;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;

import io.supplychaos.env.MetricsSource;

/**
 * Reads one broker's figures over JMX (the RMI connector, local or remote, with the source's
 * credentials when it has them): the meters' Count for the counters, gauges' Value, the request
 * handlers' idle meter's one-minute rate and the produce total time's 99th percentile. Keeps one
 * connection per broker until it fails. Every socket it opens has a connect and a read timeout
 * ({@link TimedSockets}): the registry's through its own factory, the connector's through the
 * JVM-wide RMI factory it installs once, so a read of a paused broker fails after
 * {@code Timeouts.JMX_READ} instead of blocking its thread. Touches the brokers' JMX ports.
 */
final class JmxReader implements BrokerMetrics.Reader {

    private final Map<Integer, String> hostPorts = new HashMap<>();
    private final Map<String, Object> environment = new HashMap<>();
    private final Map<Integer, JMXConnector> connectors = new HashMap<>();
    private final TimedSockets sockets;

    JmxReader(MetricsSource source) {
        this(source, TimedSockets.standard());
        TimedSockets.installForRmi();
    }

    /** With {@code sockets} for the registry lookups (tests give short timeouts). */
    JmxReader(MetricsSource source, TimedSockets sockets) {
        this.sockets = sockets;
        hostPorts.putAll(source.endpoints());
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
            connector = connect(hostPorts.get(id));
            synchronized (connectors) {
                connectors.put(id, connector);
            }
        }
        return connector.getMBeanServerConnection();
    }

    /**
     * Looks the connector up in the RMI registry at host:port (what {@code com.sun.management.jmxremote.port}
     * opens) and connects to it. Straight through the registry rather than a {@code jndi/rmi} service URL:
     * a JVM where something replaced JNDI (Quarkus disables it) could not resolve that URL.
     */
    private JMXConnector connect(String hostPort) throws IOException {
        int colon = hostPort.lastIndexOf(':');
        String host = hostPort.substring(0, colon).replace("[", "").replace("]", "");
        int port = Integer.parseInt(hostPort.substring(colon + 1));
        javax.management.remote.rmi.RMIServer stub;
        try {
            stub = (javax.management.remote.rmi.RMIServer) java.rmi.registry.LocateRegistry.getRegistry(host, port, sockets)
                    .lookup("jmxrmi");
        } catch (java.rmi.NotBoundException e) {
            throw new IOException("no JMX connector (jmxrmi) in the RMI registry at " + hostPort, e);
        }
        javax.management.remote.rmi.RMIConnector connector = new javax.management.remote.rmi.RMIConnector(stub, environment);
        connector.connect(environment);
        return connector;
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
