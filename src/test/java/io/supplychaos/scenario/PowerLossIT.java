package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A power loss of every replica on real brokers (RF 3, acks=all, min ISR 2): under Kafka's default
 * flush the brokers had acknowledged orders they never fsynced, and the run must lose some and name
 * them as lost to power loss (the scenario expects loss); with a flush after every message
 * ({@code log.flush.interval.messages=1}) the same fault loses none and the run passes with
 * {@code lost: 0}. The two runs need brokers configured apart, so each brings up its own env (one
 * after the other, on the same state directory) and takes it down. Two c3 envs and two runs take
 * about 6 min on 2 cores, so it is tagged {@code full}: it runs in {@code mvn verify -Pfull} (and
 * CI), not in the default {@code mvn verify}.
 */
@Tag("full")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PowerLossIT {

    private static final String FAULT = """
            producer: {acks: "all"}
            workload: {warmup: [300], orders: 2500, ratePerSecond: 200}
            faults:
              - {at: 6s, action: power-loss, target: all, for: 10s}
            drainTimeout: 60s
            """;

    @TempDir
    static Path shared;

    @TempDir
    Path dir;

    @Test
    @Order(1)
    @Timeout(600)
    void underTheDefaultFlushAnAllReplicaPowerLossLosesAcknowledgedOrdersAndTheVerdictNamesThem() {
        PlantedRun done = PlantedRun.run(dir, """
                name: it-power-loss-default-flush
                env: c3
                expect: {lost: expected, duplicates: 0, outOfOrder: 0}
                """ + FAULT, shared.resolve("state"), true);

        assertThat(done.summary().at("/orders/lost/count").asLong()).as(done.output()).isPositive();
        assertThat(done.summary().at("/orders/lost/bad/count").asLong()).as(done.output()).isZero();
        assertThat(done.summary().toString()).as(done.output())
                .contains("lost to power loss: " + done.summary().at("/orders/lost/count").asLong() + " acknowledged orders");
    }

    @Test
    @Order(2)
    @Timeout(600)
    void withAFlushAfterEveryMessageTheSamePowerLossLosesNothing() {
        PlantedRun done = PlantedRun.run(dir, """
                name: it-power-loss-flush-every-message
                env: c3-flush-every-message
                expect: {lost: 0, duplicates: 0, outOfOrder: 0}
                """ + FAULT, shared.resolve("state"), true);

        assertThat(done.summary().get("verdict").asText()).as(done.output()).isEqualTo("PASS");
        assertThat(done.summary().at("/orders/lost/count").asLong()).as(done.output()).isZero();
    }
}
