package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.history.Expectations;

/** When a run may use the env that is already up. */
class ScenarioRunnerTest {

    private static final EnvSpec C3 = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED, Map.of());

    @Test
    void shouldRunOnTheEnvThatIsUpWhenTheScenarioAsksAndDescribesTheSameEnv() {
        assertThatCode(() -> ScenarioRunner.checkReusable(C3, scenario(C3, true))).doesNotThrowAnyException();
    }

    @Test
    void shouldRefuseAnEnvOfTheSameNameStartedWithOtherBrokerSettings() {
        // given c3 up with the defaults, and a scenario whose c3 sets a broker property
        EnvSpec tuned = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED,
                Map.of("all", Map.of("num.io.threads", "8")));

        // then reusing it would measure other brokers under the scenario's name
        assertThatThrownBy(() -> ScenarioRunner.checkReusable(C3, scenario(tuned, true)))
                .hasMessageContaining("field 'env'")
                .hasMessageContaining("the env c3 that is up was started with other settings than this scenario's");
    }

    @Test
    void shouldSuggestReuseEnvWhenTheSameEnvIsUp() {
        assertThatThrownBy(() -> ScenarioRunner.checkReusable(C3, scenario(C3, false)))
                .hasMessageContaining("or set reuseEnv: true to run on it");
    }

    @Test
    void shouldRefuseAnotherEnvEvenWithReuseEnv() {
        EnvSpec c1 = new EnvSpec("c1", 1, 1, 1, 1, Partitioning.ROUND_ROBIN, Network.PROXIED, Map.of());

        assertThatThrownBy(() -> ScenarioRunner.checkReusable(c1, scenario(C3, true)))
                .hasMessageContaining("no environment running (c1 is up: `./chaos down` first)");
    }


    private static Scenario scenario(EnvSpec env, boolean reuseEnv) {
        return new Scenario("s", "scenarios/s.yaml", env, new AppSpec(1, "exactly_once_v2", Map.of()), Map.of(),
                new WorkloadSpec(List.of(), 10, 0, 0, 1, null), List.of(), Expectations.strict(), Duration.ofSeconds(60),
                Duration.ofSeconds(60), 1, List.of(), reuseEnv, false);
    }
}
