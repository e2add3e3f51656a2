package io.supplychaos.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.AppHeap;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.ItPorts;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EnvState;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * Two app instances (the build's quarkus-run.jar, as a run starts them) on one broker with four
 * partitions: each holds the orders of some partitions, and either answers GET /orders/{id} for
 * every order with the same 200 body, reading it where it lives. The packaged app serves
 * /q/metrics (Streams metrics and consumer lag included) and /q/swagger-ui.
 */
class KeyQueryRoutingIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final int ORDERS = 12;

    @TempDir
    Path dir;

    @Test
    @Timeout(150)
    void shouldAnswerEveryOrderFromEitherInstanceWithTheSameBody() throws IOException {
        // given a one-broker env with four partitions and two app instances
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(dir.resolve("state"));
        Path envFile = Files.writeString(dir.resolve("routing.yaml"), "brokers: 1\nreplicationFactor: 1\npartitions: 4\n");
        EmbeddedEnvironment environment = new EmbeddedEnvironment(paths);
        AppInstances apps = new AppInstances(paths);
        try {
            EnvState env = environment.up(EnvSpecReader.read(envFile), envFile.toString(), ItPorts.freeBase(),
                    line -> System.out.println("[routing] " + line)).state();
            List<AppInstances.AppInstance> instances = List.of(apps.start(1, env.access(), Map.of(), AppHeap.DEFAULT),
                    apps.start(2, env.access(), Map.of(), AppHeap.DEFAULT));
            instances.forEach(instance -> apps.awaitReady(instance, Timeouts.APP_READY));

            // when orders are placed, half through each instance
            List<String> orderIds = new ArrayList<>();
            for (int i = 0; i < ORDERS; i++) {
                String orderId = "routing-" + i;
                HttpResponse<String> placed = post(instances.get(i % 2), "/orders", "{\"orderId\":\"" + orderId
                        + "\",\"hospitalId\":\"h-1\",\"drugId\":\"insulin\",\"quantity\":1}");
                assertThat(placed.statusCode()).as(placed.body()).isEqualTo(202);
                orderIds.add(orderId);
            }

            // then each instance answers 200 for every order, with the same body, read by the same instance
            Set<String> servedBy = new HashSet<>();
            for (String orderId : orderIds) {
                List<HttpResponse<String>> answers = new ArrayList<>();
                Poll.require(orderId + " delivered and answered by both instances", Duration.ofSeconds(60),
                        Duration.ofMillis(200), () -> {
                            answers.clear();
                            instances.forEach(instance -> answers.add(get(instance, "/orders/" + orderId)));
                            return answers.stream().allMatch(answer -> answer.statusCode() == 200
                                    && answer.body().contains("\"status\":\"DELIVERED\""));
                        });
                assertThat(answers.get(1).body()).isEqualTo(answers.get(0).body());
                String reader = answers.get(0).headers().firstValue(KeyQueryRouter.SERVED_BY).orElseThrow();
                assertThat(answers.get(1).headers().firstValue(KeyQueryRouter.SERVED_BY)).hasValue(reader);
                servedBy.add(reader);
            }
            // one reader for both answers: the other instance's answer was forwarded; both read some
            assertThat(servedBy).as("both instances hold orders, so each forwarded some")
                    .containsExactlyInAnyOrder(address(instances.get(0)), address(instances.get(1)));

            // and the packaged app (what ./chaos starts) serves its metrics and API description
            HttpResponse<String> metrics = get(instances.get(0), "/q/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("supply_dead_letters_total{topic=\"order-placed\"}",
                    "kafka_stream_client_state", "kafka_consumer_fetch_manager_records_lag_max{");
            assertThat(get(instances.get(1), "/q/swagger-ui/").statusCode()).isEqualTo(200);
            assertThat(get(instances.get(1), "/q/openapi").body()).contains("/orders/{id}");
        } finally {
            apps.stopAll(Timeouts.APP_STOP_GRACE);
            environment.down(false);
        }
    }

    private static String address(AppInstances.AppInstance instance) {
        return "127.0.0.1:" + instance.httpPort();
    }

    private static HttpResponse<String> get(AppInstances.AppInstance instance, String path) {
        return send(HttpRequest.newBuilder(URI.create("http://" + address(instance) + path)).GET());
    }

    private static HttpResponse<String> post(AppInstances.AppInstance instance, String path, String json) {
        return send(HttpRequest.newBuilder(URI.create("http://" + address(instance) + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
