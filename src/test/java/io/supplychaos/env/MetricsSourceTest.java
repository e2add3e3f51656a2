package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.spec.SpecException;
import io.supplychaos.spec.SpecFile;
import io.supplychaos.spec.SpecNode;

/** An env file's metrics: block: the three kinds, what each refuses, and the line people read. */
class MetricsSourceTest {

    private static MetricsSource read(String yaml, int brokers) {
        SpecNode root = SpecFile.parse(yaml, "env.yaml", SpecException::new);
        return MetricsSource.fromNode(root.get("metrics"), brokers);
    }

    @Test
    void givenJmxEndpointsForEveryBroker_whenRead_thenJmxWithThemAndTheCredentials() {
        MetricsSource source = read("""
                metrics:
                  jmx: {1: "kafka-1.example:9999", 2: "kafka-2.example:9999", 3: "10.0.0.3:9999"}
                  username: monitor
                  password: secret
                """, 3);

        assertThat(source.kind()).isEqualTo(MetricsSource.Kind.JMX);
        assertThat(source.endpoints()).containsExactly(Map.entry(1, "kafka-1.example:9999"),
                Map.entry(2, "kafka-2.example:9999"), Map.entry(3, "10.0.0.3:9999"));
        assertThat(source.username()).isEqualTo("monitor");
        assertThat(source.password()).isEqualTo("secret");
        assertThat(source.describe())
                .isEqualTo("JMX on kafka-1.example:9999, kafka-2.example:9999, 10.0.0.3:9999 as monitor")
                .doesNotContain("secret");
        assertThat(source.toString()).doesNotContain("secret");
    }

    @Test
    void givenPrometheusUrls_whenRead_thenAScrapeOfEach() {
        MetricsSource source = read("""
                metrics:
                  prometheus:
                    1: http://kafka-1:9404/metrics
                    2: http://kafka-2:9404/metrics
                    3: https://kafka-3:9404/metrics
                """, 3);

        assertThat(source.kind()).isEqualTo(MetricsSource.Kind.PROMETHEUS);
        assertThat(source.endpoints()).hasSize(3).containsEntry(3, "https://kafka-3:9404/metrics");
        assertThat(source.describe()).isEqualTo("Prometheus scrape of 3 endpoints (http://kafka-1:9404/metrics, ...)");
    }

    @Test
    void givenTheWordNone_whenRead_thenNoneSayingTheFileChoseIt() {
        MetricsSource source = read("metrics: none\n", 3);

        assertThat(source.kind()).isEqualTo(MetricsSource.Kind.NONE);
        assertThat(source.endpoints()).isEmpty();
        assertThat(source.describe()).isEqualTo("none: the env file says metrics: none");
    }

    @Test
    void givenNoMetricsBlock_whenRead_thenNoneBecauseNoEndpointIsConfigured() {
        assertThat(read("name: x\n", 3).describe()).isEqualTo("none: the cluster offers no metrics endpoint configured");
    }

    @Test
    void givenLocalPortsInARow_whenDescribed_thenOneHostAndAPortRange() {
        assertThat(MetricsSource.localJmx(Map.of(1, 29061, 2, 29062, 3, 29063)).describe())
                .isEqualTo("JMX on 127.0.0.1:29061-29063");
        assertThat(MetricsSource.localJmx(Map.of(1, 29061)).describe()).isEqualTo("JMX on 127.0.0.1:29061");
    }

    @Test
    void givenBothJmxAndPrometheus_whenRead_thenRefusedAtPrometheus() {
        assertThatThrownBy(() -> read("""
                metrics:
                  jmx: {1: "a:1"}
                  prometheus: {1: "http://a:9404/metrics"}
                """, 1)).hasMessage("env.yaml:3:15: field 'metrics.prometheus': either jmx or prometheus, not both");
    }

    @Test
    void givenABrokerIdOutsideTheEnv_whenRead_thenRefusedNamingTheRange() {
        assertThatThrownBy(() -> read("metrics:\n  jmx: {1: \"a:1\", 4: \"b:1\"}\n", 3))
                .hasMessage("env.yaml:2:22: field 'metrics.jmx.4': a broker id: a whole number from 1 to 3"
                        + " (the env's brokers), got '4'");
    }

    @Test
    void givenABrokerWithoutEndpoint_whenRead_thenRefusedNamingIt() {
        assertThatThrownBy(() -> read("metrics:\n  jmx: {1: \"a:1\", 3: \"c:1\"}\n", 3))
                .hasMessage("env.yaml:2:8: field 'metrics.jmx': an endpoint for every broker from 1 to 3; broker 2 has none");
    }

    @Test
    void givenOneBrokerTwiceAsTwoSpellings_whenRead_thenRefused() {
        assertThatThrownBy(() -> read("metrics:\n  jmx: {1: \"a:1\", 01: \"b:1\"}\n", 1))
                .hasMessageContaining("field 'metrics.jmx.01': one endpoint per broker; broker 1 has two");
    }

    @Test
    void givenAJmxEndpointWithoutAUsablePort_whenRead_thenRefusedSayingHostPort() {
        assertThatThrownBy(() -> read("metrics:\n  jmx: {1: \"kafka-1:99999\"}\n", 1))
                .hasMessage("env.yaml:2:12: field 'metrics.jmx.1': host:port with a port from 1 to 65535,"
                        + " such as kafka-1.example:9999, got 'kafka-1:99999'");
        assertThatThrownBy(() -> read("metrics:\n  jmx: {1: \"kafka-1\"}\n", 1))
                .hasMessageContaining("got 'kafka-1'");
        assertThatThrownBy(() -> read("metrics:\n  jmx: {1: \"http://kafka-1:9999\"}\n", 1))
                .hasMessageContaining("field 'metrics.jmx.1': host:port");
    }

    @Test
    void givenAPrometheusEndpointThatIsNotAnHttpUrl_whenRead_thenRefused() {
        assertThatThrownBy(() -> read("metrics:\n  prometheus: {1: \"kafka-1:9404\"}\n", 1))
                .hasMessage("env.yaml:2:19: field 'metrics.prometheus.1': an http or https URL such as"
                        + " http://kafka-1:9404/metrics, got 'kafka-1:9404'");
        assertThatThrownBy(() -> read("metrics:\n  prometheus: {1: \"ftp://kafka-1/metrics\"}\n", 1))
                .hasMessageContaining("got 'ftp://kafka-1/metrics'");
    }

    @Test
    void givenCredentialsWithPrometheus_whenRead_thenRefusedAsJmxOnly() {
        assertThatThrownBy(() -> read("""
                metrics:
                  prometheus: {1: "http://a:9404/metrics"}
                  username: monitor
                """, 1)).hasMessage("env.yaml:3:13: field 'metrics.username': no username: credentials are for jmx only");
    }

    @Test
    void givenAUsernameWithoutPassword_whenRead_thenRefusedAskingForIt() {
        assertThatThrownBy(() -> read("metrics:\n  jmx: {1: \"a:1\"}\n  username: monitor\n", 1))
                .hasMessage("env.yaml:2:3: field 'metrics.password': required: a password with the username");
    }

    @Test
    void givenAnUnknownKeyOrWord_whenRead_thenRefusedListingWhatFits() {
        assertThatThrownBy(() -> read("metrics:\n  jxm: {1: \"a:1\"}\n", 1))
                .hasMessage("env.yaml:2:3: field 'metrics.jxm': unknown key; expected one of"
                        + " [jmx, password, prometheus, username]");
        assertThatThrownBy(() -> read("metrics: off\n", 1))
                .hasMessage("env.yaml:1:10: field 'metrics': one of none, got 'off'");
        assertThatThrownBy(() -> read("metrics: {}\n", 1))
                .hasMessage("env.yaml:1:10: field 'metrics': a mapping with jmx (broker id -> host:port)"
                        + " or prometheus (broker id -> URL)");
        assertThatThrownBy(() -> read("metrics: [a]\n", 1))
                .hasMessageContaining("field 'metrics': a mapping with jmx or prometheus");
    }

    @Test
    void givenFactoriesCalledWithNonsense_whenBuilt_thenRefused() {
        assertThatThrownBy(() -> MetricsSource.prometheus(Map.of(1, "not a url")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MetricsSource.jmx(Map.of(1, "a:1"), "monitor", null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MetricsSource.jmx(Map.of(), null, null)).isInstanceOf(IllegalArgumentException.class);
    }
}
