package io.supplychaos.kind.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.ItPorts;
import io.supplychaos.env.KafkaProbe;
import io.supplychaos.env.PortPlan;
import io.supplychaos.env.ProxyLink;

/**
 * C1 on the real embedded environment (one broker JVM, Toxiproxy): traffic goes through the client
 * proxy, a latency toxic shows up in produce latency, and down leaves no process.
 */
@Timeout(180)
class C1EnvironmentIT {
    private static final int BASE_PORT = ItPorts.freeBase();
    private static EmbeddedEnvironment environment;
    private static EnvState state;

    @BeforeAll
    static void up() {
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(Path.of("target", "it-state", "c1"));
        environment = new EmbeddedEnvironment(paths);
        environment.down(false);
        EnvSpec c1 = EnvSpecReader.read(EnvFiles.resolve(paths, "c1"));
        state = environment.up(c1, "c1", BASE_PORT, line -> System.out.println("[c1] " + line)).state();
    }

    @AfterAll
    static void down() {
        if (environment != null) {
            environment.down(false);
        }
    }

    @Test
    void producesAndConsumesThroughTheClientProxy() throws Exception {
        assertThat(state.bootstrapServers()).isEqualTo("127.0.0.1:" + (BASE_PORT + 41));
        try (KafkaProbe probe = new KafkaProbe(state.bootstrapServers())) {
            probe.produce("order-placed", "c1-", 200);
            assertThat(probe.consume("order-placed", "c1-", 200)).hasSize(200);
        }
    }

    @Test
    void brokerMetricsAnswerOnTheJmxPortOfThePlan() throws Exception {
        int jmxPort = state.brokers().get(0).jmxPort();
        assertThat(jmxPort).isEqualTo(new PortPlan(BASE_PORT, 1).jmx(1));
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi");
        try (JMXConnector connector = JMXConnectorFactory.connect(url)) {
            Object brokerState = connector.getMBeanServerConnection()
                    .getAttribute(new ObjectName("kafka.server:type=KafkaServer,name=BrokerState"), "Value");
            assertThat(brokerState).as("3 = RUNNING").isEqualTo((byte) 3);
        }
    }

    @Test
    void latencyToxicOnTheClientProxyRaisesProduceLatencyByItsValue() throws Exception {
        Proxy proxy = new ToxiproxyClient("127.0.0.1", BASE_PORT).getProxy(ProxyLink.CLIENT.proxyName(1));
        try (KafkaProbe probe = new KafkaProbe(state.bootstrapServers())) {
            probe.medianSendMillis("drug-manufactured", 10);
            double before = probe.medianSendMillis("drug-manufactured", 15);
            proxy.toxics().latency("it-latency", ToxicDirection.DOWNSTREAM, 300);
            double after;
            try {
                after = probe.medianSendMillis("drug-manufactured", 15);
            } finally {
                proxy.toxics().get("it-latency").remove();
            }
            System.out.printf("[c1] median acks=all send: %.1f ms through the proxy, %.1f ms with a 300 ms latency toxic%n", before, after);
            assertThat(after - before).isBetween(250.0, 450.0);
        }
    }

    @Test
    void downLeavesNoProcessEvenWithAPausedBroker() throws Exception {
        // its own env on its own ports, so this test does not depend on the order the others run in
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(Path.of("target", "it-state", "c1-down"));
        EmbeddedEnvironment throwaway = new EmbeddedEnvironment(paths);
        List<Long> pids = new ArrayList<>();
        long downNanos;
        try {
            EnvSpec spec = EnvSpecReader.read(EnvFiles.resolve(paths, "c1"));
            EnvState started = throwaway.up(spec, "c1", ItPorts.freeBase(), line -> { }).state();
            started.brokers().forEach(b -> pids.add(b.pid()));
            pids.add(started.toxiproxyPid());
            assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isPresent());

            long broker = started.brokers().get(0).pid();
            assertThat(new ProcessBuilder("kill", "-STOP", Long.toString(broker)).start().waitFor()).isZero();
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(EnvStatus.of(started).brokers()).extracting(EnvStatus.BrokerStatus::state).containsExactly("paused"));
        } finally {
            long t0 = System.nanoTime();
            throwaway.down(false);
            downNanos = System.nanoTime() - t0;
        }
        assertThat(pids).isNotEmpty().allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty());
        assertThat(downNanos).as("a paused broker is continued, not waited out for the 20 s grace").isLessThan(15_000_000_000L);
        assertThat(paths.stateDir().resolve("state.json")).doesNotExist();
        assertThat(paths.dataDir()).doesNotExist();
    }

    @Test
    void anUpThatFailsHalfWayStopsWhatItStarted(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.yaml"),
                "brokers: 1\nreplicationFactor: 1\npartitions: 1\nbrokerConfig: {all: {num.io.threads: many}}\n");
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(dir.resolve("state"));
        EmbeddedEnvironment environment = new EmbeddedEnvironment(paths);
        int basePort = ItPorts.freeBase();
        try {
            assertThatThrownBy(() -> environment.up(EnvSpecReader.read(broken), broken.toString(), basePort, line -> { }))
                    .hasMessageContaining("broker 1").hasMessageContaining("Invalid value many for configuration num.io.threads");

            assertThat(environment.recorded()).isEmpty();
            assertThat(ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse(""))
                    .filter(cmd -> cmd.contains(paths.stateDir().toString()) || cmd.contains("-port " + basePort)))
                    .isEmpty();
        } finally {
            environment.down(false);
        }
    }
}
