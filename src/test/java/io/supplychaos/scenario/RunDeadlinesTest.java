package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.EnvKind;
import io.supplychaos.time.Timeouts;

/** The heal phase gives a repair made by someone else's command that command's whole budget. */
class RunDeadlinesTest {

    @Test
    void shouldWaitABrokerCommandsBudgetWhenAnExternalHookHealsTheKill() {
        assertThat(RunDeadlines.heal(EnvKind.EXTERNAL)).isEqualTo(Timeouts.BROKER_COMMAND)
                .isGreaterThan(Timeouts.RUN_HEAL);
        assertThat(RunDeadlines.heal(EnvKind.COMPOSE)).isEqualTo(Timeouts.DOCKER_COMMAND);
    }

    @Test
    void shouldKeepTheShortHealWhereTheToolStartsTheBrokersItself() {
        assertThat(RunDeadlines.heal(EnvKind.EMBEDDED)).isEqualTo(Timeouts.RUN_HEAL);
        assertThat(RunDeadlines.heal(EnvKind.KUBERNETES)).isEqualTo(Timeouts.RUN_HEAL);
    }
}
