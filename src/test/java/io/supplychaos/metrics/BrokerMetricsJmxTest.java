package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import javax.management.remote.JMXAuthenticator;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXPrincipal;
import javax.management.remote.JMXServiceURL;
import javax.security.auth.Subject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.env.MetricsSource;

/**
 * Remote JMX against a connector server this test starts on a free 127.0.0.1 port, with fake
 * MBeans under Kafka's ObjectNames and a username/password check: the sample reads the meters'
 * counts as rates, the gauges, the idle meter and the produce p99, as from a broker.
 */
class BrokerMetricsJmxTest {

    /** What Kafka's Yammer meters show over JMX (the part the sampler reads). */
    public interface MeterMBean {
        long getCount();

        double getOneMinuteRate();
    }

    public interface GaugeMBean {
        Object getValue();
    }

    public interface HistogramMBean {
        double get99thPercentile();
    }

    public static final class Meter implements MeterMBean {
        final AtomicLong count = new AtomicLong();
        volatile double oneMinuteRate;

        @Override
        public long getCount() {
            return count.get();
        }

        @Override
        public double getOneMinuteRate() {
            return oneMinuteRate;
        }
    }

    public static final class Gauge implements GaugeMBean {
        volatile int value;

        @Override
        public Object getValue() {
            return value;
        }
    }

    public static final class Histogram implements HistogramMBean {
        volatile double p99;

        @Override
        public double get99thPercentile() {
            return p99;
        }
    }

    private final AtomicLong clock = new AtomicLong(5_000_000);
    private final Meter messagesIn = new Meter();
    private final Meter bytesIn = new Meter();
    private final Meter bytesOut = new Meter();
    private final Meter shrinks = new Meter();
    private final Meter expands = new Meter();
    private final Meter idle = new Meter();
    private final Gauge underReplicated = new Gauge();
    private final Histogram produceTime = new Histogram();
    private Registry registry;
    private JMXConnectorServer connector;
    private int port;

    @BeforeEach
    void start() throws Exception {
        MBeanServer beans = MBeanServerFactory.newMBeanServer();
        register(beans, "kafka.server:type=BrokerTopicMetrics,name=MessagesInPerSec", messagesIn, MeterMBean.class);
        register(beans, "kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec", bytesIn, MeterMBean.class);
        register(beans, "kafka.server:type=BrokerTopicMetrics,name=BytesOutPerSec", bytesOut, MeterMBean.class);
        register(beans, "kafka.server:type=ReplicaManager,name=IsrShrinksPerSec", shrinks, MeterMBean.class);
        register(beans, "kafka.server:type=ReplicaManager,name=IsrExpandsPerSec", expands, MeterMBean.class);
        register(beans, "kafka.server:type=KafkaRequestHandlerPool,name=RequestHandlerAvgIdlePercent", idle,
                MeterMBean.class);
        register(beans, "kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions", underReplicated,
                GaugeMBean.class);
        register(beans, "kafka.network:type=RequestMetrics,name=TotalTimeMs,request=Produce", produceTime,
                HistogramMBean.class);
        // the stub the registry hands out must point at loopback, not at whatever the host name resolves to
        System.setProperty("java.rmi.server.hostname", "127.0.0.1");
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        registry = LocateRegistry.createRegistry(port);
        Map<String, Object> environment = new HashMap<>();
        environment.put(JMXConnectorServer.AUTHENTICATOR, (JMXAuthenticator) credentials -> {
            if (credentials instanceof String[] pair && Arrays.equals(pair, new String[] {"monitor", "secret"})) {
                return new Subject(true, java.util.Set.of(new JMXPrincipal("monitor")), java.util.Set.of(),
                        java.util.Set.of());
            }
            throw new SecurityException("bad credentials");
        });
        // bound in the registry by hand, as the JDK's JMX agent does: no JNDI, which a Quarkus test in the
        // same JVM may have switched off for good
        javax.management.remote.rmi.RMIJRMPServerImpl server = new javax.management.remote.rmi.RMIJRMPServerImpl(0, null, null,
                environment);
        connector = new javax.management.remote.rmi.RMIConnectorServer(new JMXServiceURL("service:jmx:rmi://127.0.0.1"),
                environment, server, beans);
        connector.start();
        registry.bind("jmxrmi", server.toStub());
    }

    private static <T> void register(MBeanServer beans, String name, T bean, Class<T> type) throws Exception {
        beans.registerMBean(new StandardMBean(bean, type), new ObjectName(name));
    }

    @AfterEach
    void stop() throws IOException {
        connector.stop();
        UnicastRemoteObject.unexportObject(registry, true);
    }

    private BrokerMetrics open(String username, String password) {
        return BrokerMetrics.open(MetricsSource.jmx(Map.of(1, "127.0.0.1:" + port), username, password), clock::get,
                Duration.ofSeconds(20));
    }

    @Test
    void givenKafkaMBeansBehindPasswordedJmx_whenSampledTwiceOneSecondApart_thenRatesAndGaugesAsTheBrokerShowsThem() {
        try (BrokerMetrics metrics = open("monitor", "secret")) {
            messagesIn.count.set(1000);
            bytesIn.count.set(64_000);
            bytesOut.count.set(32_000);
            shrinks.count.set(7);
            expands.count.set(7);
            idle.oneMinuteRate = 1.6;
            underReplicated.value = 2;
            produceTime.p99 = 14.5;

            BrokerMetrics.Sample first = metrics.sample();
            messagesIn.count.addAndGet(500);
            bytesIn.count.addAndGet(40_000);
            bytesOut.count.addAndGet(20_000);
            shrinks.count.addAndGet(1);
            clock.addAndGet(1000);
            BrokerMetrics.Sample second = metrics.sample();

            assertThat(first.messagesInPerSec()).as("no rate without an earlier reading").isNaN();
            assertThat(first.underReplicated()).isEqualTo(2);
            assertThat(second.messagesInPerSec()).isEqualTo(500);
            assertThat(second.bytesInPerSec()).isEqualTo(40_000);
            assertThat(second.bytesOutPerSec()).isEqualTo(20_000);
            assertThat(second.isrShrinksPerSec()).isEqualTo(1);
            assertThat(second.isrExpandsPerSec()).isZero();
            assertThat(second.underReplicated()).isEqualTo(2);
            // two handler pools mark one meter on a combined node: 1.6 of 2 is 80 % idle
            assertThat(second.requestHandlerIdlePct()).isEqualTo(80.0);
            assertThat(second.produceTotalTimeP99Ms()).isEqualTo(14.5);
            assertThat(metrics.source()).isEqualTo("JMX on 127.0.0.1:" + port + " as monitor");
        }
    }

    @Test
    void givenTheWrongPassword_whenSampled_thenTheBrokerIsLeftOut() {
        try (BrokerMetrics metrics = open("monitor", "wrong")) {

            assertThat(metrics.sample()).isEqualTo(BrokerMetrics.Sample.EMPTY);
        }
    }
}
