package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.protocol.ProtocolAction;
import io.supplychaos.protocol.ProtocolProxyApi;
import io.supplychaos.protocol.ProtocolProxyServer;
import io.supplychaos.protocol.ProtocolRule;

/**
 * The protocol faults' files and their action: the attribute rules a verb and a scenario share, the
 * proxy rules each fault maps to, and inject and heal against a real protocol proxy server's API.
 */
class ProtocolFaultTest {

    @TempDir
    Path stateDir;

    private ProtocolProxyServer server;
    private ProtocolProxyApi api;

    @BeforeEach
    void start() throws IOException {
        InetSocketAddress nowhere = new InetSocketAddress(InetAddress.getLoopbackAddress(), 1);
        server = ProtocolProxyServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), List.of(
                new ProtocolProxyServer.Link("broker-1", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), nowhere),
                new ProtocolProxyServer.Link("broker-2", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), nowhere),
                new ProtocolProxyServer.Link("broker-3", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), nowhere)),
                new Random(1), Clock.systemUTC());
        api = new ProtocolProxyApi("http://127.0.0.1:" + server.apiPort());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private final FaultsTest.FakeBackend withProxy = new FaultsTest.FakeBackend() {
        @Override
        public Optional<ProtocolProxyApi> protocolProxy() {
            return Optional.of(api);
        }
    };

    private static FaultSpec spec(FaultType type, FaultTarget target, Map<String, String> attributes) {
        return new FaultSpec(type, target, attributes, null, null);
    }

    @Test
    void eachFaultMapsToTheRuleItsFileStates() {
        assertThat(FaultType.PROTOCOL_ERROR.protocol().rules(spec(FaultType.PROTOCOL_ERROR, null,
                Map.of("api", "produce", "error", "NOT_LEADER_OR_FOLLOWER", "share", "0.5", "minVersion", "9"))))
                .containsExactly(ProtocolRule.always(ApiKeys.PRODUCE, new ProtocolAction.Answer(Errors.NOT_LEADER_OR_FOLLOWER))
                        .withShare(0.5).withVersions((short) 9, Short.MAX_VALUE));
        assertThat(FaultType.PROTOCOL_DELAY.protocol().rules(spec(FaultType.PROTOCOL_DELAY, null,
                Map.of("api", "fetch", "ms", "200", "stream", "upstream"))))
                .containsExactly(ProtocolRule.always(ApiKeys.FETCH, new ProtocolAction.DelayRequest(Duration.ofMillis(200))));
        assertThat(FaultType.PROTOCOL_DELAY.protocol().rules(spec(FaultType.PROTOCOL_DELAY, null,
                Map.of("api", "fetch", "ms", "200"))))
                .containsExactly(ProtocolRule.always(ApiKeys.FETCH, new ProtocolAction.DelayResponse(Duration.ofMillis(200))));
        assertThat(FaultType.DROP_RESPONSE.protocol().rules(spec(FaultType.DROP_RESPONSE, null, Map.of("share", "0.3"))))
                .containsExactly(ProtocolRule.always(ApiKeys.PRODUCE, new ProtocolAction.DropResponse()).withShare(0.3));
    }

    @Test
    void aBadValueIsRefusedNamingItsAttribute() {
        assertThatThrownBy(() -> FaultType.PROTOCOL_ERROR.checkAttributes(Map.of("api", "produce")))
                .isInstanceOf(FaultAttributeException.class).hasMessageContaining("error").hasMessageContaining("required");
        assertThatThrownBy(() -> FaultType.PROTOCOL_ERROR.checkAttributes(Map.of("api", "produse", "error", "NOT_LEADER_OR_FOLLOWER")))
                .hasMessageContaining("api").hasMessageContaining("offset-commit").hasMessageContaining("produse");
        assertThatThrownBy(() -> FaultType.PROTOCOL_ERROR.checkAttributes(Map.of("api", "produce", "error", "NONE")))
                .hasMessageContaining("error").hasMessageContaining("not NONE");
        assertThatThrownBy(() -> FaultType.DROP_RESPONSE.checkAttributes(Map.of("share", "0")))
                .hasMessageContaining("share").hasMessageContaining("more than 0");
        assertThatThrownBy(() -> FaultType.DROP_RESPONSE.checkAttributes(Map.of("api", "fetch")))
                .hasMessageContaining("api").hasMessageContaining("produce");
        assertThatThrownBy(() -> FaultType.PROTOCOL_DELAY.checkAttributes(Map.of("api", "fetch", "ms", "5",
                "minVersion", "12", "maxVersion", "4"))).hasMessageContaining("maxVersion").hasMessageContaining("at least minVersion");
        FaultType.PROTOCOL_ERROR.checkAttributes(Map.of("api", "offset-commit", "error", "REBALANCE_IN_PROGRESS", "share", "1"));
    }

    @Test
    void theLabelSaysWhatItDoesAndToHowMuch() {
        assertThat(FaultType.PROTOCOL_ERROR.what(spec(FaultType.PROTOCOL_ERROR, null,
                Map.of("api", "produce", "error", "NOT_ENOUGH_REPLICAS", "share", "0.25"))))
                .isEqualTo("protocol-error produce → NOT_ENOUGH_REPLICAS (25 % of requests)");
        assertThat(FaultType.DROP_RESPONSE.what(spec(FaultType.DROP_RESPONSE, null, Map.of()))).isEqualTo("drop-response produce");
    }

    @Test
    void injectPutsTheRulesOnTheTargetsLinksAndHealRemovesThem() throws IOException {
        // given drop-response bound on broker 2
        FaultAction drop = new Faults(withProxy, stateDir).bind(spec(FaultType.DROP_RESPONSE, FaultTarget.broker(2), Map.of()));
        // when injected, then only broker-2's link has the rule, under the fault's name
        drop.inject();
        assertThat(server.link("broker-2").rules().current()).hasSize(1);
        assertThat(server.link("broker-1").rules().current()).isEmpty();
        assertThat(api.links().at("/broker-2/rules").has("drop-response")).isTrue();
        assertThat(drop.describe()).isEqualTo("drop-response produce, client links, broker 2");
        // when healed, then it is gone
        drop.heal();
        assertThat(server.link("broker-2").rules().current()).isEmpty();
    }

    @Test
    void healOfOneFaultLeavesAnotherAndTheEnvsHealRemovesAll() {
        Faults faults = new Faults(withProxy, stateDir);
        FaultAction error = faults.bind(spec(FaultType.PROTOCOL_ERROR, FaultTarget.all(),
                Map.of("api", "offset-commit", "error", "REBALANCE_IN_PROGRESS")));
        FaultAction delay = faults.bind(spec(FaultType.PROTOCOL_DELAY, FaultTarget.all(), Map.of("api", "fetch", "ms", "50")));
        error.inject();
        delay.inject();
        assertThat(server.link("broker-3").rules().current()).hasSize(2);
        delay.heal();
        assertThat(server.link("broker-3").rules().current()).extracting(ProtocolRule::api).containsExactly(ApiKeys.OFFSET_COMMIT);
        faults.bind(spec(FaultType.HEAL, null, Map.of())).inject();
        assertThat(server.link("broker-1").rules().current()).isEmpty();
        assertThat(server.link("broker-3").rules().current()).isEmpty();
    }

    @Test
    void anEnvWithoutTheProtocolProxyRefusesWithTheReason() {
        assertThatThrownBy(() -> new Faults(new FaultsTest.FakeBackend(), stateDir).bind(spec(FaultType.DROP_RESPONSE,
                FaultTarget.all(), Map.of()))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("drop-response needs the protocol proxy").hasMessageContaining("network: protocol");
    }

    @Test
    void aProxyThatIsGoneFailsTheInjectAndLeavesNoLinkHalfDone() {
        ProtocolProxyApi gone = new ProtocolProxyApi("http://127.0.0.1:1");
        FaultsTest.FakeBackend backend = new FaultsTest.FakeBackend() {
            @Override
            public Optional<ProtocolProxyApi> protocolProxy() {
                return Optional.of(gone);
            }
        };
        FaultAction drop = new Faults(backend, stateDir).bind(spec(FaultType.DROP_RESPONSE, FaultTarget.all(), Map.of()));
        assertThatThrownBy(drop::inject).hasMessageContaining("failed on broker-1 and was undone");
    }
}
