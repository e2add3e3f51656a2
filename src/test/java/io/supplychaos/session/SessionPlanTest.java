package io.supplychaos.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.AppHeap;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.session.SessionPlan.Reuse;

/** When an env already up may host a session, in the one wording run and verify share; which sessions host each other. */
class SessionPlanTest {

    private static final EnvSpec C3 = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED, Map.of());
    private static final EnvSpec C1 = new EnvSpec("c1", 1, 1, 1, 1, Partitioning.ROUND_ROBIN, Network.PROXIED, Map.of());
    private static final ChaosPaths PATHS = new ChaosPaths(Path.of("."), Path.of(".chaos"));

    @Test
    void shouldUseTheEnvThatIsUpWhenItIsTheOneAskedForAndMayBeUsed() {
        assertThat(SessionPlan.refusal(C3, C3, Reuse.KEEP)).isEmpty();
        assertThat(SessionPlan.refusal(C3, C3, Reuse.IF_RUNNING)).isEmpty();
    }

    @Test
    void shouldRefuseAnEnvOfTheSameNameStartedWithOtherBrokerSettings() {
        // given c3 up with the defaults, and a c3 that sets a broker property
        EnvSpec tuned = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED,
                Map.of("all", Map.of("num.io.threads", "8")));

        // then using it would measure other brokers under the same name
        assertThat(SessionPlan.refusal(C3, tuned, Reuse.KEEP))
                .hasValue("the env c3 that is up was started with other settings: `./chaos down` first");
    }

    @Test
    void shouldSuggestReuseEnvWhenTheSameEnvIsUpAndTheRunNeedsItsOwn() {
        assertThat(SessionPlan.refusal(C3, C3, Reuse.NONE))
                .hasValue("no environment running (c3 is up: `./chaos down` first, or set reuseEnv: true to run on it)");
    }

    @Test
    void shouldRefuseAnotherEnvWhateverTheReuse() {
        for (Reuse reuse : Reuse.values()) {
            assertThat(SessionPlan.refusal(C1, C3, reuse)).as(reuse.name())
                    .hasValue("no environment running (c1 is up: `./chaos down` first)");
        }
    }

    @Test
    void shouldHostAPlanWithTheSameEnvReuseAndAppWhateverTheAppsReadyNote() {
        // given the same app started for two points of a sweep, one with its tuning chosen from the rate
        SessionPlan first = plan(C3, Reuse.NONE, 1, Map.of("supply.tuning", "latency"), "chosen from the offered rate");
        SessionPlan next = plan(C3, Reuse.NONE, 1, Map.of("supply.tuning", "latency"), "as the scenario says");

        assertThat(first.hosts(next)).isTrue();
    }

    @Test
    void shouldNotHostAPlanWithAnotherEnvReuseInstancesOrAppProperty() {
        SessionPlan first = plan(C3, Reuse.NONE, 1, Map.of("supply.tuning", "latency"), "");

        assertThat(first.hosts(plan(C1, Reuse.NONE, 1, Map.of("supply.tuning", "latency"), ""))).isFalse();
        assertThat(first.hosts(plan(C3, Reuse.KEEP, 1, Map.of("supply.tuning", "latency"), ""))).isFalse();
        assertThat(first.hosts(plan(C3, Reuse.NONE, 2, Map.of("supply.tuning", "latency"), ""))).isFalse();
        assertThat(first.hosts(plan(C3, Reuse.NONE, 1, Map.of("supply.tuning", "throughput"), ""))).isFalse();
    }

    private static SessionPlan plan(EnvSpec env, Reuse reuse, int instances, Map<String, String> properties, String note) {
        return new SessionPlan(env, "env/" + env.name() + ".yaml", reuse, new SupplyChainApps(PATHS, instances, properties, AppHeap.DEFAULT, note));
    }
}
