package io.supplychaos.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;

import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ProduceResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy process's control API: named rules put, replaced and removed per link, through {@link ProtocolProxyApi}. */
class ProtocolProxyServerTest {

    private FakeBroker broker;
    private ProtocolProxyServer server;
    private ProtocolProxyApi api;

    @BeforeEach
    void start() throws IOException {
        broker = new FakeBroker();
        server = ProtocolProxyServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                List.of(new ProtocolProxyServer.Link("broker-1", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        broker.address())), new Random(1), Clock.systemUTC());
        api = new ProtocolProxyApi("http://127.0.0.1:" + server.apiPort());
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        broker.close();
    }

    private short produceError() throws IOException {
        try (RawClient client = new RawClient(server.link("broker-1").port())) {
            ProduceResponse response = (ProduceResponse) client.next(client.send(RawClient.produce((short) -1), 1));
            return response.data().responses().iterator().next().partitionResponses().get(0).errorCode();
        }
    }

    @Test
    void aNamedRulePutThroughTheApiActsUntilItIsRemoved() throws IOException {
        // given a protocol-error rule put on broker-1
        api.put("broker-1", "protocol-error", List.of(ProtocolRule.always(ApiKeys.PRODUCE,
                new ProtocolAction.Answer(Errors.NOT_ENOUGH_REPLICAS))));
        // then a produce gets it, and the API lists it
        assertThat(produceError()).isEqualTo(Errors.NOT_ENOUGH_REPLICAS.code());
        assertThat(api.links().at("/broker-1/rules/protocol-error/0/error").asText()).isEqualTo("NOT_ENOUGH_REPLICAS");
        // when a second put of the same name replaces it, then the new error is answered
        api.put("broker-1", "protocol-error", List.of(ProtocolRule.always(ApiKeys.PRODUCE,
                new ProtocolAction.Answer(Errors.NOT_LEADER_OR_FOLLOWER))));
        assertThat(produceError()).isEqualTo(Errors.NOT_LEADER_OR_FOLLOWER.code());
        // when it is removed, then the broker answers again
        api.remove("broker-1", "protocol-error");
        assertThat(produceError()).isZero();
    }

    @Test
    void removingOneNameLeavesTheOthersAndClearRemovesAll() throws IOException {
        api.put("broker-1", "protocol-delay", List.of(ProtocolRule.always(ApiKeys.FETCH,
                new ProtocolAction.DelayResponse(Duration.ofMillis(5)))));
        api.put("broker-1", "protocol-error", List.of(ProtocolRule.always(ApiKeys.PRODUCE,
                new ProtocolAction.Answer(Errors.NOT_ENOUGH_REPLICAS))));
        api.remove("broker-1", "protocol-delay");
        assertThat(produceError()).isEqualTo(Errors.NOT_ENOUGH_REPLICAS.code());
        api.clear();
        assertThat(produceError()).isZero();
        assertThat(api.links().at("/broker-1/rules").size()).isZero();
    }

    @Test
    void anUnknownLinkOrABadRuleIsRefusedWithTheReason() {
        assertThatThrownBy(() -> api.put("broker-9", "protocol-error", List.of()))
                .hasMessageContaining("404").hasMessageContaining("broker-1");
        assertThat(api.answers()).isTrue();
        assertThat(new ProtocolProxyApi("http://127.0.0.1:1").answers()).isFalse();
    }

    @Test
    void aLinkArgumentNamesItsListenerAndUpstream() {
        ProtocolProxyServer.Link link = ProtocolProxyServer.parseLink("broker-2=127.0.0.1:33002>127.0.0.1:33032");
        assertThat(link.name()).isEqualTo("broker-2");
        assertThat(link.listen().getPort()).isEqualTo(33002);
        assertThat(link.upstream().getPort()).isEqualTo(33032);
        assertThatThrownBy(() -> ProtocolProxyServer.parseLink("broker-2:33002")).hasMessageContaining("NAME=HOST:PORT>HOST:PORT");
    }
}
