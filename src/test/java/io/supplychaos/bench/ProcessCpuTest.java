package io.supplychaos.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** CPU time from two /proc/pid/stat samples. */
class ProcessCpuTest {

    // fields 14 and 15 (utime, stime) are 1500 and 250 ticks; the command name holds a space and a ')'
    private static final String BEFORE = "4242 (java main) x) S 1 4242 4242 0 -1 4194560 1000 0 0 0 1500 250 0 0 20 0 "
            + "40 0 123456 4000000000 90000 18446744073709551615 0 0 0 0 0 0 0 4096 0 0 0 17 1 0 0 0 0 0";
    private static final String AFTER = BEFORE.replace(" 1500 250 ", " 4500 750 ");

    @Test
    void shouldReadUserAndSystemTicksPastAParenthesisedCommandName() {
        assertThat(ProcessCpu.parse(4242, BEFORE).ticks()).isEqualTo(1750);
    }

    @Test
    void shouldGiveCpuSecondsPerThousandOrdersBetweenTwoSamples() {
        // given 3,500 ticks (35 s at 100 ticks/s) between the samples, over 20,000 orders
        ProcessCpu before = ProcessCpu.parse(4242, BEFORE);
        ProcessCpu after = ProcessCpu.parse(4242, AFTER);

        // then 1.75 CPU seconds per 1,000 orders
        assertThat(after.secondsSince(before)).isCloseTo(35.0, within(1e-9));
        assertThat(ProcessCpu.secondsPerThousandOrders(before, after, 20_000)).isCloseTo(1.75, within(1e-9));
    }

    @Test
    void shouldRefuseSamplesOfTwoProcesses() {
        assertThatThrownBy(() -> ProcessCpu.parse(1, AFTER).secondsSince(ProcessCpu.parse(2, BEFORE)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
