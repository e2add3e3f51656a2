package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlatformTest {

    @Test
    void givenMacOs_whenChecked_thenTheMessageNamesSetsidAndProcAndWhatStillWorks() {
        assertThat(Platform.missing("Mac OS X", false, false)).hasValueSatisfying(message -> assertThat(message)
                .contains("macOS lacks setsid (util-linux)", "/proc", "Run it on Linux", "report, check"));
    }

    @Test
    void givenLinuxWithoutUtilLinux_whenChecked_thenOnlySetsidIsNamed() {
        assertThat(Platform.missing("Linux", false, true)).hasValueSatisfying(message ->
                assertThat(message).contains("setsid").doesNotContain("/proc to read"));
    }

    @Test
    void givenLinuxWithSetsidAndProc_whenChecked_thenNothingIsMissing() {
        assertThat(Platform.missing("Linux", true, true)).isEmpty();
        // this machine runs the ITs: it must pass its own check
        assertThat(Platform.missing()).isEmpty();
    }
}
