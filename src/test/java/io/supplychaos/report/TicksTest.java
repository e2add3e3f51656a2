package io.supplychaos.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TicksTest {

    @Test
    void shouldCoverTheRangeWithRoundSteps() {
        assertThat(Ticks.nice(0, 97, 5)).containsExactly(0.0, 20.0, 40.0, 60.0, 80.0, 100.0);
    }

    @Test
    void shouldWidenARangeOfOneValueInsteadOfDividingByZero() {
        assertThat(Ticks.nice(5, 5, 5)).hasSizeGreaterThan(1).allMatch(Double::isFinite);
        assertThat(Ticks.nice(0, 0, 5)).hasSizeGreaterThan(1).allMatch(Double::isFinite);
    }

    @Test
    void shouldLabelWithTheDecimalsTheStepNeedsAndSuffixesForLargeValues() {
        assertThat(Ticks.label(0.30000000000000004, 0.1)).isEqualTo("0.3");
        assertThat(Ticks.label(40, 20)).isEqualTo("40");
        assertThat(Ticks.label(12_000, 2_000)).isEqualTo("12k");
        assertThat(Ticks.label(1_500_000, 500_000)).isEqualTo("1.5M");
        assertThat(Ticks.label(0, 5_000)).isEqualTo("0");
    }

    @Test
    void shouldUseOneSuffixAlongAnAxis() {
        assertThat(Ticks.label(5_000, 5_000)).isEqualTo("5k");
        assertThat(Ticks.label(50_000, 5_000)).isEqualTo("50k");
        assertThat(Ticks.label(500, 100)).isEqualTo("500");
    }
}
