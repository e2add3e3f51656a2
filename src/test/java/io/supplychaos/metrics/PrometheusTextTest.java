package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** The text exposition format as a JMX exporter serves it, and the odd lines it must survive. */
class PrometheusTextTest {

    private static final String SCRAPE = """
            # HELP jvm_threads_current Current thread count of a JVM
            # TYPE jvm_threads_current gauge
            jvm_threads_current 112.0

            # HELP kafka_server_brokertopicmetrics_messagesin_total Attribute exposed for management
            # TYPE kafka_server_brokertopicmetrics_messagesin_total counter
            kafka_server_brokertopicmetrics_messagesin_total{topic="order-placed",} 1500.0
            kafka_server_brokertopicmetrics_messagesin_total 4.2E7
            # a comment that is neither HELP nor TYPE
            kafka_network_requestmetrics_totaltimems{request="Produce",quantile="0.99",} 12.5
            kafka_network_requestmetrics_totaltimems{request="Produce",quantile="0.999",} NaN
            kafka_server_socket_server_metrics_connection_count{listener="PLAIN-9092", networkProcessor="1"} 3 1700000000000
            odd_labels{path="C:\\\\data",msg="say \\"hi\\", then leave",multi="a\\nb"} -1.5
            histogram_bucket{le="+Inf"} +Inf
            negative_infinity -Inf
            this line is not a sample
            unterminated{label="x} 1
            java_style_double 1d
            """;

    @Test
    void givenARealisticScrape_whenParsed_thenEverySampleLineWithItsLabelsAndValue() {
        PrometheusText.Scrape scrape = PrometheusText.parse(SCRAPE);

        assertThat(scrape.series()).extracting(PrometheusText.Series::name).containsExactly(
                "jvm_threads_current", "kafka_server_brokertopicmetrics_messagesin_total",
                "kafka_server_brokertopicmetrics_messagesin_total", "kafka_network_requestmetrics_totaltimems",
                "kafka_network_requestmetrics_totaltimems", "kafka_server_socket_server_metrics_connection_count",
                "odd_labels", "histogram_bucket", "negative_infinity");
        assertThat(scrape.value("jvm_threads_current")).isEqualTo(112.0);
        assertThat(scrape.value("kafka_server_socket_server_metrics_connection_count",
                Map.of("listener", "PLAIN-9092", "networkProcessor", "1"))).as("value before a timestamp").isEqualTo(3);
        assertThat(scrape.value("histogram_bucket", Map.of("le", "+Inf"))).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(scrape.value("negative_infinity")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(scrape.value("kafka_network_requestmetrics_totaltimems", Map.of("request", "Produce", "quantile", "0.999")))
                .isNaN();
    }

    @Test
    void givenQuotedLabelValuesWithCommasAndEscapes_whenParsed_thenUnescaped() {
        PrometheusText.Series odd = PrometheusText.parse(SCRAPE).series().stream()
                .filter(s -> s.name().equals("odd_labels")).findFirst().orElseThrow();

        assertThat(odd.labels()).containsExactly(Map.entry("path", "C:\\data"),
                Map.entry("msg", "say \"hi\", then leave"), Map.entry("multi", "a\nb"));
        assertThat(odd.value()).isEqualTo(-1.5);
    }

    @Test
    void givenASeriesWithAndWithoutATopicLabel_whenLookedUpWithoutLabels_thenTheBrokerWideOne() {
        PrometheusText.Scrape scrape = PrometheusText.parse(SCRAPE);

        assertThat(scrape.value("kafka_server_brokertopicmetrics_messagesin_total")).isEqualTo(4.2e7);
        assertThat(scrape.value("kafka_server_brokertopicmetrics_messagesin_total", Map.of("topic", "order-placed")))
                .isEqualTo(1500);
    }

    @Test
    void givenANameTheScrapeLacks_whenLookedUp_thenNaNNotZero() {
        assertThat(PrometheusText.parse(SCRAPE).value("kafka_server_replicamanager_underreplicatedpartitions")).isNaN();
        assertThat(PrometheusText.parse("").series()).isEmpty();
    }
}
