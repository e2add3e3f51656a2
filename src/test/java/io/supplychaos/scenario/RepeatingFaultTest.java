package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;

/** A repeating fault expands deterministically into concrete faults within its bounds. */
class RepeatingFaultTest {

    private static final List<FaultTarget> APPS = List.of(FaultTarget.app(1), FaultTarget.app(2), FaultTarget.app(3));

    private static RepeatingFault killAppEvery(Duration every, Duration hold, long seed, int maxDown, Duration until, Integer count) {
        return new RepeatingFault(FaultType.KILL_APP, Map.of(), Duration.ofSeconds(10), every, hold, seed, maxDown, until, count);
    }

    @Test
    void theSameSeedGivesTheSameScheduleAndAnotherSeedAnother() {
        RepeatingFault fault = killAppEvery(Duration.ofSeconds(5), Duration.ofSeconds(2), 42, 1, Duration.ofSeconds(200), null);

        List<FaultSpec> first = fault.expand(APPS);

        assertThat(fault.expand(APPS)).isEqualTo(first);
        assertThat(killAppEvery(Duration.ofSeconds(5), Duration.ofSeconds(2), 43, 1, Duration.ofSeconds(200), null).expand(APPS)
                .stream().map(FaultSpec::target).toList()).isNotEqualTo(first.stream().map(FaultSpec::target).toList());
    }

    @Test
    void faultsStartEveryPeriodFromTheStartUntilTheEndExclusive() {
        List<FaultSpec> faults = killAppEvery(Duration.ofSeconds(30), Duration.ofSeconds(10), 1, 1, Duration.ofSeconds(100), null)
                .expand(APPS);

        assertThat(faults).extracting(FaultSpec::start)
                .containsExactly(Duration.ofSeconds(10), Duration.ofSeconds(40), Duration.ofSeconds(70));
        assertThat(faults).allSatisfy(f -> {
            assertThat(f.type()).isEqualTo(FaultType.KILL_APP);
            assertThat(f.duration()).isEqualTo(Duration.ofSeconds(10));
        });
    }

    @Test
    void aCountBoundsTheFaults() {
        assertThat(killAppEvery(Duration.ofSeconds(5), Duration.ofSeconds(1), 1, 1, null, 4).expand(APPS)).hasSize(4);
    }

    @Test
    void neverMoreThanMaxDownTargetsAreInTheFaultAtOnce() {
        // a fault every 5 s lasting 12 s would overlap three deep; maxDown 2 caps it
        List<FaultSpec> faults = killAppEvery(Duration.ofSeconds(5), Duration.ofSeconds(12), 7, 2, Duration.ofSeconds(300), null)
                .expand(APPS);

        for (FaultSpec fault : faults) {
            long overlapping = faults.stream().filter(other -> other.start().compareTo(fault.start()) <= 0
                    && other.start().plus(other.duration()).compareTo(fault.start()) > 0).count();
            assertThat(overlapping).as("faults in place at %s", fault.start()).isLessThanOrEqualTo(2);
        }
        assertThat(faults).as("ticks with two down are skipped").hasSizeLessThan(59);
    }

    @Test
    void aTargetIsNeverFaultedAgainWhileItsFaultLasts() {
        List<FaultSpec> faults = killAppEvery(Duration.ofSeconds(5), Duration.ofSeconds(12), 3, 3, Duration.ofSeconds(300), null)
                .expand(APPS);

        for (FaultSpec fault : faults) {
            assertThat(faults.stream().filter(other -> other != fault && other.target().equals(fault.target())
                    && other.start().compareTo(fault.start()) < 0
                    && other.start().plus(other.duration()).compareTo(fault.start()) > 0)).isEmpty();
        }
    }

    @Test
    void onlyEligibleTargetsArePicked() {
        List<FaultTarget> two = List.of(FaultTarget.app(2), FaultTarget.app(3));

        assertThat(killAppEvery(Duration.ofSeconds(5), Duration.ofSeconds(1), 9, 1, Duration.ofSeconds(500), null).expand(two))
                .extracting(FaultSpec::target).containsOnly(FaultTarget.app(2), FaultTarget.app(3))
                .contains(FaultTarget.app(2), FaultTarget.app(3));
    }

    @Test
    void anUnboundedRepetitionIsRefused() {
        assertThatThrownBy(() -> killAppEvery(Duration.ofSeconds(5), Duration.ofSeconds(1), 1, 1, null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("until or count");
    }
}
