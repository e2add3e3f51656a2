package io.supplychaos.chaos;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.result.RunResult;

import static org.assertj.core.api.Assertions.assertThat;

class FaultTextTest {

    private static FaultSpec spec(FaultType type, Map<String, String> attributes) {
        return new FaultSpec(type, null, attributes, Duration.ZERO, null);
    }

    @Test
    void shouldSayADelayWithItsFiguresLinksAndBrokers() {
        assertThat(FaultText.network(spec(FaultType.DELAY, Map.of("ms", "100", "link", "client")), "all brokers"))
                .isEqualTo("delay 100 ms, client links, all brokers");
        assertThat(FaultText.network(spec(FaultType.DELAY, Map.of("ms", "100", "jitter", "20", "link", "both",
                "stream", "both", "toxicity", "0.5")), "broker 2"))
                .isEqualTo("delay 100 ms ± 20 ms, client and replication links, both directions, 50 % of connections,"
                        + " broker 2");
    }

    @Test
    void shouldSayEveryOtherNetworkFaultInItsOwnUnits() {
        assertThat(FaultText.network(spec(FaultType.BANDWIDTH, Map.of("kbps", "64", "link", "replication",
                "stream", "upstream")), "broker 1")).isEqualTo("bandwidth 64 KB/s, replication links, upstream, broker 1");
        assertThat(FaultText.network(spec(FaultType.CUT, Map.of()), "broker 3")).isEqualTo("cut, client links, broker 3");
        assertThat(FaultText.network(spec(FaultType.TIMEOUT, Map.of("ms", "0")), "broker 3"))
                .isEqualTo("timeout (data stops, never closed), client links, broker 3");
        assertThat(FaultText.network(spec(FaultType.RESET_PEER, Map.of("timeout", "500")), "all brokers"))
                .isEqualTo("reset-peer after 500 ms, client links, all brokers");
        assertThat(FaultText.network(spec(FaultType.SLICE, Map.of("averageSize", "64", "sizeVariation", "8",
                "delayUs", "10")), "broker 1")).isEqualTo("slice 64 B ± 8 B every 10 µs, client links, broker 1");
    }

    @Test
    void shouldLabelAFaultEventWithItsResolvedDetailAndTheSelectorThatChoseIt() {
        assertThat(new RunResult.FaultEvent("kill-broker", "leader-of order-placed:0", "kill-broker 3", "schedule", 0,
                null, null).label()).isEqualTo("kill-broker 3 (leader of order-placed:0)");
        assertThat(new RunResult.FaultEvent("start-broker", "killed", "start-broker 3", "schedule", 0, null, null)
                .label()).isEqualTo("start-broker 3");
        assertThat(new RunResult.FaultEvent("kill-broker", "random:7", "kill-broker 1", "cli", 0, null, null).label())
                .isEqualTo("kill-broker 1 (random:7)");
        assertThat(new RunResult.FaultEvent("delay", null, "delay 100 ms, client links, all brokers", "schedule", 0,
                null, null).label()).isEqualTo("delay 100 ms, client links, all brokers");
        assertThat(new RunResult.FaultEvent("cut", null, null, "cli", 0, null, null).label()).isEqualTo("cut");
        assertThat(new RunResult.FaultEvent("cut", "2", null, "cli", 0, null, null).label()).isEqualTo("cut 2");
    }
}
