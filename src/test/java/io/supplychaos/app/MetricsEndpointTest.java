package io.supplychaos.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.supplychaos.topology.SupplyMetrics;

/**
 * GET /q/metrics: Prometheus text with the Kafka Streams client metrics (bound by Quarkus to the
 * KafkaStreams bean), the Streams consumer's lag and the supply chain's three headline counters,
 * which exist at 0 before any task is assigned (no broker in tests).
 */
@QuarkusTest
class MetricsEndpointTest {

    @Test
    void shouldExportStreamsMetricsConsumerLagAndTheSupplyChainCounters() {
        String body = given().when().get("/q/metrics").then().statusCode(200).extract().asString();

        assertThat(body).as("Streams client and thread metrics")
                .contains("kafka_stream_alive_stream_threads", "kafka_stream_thread_process_total");
        assertThat(body).as("the Streams consumer's lag").containsPattern(
                "kafka_consumer_fetch_manager_records_lag_max\\{client_id=\"supply-chaos-[^\"]*-StreamThread-1-consumer\"");
        for (String topic : SupplyMetrics.DECODED_TOPICS) {
            assertThat(body).contains("supply_dead_letters_total{topic=\"" + topic + "\"} 0.0");
        }
        assertThat(body).contains("supply_backorders_total{stage=\"manufacturer\"} 0.0",
                "supply_stuck_orders_total{stage=\"sla-monitor\"} 0.0", "# TYPE supply_backorders counter");
    }
}
