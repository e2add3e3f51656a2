package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.env.MetricsSource;

/**
 * A Prometheus source against exporters served on 127.0.0.1: two scrapes a (fake) second apart
 * give rates from the counters, gauges as they are, and NaN for what the exporter leaves out.
 */
class BrokerMetricsPrometheusTest {

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private HttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    /** Serves the given bodies at {@code path}, one per GET, in order; the last one again after that. */
    private String serve(String path, String... bodies) {
        Deque<String> queue = new ArrayDeque<>(List.of(bodies));
        server.createContext(path, exchange -> {
            String body;
            synchronized (queue) {
                body = queue.size() > 1 ? queue.poll() : queue.peek();
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** One broker's exporter output under Strimzi's example rules, with per-topic series beside the totals. */
    private static String scrape(long messagesIn, long bytesIn, long bytesOut, long shrinks, long expands, long idleNanos,
                                 int underReplicated, String produceP99) {
        return """
                # HELP kafka_server_brokertopicmetrics_messagesin_total Attribute exposed for management
                # TYPE kafka_server_brokertopicmetrics_messagesin_total counter
                kafka_server_brokertopicmetrics_messagesin_total{topic="order-placed",} 999999.0
                kafka_server_brokertopicmetrics_messagesin_total %d.0
                # TYPE kafka_server_brokertopicmetrics_bytesin_total counter
                kafka_server_brokertopicmetrics_bytesin_total{topic="order-placed",} 888888.0
                kafka_server_brokertopicmetrics_bytesin_total %d.0
                kafka_server_brokertopicmetrics_bytesout_total %d.0
                kafka_server_replicamanager_isrshrinks_total %d.0
                kafka_server_replicamanager_isrexpands_total %d.0
                # TYPE kafka_server_kafkarequesthandlerpool_requesthandleravgidle_percent gauge
                kafka_server_kafkarequesthandlerpool_requesthandleravgidle_percent 0.123
                kafka_server_kafkarequesthandlerpool_requesthandleravgidlepercent_count %d.0
                kafka_server_replicamanager_underreplicatedpartitions %d.0
                kafka_network_requestmetrics_totaltimems{request="Produce",quantile="0.99",} %s
                kafka_network_requestmetrics_totaltimems{request="Fetch",quantile="0.99",} 500.0
                """.formatted(messagesIn, bytesIn, bytesOut, shrinks, expands, idleNanos, underReplicated, produceP99);
    }

    private BrokerMetrics open(Map<Integer, String> urls) {
        return BrokerMetrics.open(MetricsSource.prometheus(urls), clock::get, Duration.ofSeconds(10));
    }

    @Test
    void givenTwoScrapesOneSecondApart_whenSampled_thenCountersBecomeRatesSummedOverBrokersAndGaugesAreTaken() {
        String broker1 = serve("/b1/metrics",
                scrape(1000, 100_000, 50_000, 2, 1, 10_000_000_000L, 0, "8.0"),
                scrape(1300, 130_000, 80_000, 3, 1, 10_400_000_000L, 1, "12.0"));
        String broker2 = serve("/b2/metrics",
                scrape(2000, 200_000, 0, 0, 0, 20_000_000_000L, 0, "5.0"),
                scrape(2200, 220_000, 10_000, 0, 2, 20_600_000_000L, 2, "20.0"));
        try (BrokerMetrics metrics = open(Map.of(1, broker1, 2, broker2))) {

            BrokerMetrics.Sample first = metrics.sample();
            clock.addAndGet(1000);
            BrokerMetrics.Sample second = metrics.sample();

            assertThat(first.messagesInPerSec()).as("no rate without an earlier scrape").isNaN();
            assertThat(first.underReplicated()).isZero();
            assertThat(first.produceTotalTimeP99Ms()).isEqualTo(8.0);
            assertThat(second.messagesInPerSec()).isEqualTo(300 + 200);
            assertThat(second.bytesInPerSec()).isEqualTo(30_000 + 20_000);
            assertThat(second.bytesOutPerSec()).isEqualTo(30_000 + 10_000);
            assertThat(second.isrShrinksPerSec()).isEqualTo(1);
            assertThat(second.isrExpandsPerSec()).isEqualTo(2);
            assertThat(second.underReplicated()).isEqualTo(3);
            // idle 0.4 s and 0.6 s of 1 s per handler thread, times the combined node's factor 50 (as over JMX)
            assertThat(second.requestHandlerIdlePct()).isCloseTo((20 + 30) / 2.0, within(1e-9));
            assertThat(second.produceTotalTimeP99Ms()).as("the slowest broker's p99, Produce only").isEqualTo(20.0);
            assertThat(metrics.source()).isEqualTo("Prometheus scrape of 2 endpoints (" + broker1 + ", ...)");
        }
    }

    @Test
    void givenAnExporterWithoutRequestPercentiles_whenSampled_thenProduceP99IsNaNNotZero() {
        String broker = serve("/metrics", """
                kafka_server_brokertopicmetrics_messagesin_total 10.0
                kafka_server_replicamanager_underreplicatedpartitions 0.0
                """, """
                kafka_server_brokertopicmetrics_messagesin_total 30.0
                kafka_server_replicamanager_underreplicatedpartitions 0.0
                """);
        try (BrokerMetrics metrics = open(Map.of(1, broker))) {

            metrics.sample();
            clock.addAndGet(2000);
            BrokerMetrics.Sample sample = metrics.sample();

            assertThat(sample.messagesInPerSec()).isEqualTo(10);
            assertThat(sample.underReplicated()).isZero();
            assertThat(sample.produceTotalTimeP99Ms()).isNaN();
            assertThat(sample.bytesInPerSec()).isNaN();
            assertThat(sample.requestHandlerIdlePct()).isNaN();
        }
    }

    @Test
    void givenABrokerWhoseEndpointDoesNotAnswer_whenSampled_thenItIsLeftOutAndTheOthersCount() throws IOException {
        String up = serve("/metrics", scrape(100, 0, 0, 0, 0, 0, 4, "1.0"));
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        try (BrokerMetrics metrics = open(Map.of(1, up, 2, "http://127.0.0.1:" + closed + "/metrics"))) {

            BrokerMetrics.Sample sample = metrics.sample();

            assertThat(sample.underReplicated()).isEqualTo(4);
        }
    }

    @Test
    void givenAnEndpointAnsweringAnError_whenSampled_thenNoFigureFromIt() {
        server.createContext("/metrics", exchange -> {
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
        });
        String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/metrics";
        try (BrokerMetrics metrics = open(Map.of(1, url))) {

            BrokerMetrics.Sample sample = metrics.sample();

            assertThat(sample).isEqualTo(BrokerMetrics.Sample.EMPTY);
        }
    }

    @Test
    void givenACounterThatWentBack_whenSampled_thenNoRateForThatSecond() {
        String broker = serve("/metrics", "kafka_server_brokertopicmetrics_messagesin_total 5000.0\n",
                "kafka_server_brokertopicmetrics_messagesin_total 40.0\n");
        try (BrokerMetrics metrics = open(Map.of(1, broker))) {

            metrics.sample();
            clock.addAndGet(1000);

            assertThat(metrics.sample().messagesInPerSec()).as("the broker restarted between scrapes").isNaN();
        }
    }
}
