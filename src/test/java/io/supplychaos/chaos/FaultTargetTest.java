package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FaultTargetTest {

    @Test
    void parsesEveryForm() {
        assertThat(FaultTarget.parse("2")).contains(FaultTarget.broker(2));
        assertThat(FaultTarget.parse("all")).contains(FaultTarget.all());
        assertThat(FaultTarget.parse("random")).contains(FaultTarget.random(null));
        assertThat(FaultTarget.parse("random:42")).contains(FaultTarget.random(42L));
        assertThat(FaultTarget.parse("leader-of order-placed:3")).contains(FaultTarget.leaderOf("order-placed", 3));
        assertThat(FaultTarget.parse("controller")).contains(FaultTarget.controller());
        assertThat(FaultTarget.parse("killed")).contains(FaultTarget.killed());
        assertThat(FaultTarget.parse("app:1")).contains(FaultTarget.app(1));
    }

    @Test
    void rejectsWhatIsNoTarget() {
        assertThat(FaultTarget.parse("leader-of order-placed")).isEmpty();
        assertThat(FaultTarget.parse("random:x")).isEmpty();
        assertThat(FaultTarget.parse("broker-2")).isEmpty();
        assertThat(FaultTarget.parse("app:")).isEmpty();
    }

    @Test
    void printsAsParsed() {
        for (String text : new String[] {"2", "all", "random", "random:7", "leader-of t:0", "controller", "killed", "app:3"}) {
            assertThat(FaultTarget.parse(text).orElseThrow()).hasToString(text);
        }
    }
}
