package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerPropertiesTest {
    private final EnvSpec c3 = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED,
            Map.of("all", Map.of("num.io.threads", "16"), "2", Map.of("num.io.threads", "4")));
    private final PortPlan plan = new PortPlan(29000, 3);

    @Test
    void clientAndReplicationListenersAdvertiseTheirProxiesControllerStaysDirect() {
        Map<String, String> p = BrokerProperties.forBroker(c3, plan, 2, Path.of("/tmp/b2"));
        assertThat(p).containsEntry("listeners", "CLIENT://127.0.0.1:29032,REPLICATION://127.0.0.1:29022,CONTROLLER://127.0.0.1:29012")
                .containsEntry("advertised.listeners", "CLIENT://127.0.0.1:29042,REPLICATION://127.0.0.1:29052")
                .containsEntry("inter.broker.listener.name", "REPLICATION")
                .containsEntry("controller.quorum.voters", "1@127.0.0.1:29011,2@127.0.0.1:29012,3@127.0.0.1:29013");
    }

    @Test
    void internalTopicsMatchTheEnvAndOverridesComeLast() {
        Map<String, String> p = BrokerProperties.forBroker(c3, plan, 2, Path.of("/tmp/b2"));
        assertThat(p).containsEntry("min.insync.replicas", "2")
                .containsEntry("offsets.topic.replication.factor", "3")
                .containsEntry("transaction.state.log.replication.factor", "3")
                .containsEntry("transaction.state.log.min.isr", "2")
                .containsEntry("num.io.threads", "4")
                .containsEntry("log.cleaner.dedupe.buffer.size", "16777216");
        assertThat(BrokerProperties.forBroker(c3, plan, 1, Path.of("/tmp/b1"))).containsEntry("num.io.threads", "16");
    }

    @Test
    void directEnvAdvertisesTheListenersThemselves() {
        EnvSpec direct = new EnvSpec("d", 1, 1, 1, 1, Partitioning.KEY, Network.DIRECT, Map.of());
        assertThat(BrokerProperties.forBroker(direct, new PortPlan(29000, 1), 1, Path.of("/tmp/b1")))
                .containsEntry("advertised.listeners", "CLIENT://127.0.0.1:29031,REPLICATION://127.0.0.1:29021");
    }
}
