package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.ProxyLink;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/** The toxics each network verb builds, and what it refuses, before anything reaches Toxiproxy. */
class NetworkFaultTest {

    private static FaultSpec spec(FaultType type, Map<String, String> attributes) {
        return new FaultSpec(type, FaultTarget.all(), attributes, null, null);
    }

    @Test
    void delayIsALatencyToxicDownstreamByDefault() {
        assertThat(NetworkFault.toxics(spec(FaultType.DELAY, Map.of("ms", "300", "jitter", "20")))).containsExactly(
                new ToxiproxyApi.Toxic("supply-chaos-delay-downstream", "latency", "downstream", 1.0, Map.of("latency", 300L, "jitter", 20L)));
    }

    @Test
    void bothStreamsGiveOneToxicEachWithTheirOwnName() {
        List<ToxiproxyApi.Toxic> toxics = NetworkFault.toxics(spec(FaultType.BANDWIDTH, Map.of("kbps", "64", "stream", "both", "toxicity", "0.5")));
        assertThat(toxics).extracting(ToxiproxyApi.Toxic::name).containsExactly("supply-chaos-bandwidth-upstream", "supply-chaos-bandwidth-downstream");
        assertThat(toxics).allSatisfy(t -> {
            assertThat(t.type()).isEqualTo("bandwidth");
            assertThat(t.toxicity()).isEqualTo(0.5);
            assertThat(t.attributes()).containsExactly(Map.entry("rate", 64L));
        });
    }

    @Test
    void resetPeerTimeoutAndSliceUseToxiproxysAttributeNames() {
        assertThat(NetworkFault.toxics(spec(FaultType.RESET_PEER, Map.of("stream", "upstream")))).singleElement()
                .satisfies(t -> {
                    assertThat(t.type()).isEqualTo("reset_peer");
                    assertThat(t.stream()).isEqualTo("upstream");
                    assertThat(t.attributes()).containsExactly(Map.entry("timeout", 0L));
                });
        assertThat(NetworkFault.toxics(spec(FaultType.TIMEOUT, Map.of("ms", "1500")))).singleElement()
                .satisfies(t -> assertThat(t.attributes()).containsExactly(Map.entry("timeout", 1500L)));
        assertThat(NetworkFault.toxics(spec(FaultType.SLICE, Map.of("averageSize", "100", "sizeVariation", "10", "delayUs", "50"))))
                .singleElement().satisfies(t -> {
                    assertThat(t.type()).isEqualTo("slicer");
                    assertThat(t.attributes()).containsExactly(Map.entry("average_size", 100L), Map.entry("size_variation", 10L),
                            Map.entry("delay", 50L));
                });
    }

    @Test
    void cutHasNoToxicsAndTakesNoStreamOrToxicity() {
        assertThat(NetworkFault.toxics(spec(FaultType.CUT, Map.of("link", "replication")))).isEmpty();
        assertThatThrownBy(() -> NetworkFault.toxics(spec(FaultType.CUT, Map.of("stream", "upstream"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cut");
    }

    @Test
    void badValuesAreRefusedWithWhatWasExpected() {
        assertThatThrownBy(() -> NetworkFault.toxics(spec(FaultType.DELAY, Map.of("ms", "-1"))))
                .hasMessageContaining("ms must be a whole number >= 0, got '-1'");
        assertThatThrownBy(() -> NetworkFault.toxics(spec(FaultType.DELAY, Map.of("ms", "5", "toxicity", "1.5"))))
                .hasMessageContaining("toxicity must be a number from 0 to 1");
        assertThatThrownBy(() -> NetworkFault.toxics(spec(FaultType.DELAY, Map.of("ms", "5", "stream", "sideways"))))
                .hasMessageContaining("stream must be upstream, downstream or both");
        assertThatThrownBy(() -> NetworkFault.toxics(spec(FaultType.BANDWIDTH, Map.of("kbps", "0"))))
                .hasMessageContaining("kbps must be a whole number >= 1");
        assertThatThrownBy(() -> NetworkFault.toxics(spec(FaultType.SLICE, Map.of("averageSize", "10", "sizeVariation", "10"))))
                .hasMessageContaining("sizeVariation must be smaller than averageSize");
    }

    @Test
    void linksDefaultToClient() {
        assertThat(NetworkFault.links(spec(FaultType.CUT, Map.of()))).containsExactly(ProxyLink.CLIENT);
        assertThat(NetworkFault.links(spec(FaultType.CUT, Map.of("link", "both")))).containsExactly(ProxyLink.CLIENT, ProxyLink.REPLICATION);
        assertThatThrownBy(() -> NetworkFault.links(spec(FaultType.CUT, Map.of("link", "controller"))))
                .hasMessageContaining("link must be client, replication or both");
    }
}
