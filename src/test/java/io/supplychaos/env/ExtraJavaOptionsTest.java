package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ExtraJavaOptionsTest {

    @Test
    void shouldRunTheToolsJvmsOnTheSerialCollectorBeforeTheUsersOptions() {
        // given options that choose no collector
        List<String> user = List.of("-XX:TieredStopAtLevel=1", "-Xmx1g");

        // when the tool builds a broker's or app's options
        List<String> options = ExtraJavaOptions.withDefaultCollector(user);

        // then the serial collector and its heap sizing come first and the user's options after them, where they win
        assertThat(options).containsExactly("-XX:+UseSerialGC", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30",
                "-XX:-ShrinkHeapInSteps", "-XX:TieredStopAtLevel=1", "-Xmx1g");
    }

    @Test
    void shouldLeaveTheCollectorToTheUserWhenTheirOptionsChooseOne() {
        // given options that choose G1 or ZGC: with a second collector the JVM would refuse to start, and
        // the serial collector's heap sizing is not meant for theirs
        for (String collector : List.of("-XX:+UseG1GC", "-XX:+UseZGC", "-XX:+UseParallelGC")) {
            // when the tool builds the options, then they are the user's alone
            assertThat(ExtraJavaOptions.withDefaultCollector(List.of("-Xmx1g", collector)))
                    .containsExactly("-Xmx1g", collector);
        }
    }

    @Test
    void shouldAddTheSerialCollectorWhenTheUserSetsNothing() {
        assertThat(ExtraJavaOptions.withDefaultCollector(List.of())).containsExactly("-XX:+UseSerialGC",
                "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30", "-XX:-ShrinkHeapInSteps");
    }

    @Test
    void shouldLetTheUsersHeapRatiosWinOverTheDefaultSizing() {
        // given a user who keeps more free heap after a collection
        List<String> user = List.of("-XX:MaxHeapFreeRatio=60");

        // when the tool builds the options
        List<String> options = ExtraJavaOptions.withDefaultCollector(user);

        // then theirs comes after the default's, and the JVM takes the last of a repeated option
        assertThat(options.indexOf("-XX:MaxHeapFreeRatio=60")).isGreaterThan(options.indexOf("-XX:MaxHeapFreeRatio=30"));
    }
}
