package io.supplychaos.metrics;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.supplychaos.env.KafkaAccess;

import static org.assertj.core.api.Assertions.assertThat;

class ConsumerLagTest {

    @Test
    void shouldNameEverySubtopologyByTheTopicsItReadsWithInternalTopicsUnderTheirFullName() {
        Map<Integer, List<String>> sources = ConsumerLag.subtopologies("supply-app");

        assertThat(sources).hasSize(3);
        assertThat(sources.get(0)).containsExactly("drug-manufactured", "order-confirmation", "order-placed");
        assertThat(sources.get(1)).containsExactly("supply-app-stock-commands-by-drug-repartition");
        assertThat(sources.get(2)).containsExactly("notifications");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void givenAClusterThatDoesNotAnswer_whenSampled_thenTheSampleIsEmptyWithinItsBudgetAndNothingIsCurrent() {
        try (ConsumerLag lag = new ConsumerLag(KafkaAccess.plaintext("127.0.0.1:1"), "supply-app",
                Map.of(0, List.of("order-placed")))) {

            assertThat(lag.sample()).isEmpty();
            assertThat(lag.latest()).isEmpty();
        }
    }
}
