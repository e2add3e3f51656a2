package io.supplychaos.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.Set;

import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;

/** Where GET /orders/{id} is answered, from Streams' metadata for the key and this instance's address. */
class KeyRouteTest {

    private static final HostInfo SELF = new HostInfo("127.0.0.1", 8081);
    private static final HostInfo OTHER = new HostInfo("127.0.0.1", 8082);

    @Test
    void shouldAnswerLocallyWhenThisInstanceHoldsTheKey() {
        assertThat(KeyRoute.decide(heldBy(SELF), Optional.of(SELF), false)).isInstanceOf(KeyRoute.Local.class);
        assertThat(KeyRoute.decide(heldBy(SELF), Optional.of(SELF), true)).isInstanceOf(KeyRoute.Local.class);
    }

    @Test
    void shouldForwardToTheInstanceHoldingTheKey() {
        assertThat(KeyRoute.decide(heldBy(OTHER), Optional.of(SELF), false)).isEqualTo(new KeyRoute.Forward(OTHER));
    }

    @Test
    void shouldNeverForwardAForwardedRequestAgain() {
        KeyRoute route = KeyRoute.decide(heldBy(OTHER), Optional.of(SELF), true);

        assertThat(route).isInstanceOf(KeyRoute.Unavailable.class);
        assertThat(((KeyRoute.Unavailable) route).reason()).contains("127.0.0.1:8082").contains("rebalance");
    }

    @Test
    void shouldBeUnavailableWhileTheKeysHostIsUnknown() {
        assertThat(KeyRoute.decide(KeyQueryMetadata.NOT_AVAILABLE, Optional.of(SELF), false))
                .isInstanceOf(KeyRoute.Unavailable.class);
        assertThat(KeyRoute.decide(heldBy(HostInfo.unavailable()), Optional.of(SELF), false))
                .isInstanceOf(KeyRoute.Unavailable.class);
        assertThat(KeyRoute.decide(null, Optional.of(SELF), false)).isInstanceOf(KeyRoute.Unavailable.class);
    }

    @Test
    void shouldAnswerLocallyWithoutAnApplicationServer() {
        assertThat(KeyRoute.decide(null, Optional.empty(), false)).isInstanceOf(KeyRoute.Local.class);
    }

    private static KeyQueryMetadata heldBy(HostInfo host) {
        return new KeyQueryMetadata(host, Set.of(), 0);
    }
}
