package io.supplychaos.kind.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.env.ProxyLink;

class StateStoreTest {

    @Test
    void stateSurvivesARoundTripAndFindsProxiesByBrokerAndLink(@TempDir Path dir) {
        EnvSpec spec = new EnvSpec("c2", 2, 2, 3, 1, Partitioning.ROUND_ROBIN, Network.PROXIED,
                Map.of("all", Map.of("num.io.threads", "8"), "2", Map.of("socket.send.buffer.bytes", "1024")));
        EnvState state = new EnvState(spec, "env/c2.yaml", 29000, EnvState.STARTING, Instant.now().truncatedTo(ChronoUnit.MILLIS),
                "127.0.0.1:29041,127.0.0.1:29042", "http://127.0.0.1:29000", 42L,
                List.of(new EnvState.BrokerState(1, 100L, "127.0.0.1:29041", 29061, "/d/1/server.properties", "/l/1.log", "/d/1/kafka-logs"),
                        new EnvState.BrokerState(2, null, "127.0.0.1:29042", 29062, "/d/2/server.properties", "/l/2.log", "/d/2/kafka-logs")),
                List.of(new EnvState.ProxyState("broker-2-replication", 2, ProxyLink.REPLICATION, "127.0.0.1:29052", "127.0.0.1:29022")),
                "/d", "/l", Map.of("security.protocol", "PLAINTEXT"),
                new EnvState.ProtocolProxyState("http://127.0.0.1:29010", 43L, "supply-chaos-protocol-proxy 29000"));
        StateStore store = new StateStore(dir);

        store.write(state.withBrokerPid(2, 101L));
        EnvState read = store.read().orElseThrow();

        assertThat(read).isEqualTo(state.withBrokerPid(2, 101L));
        assertThat(read.proxy(2, ProxyLink.REPLICATION)).map(EnvState.ProxyState::listen).contains("127.0.0.1:29052");
        assertThat(read.proxy(1, ProxyLink.CLIENT)).isEmpty();
        assertThat(read.broker(2)).map(EnvState.BrokerState::pid).contains(101L);
        store.delete();
        assertThat(store.read()).isEmpty();
    }
}
