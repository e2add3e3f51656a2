package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checker's proof that a run on a cluster lost for good ends, in bounded time, with the orders
 * the dead broker holds counted: C1 (RF 1) on an env of its own, its only broker killed and never
 * started again. One of the planted-defect cases; the others share a C2 in {@link PlantedDefectsIT}.
 */
class PlantedDefectsC1IT {

    @TempDir
    Path dir;

    @Test
    @Timeout(360)
    void shouldFailInBoundedTimeWhenTheOnlyBrokerIsKilledForGood() {
        // its own env: C1, RF 1, the only broker killed and never started again
        Path ownState = dir.resolve("c1-state");
        long began = System.currentTimeMillis();
        PlantedRun done = PlantedRun.run(dir, """
                name: it-c1-killed-for-good
                env: c1
                producer: {acks: "1"}
                workload: {warmup: [100], orders: 4000, ratePerSecond: 100}
                faults:
                  - {at: 5s, action: kill-broker, target: 1}
                stallTimeout: 10s
                drainTimeout: 10s
                """, ownState, true);

        // the dead broker's log cannot be read back: what it holds is unknown (unseen), never called lost
        assertThat(done.exit()).as(done.output()).isEqualTo(1);
        assertThat(done.summary().get("verdict").asText()).isEqualTo("FAIL");
        assertThat(done.summary().at("/orders/unseen/count").asLong()).as("acknowledged orders the dead broker holds")
                .isPositive();
        assertThat(done.summary().at("/orders/lost/count").asLong()).as(done.output()).isZero();
        assertThat(done.summary().get("violations").toString()).contains("unseen ")
                .contains("the cluster was unavailable");
        assertThat(System.currentTimeMillis() - began).as("ends within 3 minutes of the fault, plus start-up")
                .isLessThan(Duration.ofMinutes(5).toMillis());
    }
}
