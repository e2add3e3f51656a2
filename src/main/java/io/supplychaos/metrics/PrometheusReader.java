package io.supplychaos.metrics;

import io.supplychaos.env.MetricsSource;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Reads one broker's figures from a scrape of its Prometheus JMX exporter, under the names that
 * Strimzi's example exporter rules give Kafka's MBeans (names lowercased, joined with underscores,
 * {@code PerSec} meters' counts as {@code _total} counters). One HTTP GET per broker and second;
 * touches the exporters' URLs.
 *
 * <p>Only the broker-wide series count: each name is looked up with its exact label set, so the
 * per-topic {@code {topic="..."}} series of the same name are never summed in. A figure the
 * exporter does not export (recent Strimzi examples drop the request metrics' percentiles) is NaN.
 */
final class PrometheusReader implements BrokerMetrics.Reader {

    static final String MESSAGES_IN = "kafka_server_brokertopicmetrics_messagesin_total";
    static final String BYTES_IN = "kafka_server_brokertopicmetrics_bytesin_total";
    static final String BYTES_OUT = "kafka_server_brokertopicmetrics_bytesout_total";
    static final String ISR_SHRINKS = "kafka_server_replicamanager_isrshrinks_total";
    static final String ISR_EXPANDS = "kafka_server_replicamanager_isrexpands_total";
    static final String UNDER_REPLICATED = "kafka_server_replicamanager_underreplicatedpartitions";
    /**
     * The idle meter's count: idle nanoseconds per handler thread, so its rate over a second is the
     * idle fraction. The exporter's {@code ..._requesthandleravgidle_percent} gauge is the meter's
     * mean rate since the broker started, which a fault would barely move, so it is not used.
     */
    static final String IDLE_NANOS = "kafka_server_kafkarequesthandlerpool_requesthandleravgidlepercent_count";
    static final String TOTAL_TIME = "kafka_network_requestmetrics_totaltimems";
    static final Map<String, String> PRODUCE_P99 = Map.of("request", "Produce", "quantile", "0.99");

    private final Map<Integer, String> urls;
    private final Duration timeout;
    private final HttpClient client;

    PrometheusReader(MetricsSource source, Duration timeout) {
        this.urls = source.endpoints();
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    @Override
    public BrokerMetrics.Reading read(int id) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(urls.get(id))).timeout(timeout)
                .header("Accept", "text/plain").GET().build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() != 200) {
            throw new IOException(urls.get(id) + " answered HTTP " + response.statusCode());
        }
        return reading(PrometheusText.parse(response.body()));
    }

    /** The figures in one scrape. */
    static BrokerMetrics.Reading reading(PrometheusText.Scrape scrape) {
        return new BrokerMetrics.Reading(scrape.value(MESSAGES_IN), scrape.value(BYTES_IN), scrape.value(BYTES_OUT),
                scrape.value(ISR_SHRINKS), scrape.value(ISR_EXPANDS), counter(scrape, IDLE_NANOS),
                scrape.value(UNDER_REPLICATED), Double.NaN, scrape.value(TOTAL_TIME, PRODUCE_P99));
    }

    /** Exporters built on the newer Prometheus client append {@code _total} to every counter's name. */
    private static double counter(PrometheusText.Scrape scrape, String name) {
        double value = scrape.value(name);
        return Double.isNaN(value) ? scrape.value(name + "_total") : value;
    }
}
