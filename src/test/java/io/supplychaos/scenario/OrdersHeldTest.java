package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.AppHeap;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.history.Expectations;

/**
 * The orders an app instance holds at most: what the run sends, or what the app finishes within one
 * retention when it sends more (its rate's worth, the app's ceiling as fast as possible), spread over
 * the instances; a retention in app.config counts. The bench's pipeline runs (rounds until the JIT
 * is quiet, then 30,000 orders) and a paper-rate run keep the floor's heap; an ingest soak as fast as
 * possible gets more.
 */
class OrdersHeldTest {

    private static final EnvSpec C3 = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED, Map.of());

    @Test
    void shouldHoldWhatARunSendsWhenItAllFitsInOneRetention() {
        // given: 2,000 warm-up orders and 100,000 measured at 345/s, within ten minutes' 207,000
        Scenario run = scenario(1, Map.of(), new WorkloadSpec(Warmup.orders(List.of(2_000L)), 100_000, 0, 345, 1, null));

        // then
        assertThat(OrdersHeld.perInstance(run)).isEqualTo(102_000);
        assertThat(OrdersHeld.heap(run)).isEqualTo(AppHeap.DEFAULT);
    }

    @Test
    void shouldHoldOneRetentionAtTheRateOfALongerRunSpreadOverTheInstances() {
        // given: 2,000/s for an hour, retention 5 minutes, 2 instances
        Scenario run = scenario(2, Map.of("supply.order-retention", "5m"),
                new WorkloadSpec(Warmup.orders(List.of()), 0, 3_600, 2_000, 1, null));

        // then: 600,000 orders of one retention, 300,000 each
        assertThat(OrdersHeld.perInstance(run)).isEqualTo(300_000);
        assertThat(OrdersHeld.heap(run)).isEqualTo(AppHeap.DEFAULT);
    }

    @Test
    void shouldGiveASoakAsFastAsPossibleTheHeapOfWhatTheAppFinishesInOneRetention() {
        // given: three producers as fast as they go for 60 s (an ingest seed), the default retention
        Scenario soak = scenario(1, Map.of(), new WorkloadSpec(Warmup.orders(List.of(5_000L)), 0, 60, 0, 3, null));

        // then: 1.5 million sent at the load generator's ceiling, all finished within ten minutes
        assertThat(OrdersHeld.perInstance(soak)).isEqualTo(1_505_000);
        assertThat(OrdersHeld.heap(soak).megabytes()).isGreaterThan(AppHeap.DEFAULT.megabytes());

        // and the same soak for ten minutes holds what the app finishes in one retention
        Scenario tenMinutes = scenario(1, Map.of(), new WorkloadSpec(Warmup.orders(List.of()), 0, 600, 0, 3, null));
        assertThat(OrdersHeld.perInstance(tenMinutes)).isEqualTo(3_000_000);
    }

    @Test
    void shouldKeepTheFloorForTheBenchsPipelineRuns() {
        // given: rounds of 10,000 until the JIT is quiet (at most 4 minutes), then 30,000, as fast as possible
        Scenario bench = scenario(1, Map.of(),
                new WorkloadSpec(new Warmup.UntilJitQuiet(10_000, Duration.ofMinutes(4)), 30_000, 0, 0, 1, null));

        // then: at most 35 rounds (2 s at the app's ceiling and 5 s of drain each) and the 30,000
        assertThat(OrdersHeld.perInstance(bench)).isEqualTo(380_000);
        assertThat(OrdersHeld.heap(bench)).isEqualTo(AppHeap.DEFAULT);
    }

    @Test
    void shouldReadTheRetentionInAnyFormTheAppTakes() {
        assertThat(OrdersHeld.retention(scenario(1, Map.of("supply.order-retention", "90s"), load()))).hasSeconds(90);
        assertThat(OrdersHeld.retention(scenario(1, Map.of("supply.order-retention", "PT2M"), load()))).hasMinutes(2);
        assertThat(OrdersHeld.retention(scenario(1, Map.of(), load()))).hasMinutes(10);
    }

    private static WorkloadSpec load() {
        return new WorkloadSpec(Warmup.orders(List.of()), 10, 0, 0, 1, null);
    }

    private static Scenario scenario(int instances, Map<String, String> config, WorkloadSpec workload) {
        return new Scenario("s", "scenarios/s.yaml", C3, new AppSpec(instances, "exactly_once_v2", config), Map.of(),
                workload, List.of(), Expectations.strict(), Duration.ofSeconds(60), Duration.ofSeconds(60), 1, List.of(),
                false, false);
    }
}
