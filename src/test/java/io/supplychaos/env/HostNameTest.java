package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What may become a broker command's {host}: host names and addresses, never options, paths or shell text. */
class HostNameTest {

    @ParameterizedTest
    @ValueSource(strings = {"kafka-1", "kafka-1.example.com", "kafka-1.example.com.", "k", "10.0.0.2", "255.255.255.255",
            "::1", "fd00::3", "[fd00::3]", "2001:db8:0:0:0:0:2:1", "::ffff:10.0.0.2", "1e100.net"})
    void givenAHostNameOrAddressThenItIsAccepted(String host) {
        assertThat(HostName.valid(host)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-oProxyCommand=x", "-kafka", "kafka-", "kafka..example", ".kafka", "kafka 1", " kafka",
            "kafka;id", "$(id)", "`id`", "'kafka'", "\"kafka\"", "kafka/1", "a=b", "kafka\n1", "kafka_1", "256.0.0.1",
            "10.0.0", "fe80::1::2", "fe80::1%eth0", "1:2:3:4:5:6:7:8:9", "[::1", "::1]", "1.2.3.4::"})
    void givenAnythingElseThenItIsRefused(String host) {
        assertThat(HostName.valid(host)).isFalse();
    }
}
