package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** What the run's last drain allows past a committed offset before it calls the app caught up. */
class AppSpecTest {

    @Test
    void underExactlyOnceAPartitionMayEndWithTheMarkerOfAnUpstreamTransaction() {
        // given an app under exactly-once, whose upstream tasks end every transaction with a marker
        AppSpec app = new AppSpec(1, "exactly_once_v2", Map.of());

        // then one record past the committed offset still counts as caught up
        assertThat(app.recordsPastCommitWhenCaughtUp()).isEqualTo(1);
    }

    @Test
    void underAtLeastOnceEveryRecordPastTheCommittedOffsetIsOneNotYetProcessed() {
        // given an app under at_least_once: nothing writes markers, so an unread record is all that can be there
        AppSpec app = new AppSpec(1, "at_least_once", Map.of());

        // then nothing past the committed offset counts as caught up
        assertThat(app.recordsPastCommitWhenCaughtUp()).isZero();
    }
}
