package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;


class PortPlanTest {

    @Test
    void proxiedPlanHasDistinctPortsAwayFromTheApp() {
        PortPlan plan = new PortPlan(PortPlan.DEFAULT_BASE_PORT, 9);
        List<Integer> ports = plan.ports(Network.PROXIED).stream().map(PortPlan.PlannedPort::port).toList();
        assertThat(ports).hasSize(1 + 9 * 6).doesNotHaveDuplicates().doesNotContain(8080)
                .allSatisfy(p -> assertThat(p).isBetween(29000, 29000 + PortPlan.SPAN - 1));
    }

    @Test
    void theProtocolPlanAddsItsProxyAndApiWithinTheSpanAndClientsStillReachToxiproxy() {
        PortPlan plan = new PortPlan(PortPlan.DEFAULT_BASE_PORT, 9);
        List<Integer> ports = plan.ports(Network.PROTOCOL).stream().map(PortPlan.PlannedPort::port).toList();
        assertThat(ports).hasSize(2 + 9 * 7).doesNotHaveDuplicates()
                .allSatisfy(p -> assertThat(p).isBetween(29000, 29000 + PortPlan.SPAN - 1));
        assertThat(plan.protocolProxy(3)).isEqualTo(29003);
        assertThat(plan.protocolProxyApi()).isEqualTo(29010);
        assertThat(plan.bootstrapServers(Network.PROTOCOL)).isEqualTo(plan.bootstrapServers(Network.PROXIED));
    }

    @Test
    void clientsAreToldTheProxyAddressesWhenProxiedAndTheListenersWhenDirect() {
        PortPlan plan = new PortPlan(31000, 3);
        assertThat(plan.bootstrapServers(Network.PROXIED)).isEqualTo("127.0.0.1:31041,127.0.0.1:31042,127.0.0.1:31043");
        assertThat(plan.bootstrapServers(Network.DIRECT)).isEqualTo("127.0.0.1:31031,127.0.0.1:31032,127.0.0.1:31033");
        assertThat(plan.advertised(2, ProxyLink.REPLICATION, Network.PROXIED)).isEqualTo(31052);
        assertThat(plan.listener(2, ProxyLink.REPLICATION)).isEqualTo(31022);
        assertThat(plan.ports(Network.DIRECT)).extracting(PortPlan.PlannedPort::purpose).noneMatch(p -> p.contains("proxy") || p.contains("Toxiproxy"));
    }

    @Test
    void rejectsBasePortsOutsideTheUsableRange() {
        assertThatThrownBy(() -> new PortPlan(80, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("base port");
        assertThatThrownBy(() -> new PortPlan(65535 - PortPlan.SPAN + 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
