package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The resident memory a bench reports, and the file-backed part of it, from /proc/PID/status. */
class HostMetricsTest {

    @Test
    void givenAStatusFileWhenReadThenTheFileBackedPartIsRssFile() {
        List<String> status = List.of("Name:\tjava", "VmRSS:\t  230912 kB", "RssAnon:\t  148224 kB",
                "RssFile:\t   82432 kB", "RssShmem:\t     256 kB");

        assertThat(HostMetrics.fileKilobytes(status)).isEqualTo(82_432);
    }

    @Test
    void givenThisJvmWhenMeasuredThenItsFileBackedMemoryIsPartOfItsResidentMemory() {
        long self = ProcessHandle.current().pid();

        double resident = HostMetrics.residentMb(self);
        double file = HostMetrics.residentFileMb(self);

        // a JVM maps its own libraries and the jars on its class path: some of what is resident is file-backed
        assertThat(file).isPositive().isLessThan(resident);
    }

    @Test
    void givenAProcessThatIsGoneWhenMeasuredThenNothingIsResident() {
        assertThat(HostMetrics.residentFileMb(Long.MAX_VALUE)).isZero();
        assertThat(HostMetrics.residentMb(Long.MAX_VALUE)).isZero();
    }
}
