package io.supplychaos.provenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;

import io.supplychaos.result.Provenance;

class MachineCalibrationTest {

    @Test
    void shouldTimeOnlyTheMeasuredRoundsAndReportTheMedianRoundsRateWithTheSlowestAndFastest() {
        // given a clock under which timed round i (0..8) takes (i + 1) x 10 ms
        AtomicInteger reads = new AtomicInteger();
        long[] now = {0};
        LongSupplier clock = () -> {
            int read = reads.getAndIncrement();
            if (read % 2 == 1) {
                now[0] += (read / 2 + 1) * 10_000_000L; // the round's end
            }
            return now[0];
        };

        // when
        Provenance.Calibration calibration = MachineCalibration.take(4096, clock);

        // then the unmeasured rounds never read the clock, and the figure is the 5th round's (50 ms: 20/s)
        assertThat(reads.get()).isEqualTo(2 * MachineCalibration.ROUNDS);
        assertThat(calibration.rounds()).isEqualTo(9);
        assertThat(calibration.perSecond()).isCloseTo(20.0, within(1e-9));
        assertThat(calibration.slowest()).isCloseTo(1000.0 / 90, within(1e-9));
        assertThat(calibration.fastest()).isCloseTo(100.0, within(1e-9));
        assertThat(calibration.method()).startsWith(MachineCalibration.METHOD).endsWith("with 4096 longs");
    }

    @Test
    void shouldCalibrateThisMachineWithTheFixedWorkloadInAFewSeconds() {
        long start = System.nanoTime();

        Provenance.Calibration calibration = MachineCalibration.take();

        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(calibration.method()).isEqualTo(MachineCalibration.METHOD);
        assertThat(calibration.perSecond()).isPositive().isBetween(calibration.slowest(), calibration.fastest());
        assertThat(seconds).as("a calibration is cheap").isLessThan(10);
    }
}
