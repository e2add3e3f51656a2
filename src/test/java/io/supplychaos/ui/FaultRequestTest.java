package io.supplychaos.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;

/** A button's request becomes the spec the CLI verb builds; journal lines become fault bars as a run's timeline pairs them. */
class FaultRequestTest {

    @Test
    void shouldBuildTheSpecsTheCliVerbsBuild() {
        assertThat(new FaultRequest("kill-broker", 2, null, null, null).spec())
                .isEqualTo(new FaultSpec(FaultType.KILL_BROKER, FaultTarget.broker(2), Map.of(), null, null));
        assertThat(new FaultRequest("pause-broker", null, "order-placed:3", null, null).spec().target())
                .isEqualTo(FaultTarget.leaderOf("order-placed", 3));
        assertThat(new FaultRequest("start-broker", null, null, null, null).spec().target()).isEqualTo(FaultTarget.killed());
        assertThat(new FaultRequest("delay", null, null, 300L, "both").spec())
                .isEqualTo(new FaultSpec(FaultType.DELAY, FaultTarget.all(), Map.of("ms", "300", "link", "both"), null, null));
        assertThat(new FaultRequest("heal", null, null, null, null).spec().type()).isEqualTo(FaultType.HEAL);
    }

    @Test
    void shouldBuildTheProtocolFaultsSpecsAsTheirVerbsDo() {
        // given the page's protocol row: an API, an error or a delay, a share, one broker or all
        FaultRequest error = new FaultRequest("protocol-error", null, null, null, null, "txn-offset-commit",
                "ILLEGAL_GENERATION", 0.3, null);
        FaultRequest delay = new FaultRequest("protocol-delay", 1, null, 300L, null, "fetch", null, null, "upstream");
        FaultRequest drop = new FaultRequest("drop-response", null, null, null, null, null, null, 0.2, null);

        // then each is the spec `protocol-error --api txn-offset-commit --error ILLEGAL_GENERATION --share 0.3` ... builds
        assertThat(error.spec()).isEqualTo(new FaultSpec(FaultType.PROTOCOL_ERROR, FaultTarget.all(),
                Map.of("api", "txn-offset-commit", "error", "ILLEGAL_GENERATION", "share", "0.3"), null, null));
        assertThat(delay.spec()).isEqualTo(new FaultSpec(FaultType.PROTOCOL_DELAY, FaultTarget.broker(1),
                Map.of("api", "fetch", "ms", "300", "stream", "upstream"), null, null));
        assertThat(drop.spec()).isEqualTo(new FaultSpec(FaultType.DROP_RESPONSE, FaultTarget.all(),
                Map.of("share", "0.2"), null, null));
    }

    @Test
    void shouldRefuseAProtocolFaultWithTheVerbsOwnWords() {
        assertThatThrownBy(() -> new FaultRequest("protocol-error", null, null, null, null, "offset-commit", null, null, null)
                .spec()).hasMessageContaining("error");
        assertThatThrownBy(() -> new FaultRequest("protocol-error", null, null, null, null, "offset-commit", "NO_SUCH_CODE",
                null, null).spec()).hasMessageContaining("NO_SUCH_CODE");
        assertThatThrownBy(() -> new FaultRequest("drop-response", null, null, null, null, null, null, 1.5, null).spec())
                .hasMessageContaining("share");
        assertThatThrownBy(() -> new FaultRequest("protocol-delay", null, "order-placed:0", 100L, null, "fetch", null, null,
                null).spec()).hasMessageContaining("broker, not leader");
    }

    @Test
    void shouldRefuseRequestsTheVerbsWouldRefuse() {
        assertThatThrownBy(() -> new FaultRequest("kill-broker", null, null, null, null).spec()).hasMessageContaining("needs a broker");
        assertThatThrownBy(() -> new FaultRequest("kill-broker", 1, "order-placed:0", null, null).spec()).hasMessageContaining("not both");
        assertThatThrownBy(() -> new FaultRequest("kill-broker", null, "order-placed", null, null).spec()).hasMessageContaining("TOPIC:PARTITION");
        assertThatThrownBy(() -> new FaultRequest("kill-app", null, null, null, null).spec()).hasMessageContaining("unknown action");
        assertThatThrownBy(() -> new FaultRequest(null, null, null, null, null).spec()).hasMessageContaining("unknown action");
    }

    @Test
    void shouldEndAKillByTheStartOfTheSameBrokerAndALinkFaultByHeal() {
        List<LiveView.FaultBar> bars = new ArrayList<>();
        LiveView.apply(bars, new FaultEventLog.Entry(1000, "inject", "kill-broker", "leader-of order-placed:0", "SIGKILL broker 2", "ui", 2));
        LiveView.apply(bars, new FaultEventLog.Entry(1500, "inject", "delay", "all", "delay all ms=100", "cli"));
        LiveView.apply(bars, new FaultEventLog.Entry(1800, "inject", "pause-broker", "3", "SIGSTOP broker 3", "cli", 3));
        LiveView.apply(bars, new FaultEventLog.Entry(2000, "inject", "start-broker", "1", "start broker 1", "cli", 1));
        assertThat(bars).allSatisfy(bar -> assertThat(bar.to()).isNull());

        LiveView.apply(bars, new FaultEventLog.Entry(3000, "inject", "start-broker", "killed", "start broker 2", "cli", 2));
        LiveView.apply(bars, new FaultEventLog.Entry(4000, "heal", "heal", "all", "heal", "ui"));

        assertThat(bars).extracting(LiveView.FaultBar::action, LiveView.FaultBar::from, LiveView.FaultBar::to)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("kill-broker", 1000L, 3000L),
                        org.assertj.core.groups.Tuple.tuple("delay", 1500L, 4000L),
                        org.assertj.core.groups.Tuple.tuple("pause-broker", 1800L, 4000L));
    }

    @Test
    void shouldEndAHeldFaultByTheIdItsHealNamesWhenTwoFaultsReadTheSame() {
        // given the same delay injected from two terminals, each held with --for
        List<LiveView.FaultBar> bars = new ArrayList<>();
        LiveView.apply(bars, new FaultEventLog.Entry(1000, "inject", "delay", "all", "delay 100 ms", "cli", null, "a1", null));
        LiveView.apply(bars, new FaultEventLog.Entry(1500, "inject", "delay", "all", "delay 100 ms", "cli", null, "b2", null));

        // when the second one's hold time ends
        LiveView.apply(bars, new FaultEventLog.Entry(2000, "heal", "delay", "all", "delay 100 ms", "cli", null, null, "b2"));

        // then only its bar ends; a heal line of an older version (no id) still ends by its detail
        assertThat(bars).extracting(LiveView.FaultBar::from, LiveView.FaultBar::to)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1000L, null), org.assertj.core.groups.Tuple.tuple(1500L, 2000L));
        LiveView.apply(bars, new FaultEventLog.Entry(2500, "heal", "delay", "all", "delay 100 ms", "cli"));
        assertThat(bars).extracting(LiveView.FaultBar::to).containsExactly(2500L, 2000L);
    }

    @Test
    void shouldTurnARunsActiveFaultsIntoIntervals() {
        List<LiveView.RunPoint> points = List.of(point(1000), point(2000, "cut all"), point(3000, "cut all"), point(4000),
                point(5000, "delay all"));
        assertThat(LiveView.runBars(points)).extracting(LiveView.FaultBar::label, LiveView.FaultBar::from, LiveView.FaultBar::to)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("cut all", 1000L, 3000L),
                        org.assertj.core.groups.Tuple.tuple("delay all", 4000L, null));
    }

    private static LiveView.RunPoint point(long at, String... faults) {
        return new LiveView.RunPoint(at, 10, 5.0, 9.0, 3, List.of(faults), "MEASURE");
    }
}
